import CTrackingSupport

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
    @inline(__always)
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

    /// The element in `slot`, mutated in place.
    subscript(slot slot: Int32) -> Element {
        get { values[Int(slot)] }
        _modify {
            let id = values[Int(slot)].id
            if editIsObserved(slot) {
                let old = values[Int(slot)]
                defer { finishEdit(slot, id: id, old: old, new: (values + Int(slot)).move()) }
                yield &values[Int(slot)]
            } else {
                defer {
                    if values[Int(slot)].id != id {
                        finishEdit(slot, id: id, old: nil, new: (values + Int(slot)).move())
                    }
                }
                yield &values[Int(slot)]
            }
        }
    }

    /// The element in `slot` as an optional: assigning nil removes it.
    subscript(optionalSlot slot: Int32) -> Element? {
        get { values[Int(slot)] }
        _modify {
            let id = values[Int(slot)].id
            // Moved out, not copied: an in-place edit of a field that holds
            // storage of its own (an array) does not copy it either.
            var box: Element? = (values + Int(slot)).move()
            let old: Element? = editIsObserved(slot) ? box : nil
            defer {
                if let new = box.take() {
                    finishEdit(slot, id: id, old: old, new: new)
                } else {
                    // Assigned nil: the element is gone. Its old value is
                    // kept when an aggregate must count it out.
                    removeEmptiedSlot(slot, id: id, value: old)
                }
            }
            yield &box
        }
    }

    /// The end of an edit: `slot` holds nothing; `old` is the element before
    /// the edit if the edit is observed, `new` the element after it.
    @inline(__always)
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
    func commitElement(_ slot: Int32, old: Element, new: Element) {
        let changed = equality.map { isEqual in
            withUnsafePointer(to: old) { old in withUnsafePointer(to: new) { !isEqual(old, $0) } }
        } ?? true
        let element = existingElementNode(slot)
        let everything = NodeWord.node(everythingWord.load(ordering: .acquiring), as: CollectionPartNode.self)
        let tellsElement = changed && element?._withUnsafeGuaranteedRef { $0.needsAnnouncement } == true
        let tellsEverything = changed && everything?._withUnsafeGuaranteedRef { $0.needsAnnouncement } == true
        var fields: [SourceNode] = []
        if changed, let element, element._withUnsafeGuaranteedRef({ $0.hasFields }) {
            element._withUnsafeGuaranteedRef { node in
                node.forEachField { field in
                    if field.needsAnnouncement, !field.fieldsAreEqual(old, new) { fields.append(field) }
                }
            }
        }
        if !tellsElement, !tellsEverything, fields.isEmpty, aggregates.isEmpty {
            values[Int(slot)] = new
            return
        }
        inTransaction {
            var state: UnsafeMutableRawPointer?
            if tellsElement { state = element.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.willChange() } }
            for field in fields { state = field.willChange() }
            if tellsEverything { state = everything.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.willChange() } }
            values[Int(slot)] = new
            if let state {
                if tellsEverything { everything.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.didChange(state) } }
                for field in fields.reversed() { field.didChange(state) }
                if tellsElement { element.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.didChange(state) } }
            }
            for entry in aggregates { entry.aggregate.elementReplaced(old: old, new: new, changed: changed, slot: slot) }
        }
    }

    /// An edit gave the element in `slot` (empty now) another id.
    private func changeID(_ slot: Int32, from id: Element.ID, old: Element?, new: Element) {
        let newID = new.id
        (values + Int(slot)).initialize(to: old ?? new)
        // The slot itself may be on the way to the new id: it does not count.
        if let other = self.slot(of: newID), other != slot {
            rejectDuplicate(newID, "was given to the element with id \(id) while another element has it; "
                + "the edited element was removed")
            _ = removeElement(inSlot: slot)
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
