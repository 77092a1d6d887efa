import CTrackingSupport
import Synchronization

// Editing one element in place: through `list[i]` and `list[id: x]`.
//
// An edit nobody observes (no reader of the element, of its fields or of
// everything, and no aggregate) mutates the slot in place and does nothing
// else. An observed edit keeps a copy of the old element, lets the caller
// mutate the slot, then puts the old element back for the first half of the
// announcement (so that before-change scopes see it), stores the new one and
// announces the second half: to the element's readers if it changed (`==`),
// to the readers of each narrowly read field that changed, to the readers of
// everything, and to the aggregates.

extension TrackedList {
    /// Whether an edit of the element in `slot` has anyone to tell.
    @inlinable @inline(__always)
    func editIsObserved(_ slot: Int32) -> Bool {
        if !aggregates.isEmpty { return true }
        if let node = existingElementNode(slot),
           node._withUnsafeGuaranteedRef({ $0.needsAnnouncement || $0.hasFields }) {
            return true
        }
        if let everything = NodeWord.node(everythingWord.load(ordering: .acquiring), as: CollectionPartNode.self),
           everything._withUnsafeGuaranteedRef({ $0.needsAnnouncement }) {
            return true
        }
        return false
    }

    // The state of an edit in progress lives in the list's scratch record,
    // not in the accessor's frame: a coroutine whose frame outgrows the
    // caller's buffer allocates it on the heap, on every edit. Nothing else
    // can edit the same list during the access (exclusivity), and the end of
    // an edit empties the record before it runs any observer.

    /// Starts an in-place edit of the element in `slot`: notes its id and,
    /// if anyone must hear of the edit, a copy of it.
    @inlinable @inline(__always)
    func beginEdit(_ slot: Int32) {
        scratch.pointee.id = values[Int(slot)].id
        if editIsObserved(slot) { scratch.pointee.old = values[Int(slot)] }
    }

    /// Ends an in-place edit of the element in `slot`, which holds the
    /// element after the edit.
    @inlinable @inline(__always)
    func endEdit(_ slot: Int32) {
        if case .none = scratch.pointee.old, values[Int(slot)].id == scratch.pointee.id.unsafelyUnwrapped {
            // Unobserved, and the id is the same: nothing to do.
            scratch.pointee.id = nil
            return
        }
        endObservedEdit(slot)
    }

    @inlinable @inline(never)
    func endObservedEdit(_ slot: Int32) {
        let id = scratch.pointee.id.take().unsafelyUnwrapped
        let old = scratch.pointee.old.take()
        finishEdit(slot, id: id, old: old, new: (values + Int(slot)).move())
    }

    /// Starts an edit of the element in `slot` as an optional (assigning nil
    /// removes it): moves it into the scratch record's box, which the caller
    /// mutates. Moved, not copied: an in-place edit of a field that holds
    /// storage of its own (an array) does not copy that either.
    @inlinable @inline(__always)
    func beginOptionalEdit(_ slot: Int32) {
        scratch.pointee.id = values[Int(slot)].id
        scratch.pointee.box = (values + Int(slot)).move()
        if editIsObserved(slot) { scratch.pointee.old = scratch.pointee.box }
    }

    /// Ends an edit begun by ``beginOptionalEdit(_:)``.
    @inlinable @inline(__always)
    func endOptionalEdit(_ slot: Int32) {
        if case .none = scratch.pointee.old, let element = scratch.pointee.box,
           element.id == scratch.pointee.id.unsafelyUnwrapped {
            (values + Int(slot)).initialize(to: scratch.pointee.box.take().unsafelyUnwrapped)
            scratch.pointee.id = nil
            return
        }
        endObservedOptionalEdit(slot)
    }

    @inlinable @inline(never)
    func endObservedOptionalEdit(_ slot: Int32) {
        let id = scratch.pointee.id.take().unsafelyUnwrapped
        let old = scratch.pointee.old.take()
        if let new = scratch.pointee.box.take() {
            finishEdit(slot, id: id, old: old, new: new)
        } else {
            // Assigned nil: the element is gone. Its old value is kept when an
            // aggregate must count it out.
            removeEmptiedSlot(slot, id: id, value: old)
        }
    }

    /// Assigns a whole element to `slot`: the old one is at hand, so an
    /// assignment that would repeat another element's id is refused and
    /// loses nothing.
    @inlinable
    func replaceElement(inSlot slot: Int32, with new: Element) {
        let old = (values + Int(slot)).move()
        finishEdit(slot, id: old.id, old: old, new: new)
    }

    /// The end of an edit: `slot` holds nothing; `old` is the element before
    /// the edit if the edit is observed, `new` the element after it.
    @inlinable
    func finishEdit(_ slot: Int32, id: Element.ID, old: Element?, new: Element) {
        if new.id != id {
            changeID(slot, from: id, old: old, new: new)
            return
        }
        guard let old else {
            (values + Int(slot)).initialize(to: new)
            return
        }
        (values + Int(slot)).initialize(to: old)
        commitElement(slot, old: old, new: new)
    }

    /// Stores `new` in `slot`, which holds `old`, and announces the change.
    ///
    /// Called from code specialized for `Element`; it runs unspecialized, so
    /// it takes the two values by address and captures them in no closure
    /// (a closure that captures a value of a generic type boxes it on the
    /// heap).
    @inlinable @inline(__always)
    func commitElement(_ slot: Int32, old: Element, new: Element) {
        withUnsafePointer(to: old) { old in
            withUnsafePointer(to: new) { new in commitElement(slot, old, new) }
        }
    }

    @usableFromInline
    func commitElement(_ slot: Int32, _ old: UnsafePointer<Element>, _ new: UnsafePointer<Element>) {
        var changed = true
        if let isEqual = equality { changed = !isEqual(UnsafeRawPointer(old), UnsafeRawPointer(new)) }
        let element = existingElementNode(slot)
        let everything = NodeWord.node(everythingWord.load(ordering: .acquiring), as: CollectionPartNode.self)
        let tellsElement = changed && element?._withUnsafeGuaranteedRef { $0.needsAnnouncement } == true
        let tellsEverything = changed && everything?._withUnsafeGuaranteedRef { $0.needsAnnouncement } == true
        var fields: [SourceNode] = []
        if changed, let element, element._withUnsafeGuaranteedRef({ $0.hasFields }) {
            element._withUnsafeGuaranteedRef { node in
                node.forEachField { field in
                    if field.needsAnnouncement, !field.fieldsAreEqual(old.pointee, new.pointee) { fields.append(field) }
                }
            }
        }
        if !tellsElement, !tellsEverything, fields.isEmpty, aggregates.isEmpty {
            (values + Int(slot)).update(from: new, count: 1)
            return
        }
        let transaction = beginTransaction()
        var state: UnsafeMutableRawPointer?
        if tellsElement { state = element.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.willChange() } }
        for field in fields { state = field.willChange() }
        if tellsEverything { state = everything.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.willChange() } }
        (values + Int(slot)).update(from: new, count: 1)
        if let state {
            if tellsEverything { everything.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.didChange(state) } }
            for field in fields.reversed() { field.didChange(state) }
            if tellsElement { element.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.didChange(state) } }
        }
        for entry in aggregates {
            entry.aggregate.elementReplaced(old: old.pointee, new: new.pointee, changed: changed, slot: slot)
        }
        endTransaction(transaction)
    }

    /// An edit gave the element in `slot` (empty now) another id.
    @usableFromInline
    func changeID(_ slot: Int32, from id: Element.ID, old: Element?, new: Element) {
        let newID = new.id
        (values + Int(slot)).initialize(to: old ?? new)
        // The slot itself may be on the way to the new id: it does not count.
        if self.slot(of: newID, otherThan: slot) != nil {
            if old != nil {
                // The slot holds the element as it was before the edit.
                rejectDuplicate(newID, "was given to the element with id \(id) while another element has it; "
                    + "the edit was refused")
                return
            }
            // An edit in place that nothing observed kept no copy of the
            // element before it: the element cannot be put back.
            rejectDuplicate(newID, "was given to the element with id \(id) while another element has it; "
                + "the edited element was removed (assign a whole element to have the edit refused)")
            _ = removeElement(inSlot: slot, filedUnder: id)
            return
        }
        inTransaction {
            if let old {
                commitElement(slot, old: old, new: new)
            } else {
                values[Int(slot)] = new
            }
            // Its readers knew it by its old id: to them it is gone.
            endElementNode(slot)
            changeStructure {
                indexRemove(id, slot: slot)
                indexInsert(newID, slot: slot)
            }
            identityLog.record(.removed, id)
            identityLog.record(.inserted, newID)
        }
    }
}
