import CTrackingSupport
import Foundation

// Edits of the structure: appending, inserting, removing, moving, sorting.
// Each is one change of the structure and of everything, announced in two
// halves around the store; a removed element's node dies as an object's
// property does with its object, so that its readers run once. Aggregates
// hear of each element that comes or goes. All of it is one transaction.

extension TrackedList {
    // MARK: Appending and inserting

    /// Adds `element` at the end.
    ///
    /// - Parameter element: The new element. If an element with its id is in
    ///   the list already, nothing is added and a
    ///   ``TrackingDiagnostic/Kind/duplicateID`` diagnostic is reported.
    /// - Complexity: O(1) amortized.
    public func append(_ element: Element) {
        insert(element, at: order.count)
    }

    /// Adds `elements` at the end, in order, as one change.
    ///
    /// - Parameter elements: The new elements; those whose id is in the list
    ///   already (or earlier in `elements`) are left out, with a diagnostic.
    public func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        let new = acceptNew(elements)
        guard !new.isEmpty else { return }
        inTransaction {
            var slots: [Int32] = []
            changeStructure(count: order.count + new.count) {
                for element in new {
                    let slot = takeSlot(for: element)
                    order.append(slot)
                    indexInsert(element.id, slot: slot)
                    slots.append(slot)
                }
            }
            for (element, slot) in zip(new, slots) {
                identityLog.record(.inserted, element.id)
                for entry in aggregates { entry.aggregate.inserted(element, slot: slot) }
            }
        }
    }

    /// Inserts `element` at `position`.
    ///
    /// - Parameters:
    ///   - element: The new element; refused with a diagnostic if its id is
    ///     in the list already.
    ///   - position: From 0 to ``count``; another stops the program with a
    ///     message naming the list, as an array does.
    /// - Complexity: O(n) (the order moves up), with no copy of an element.
    public func insert(_ element: Element, at position: Int) {
        guard position >= 0, position <= order.count else {
            preconditionFailure("\(name): insertion index \(position) is out of range (the list's count is \(order.count))")
        }
        guard self.slot(of: element.id) == nil else {
            rejectDuplicate(element.id, "was added while one is in the list; it was not added")
            return
        }
        inTransaction {
            var slot: Int32 = 0
            changeStructure(count: order.count + 1) {
                slot = takeSlot(for: element)
                order.insert(slot, at: position)
                indexInsert(element.id, slot: slot)
            }
            identityLog.record(.inserted, element.id)
            for entry in aggregates { entry.aggregate.inserted(element, slot: slot) }
        }
    }

    /// The elements of `elements` whose ids are new, each id once.
    private func acceptNew<S: Sequence>(_ elements: S) -> [Element] where S.Element == Element {
        var seen: Set<Element.ID> = []
        var accepted: [Element] = []
        for element in elements {
            if slot(of: element.id) != nil || !seen.insert(element.id).inserted {
                rejectDuplicate(element.id, "was added while one is in the list; it was not added")
            } else {
                accepted.append(element)
            }
        }
        return accepted
    }

    // MARK: Removing

    /// Removes and returns the element at `position`.
    ///
    /// - Parameter position: A valid position; another stops the program
    ///   with a message naming the list, as an array does.
    /// - Complexity: O(n) (the order moves down), with no copy of an element.
    @discardableResult
    public func remove(at position: Int) -> Element {
        removeElement(inSlot: slot(at: position), position: position)
    }

    /// Removes and returns the element with id `id`, or returns nil if there
    /// is none.
    ///
    /// - Complexity: O(n) comparisons of integers (to find its position), no
    ///   comparison of ids.
    @discardableResult
    public func remove(id: Element.ID) -> Element? {
        guard let slot = self.slot(of: id) else { return nil }
        return removeElement(inSlot: slot)
    }

    /// Removes the elements that satisfy `shouldBeRemoved`, as one change.
    ///
    /// - Complexity: O(n).
    public func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        var removing: [Int32] = []
        for slot in order where try shouldBeRemoved(values[Int(slot)]) { removing.append(slot) }
        removeSlots(removing)
    }

    /// Removes every element, as one change.
    public func removeAll() {
        removeSlots(order)
    }

    /// Replaces every element with `elements`: the elements that go are
    /// removed, the new ones appended, as one change.
    ///
    /// - Parameter elements: The new elements; a repeated id is left out,
    ///   with a diagnostic.
    public func replaceAll<S: Sequence>(with elements: S) where S.Element == Element {
        inTransaction {
            removeSlots(order)
            append(contentsOf: elements)
        }
    }

    /// Removes the element in `slot` and returns it.
    func removeElement(inSlot slot: Int32, filedUnder filedID: Element.ID? = nil, position: Int? = nil) -> Element {
        // The id the index and the readers know the element by: its own,
        // unless an edit has just given it another.
        let id = filedID ?? values[Int(slot)].id
        var removed: Element?
        inTransaction {
            changeStructure(count: order.count - 1) {
                order.remove(at: position ?? self.position(ofSlot: slot))
                // Out of the index while its value is there to hash.
                indexRemove(id, slot: slot)
                removed = (values + Int(slot)).move()
            }
            leave(slot, id: id, value: removed)
        }
        return removed.unsafelyUnwrapped
    }

    /// The position of the element in `slot`, searched from the end (the
    /// last element is found at once).
    func position(ofSlot slot: Int32) -> Int {
        order.lastIndex(of: slot).unsafelyUnwrapped
    }

    /// Removes the element whose slot is already empty (`list[id: x] = nil`);
    /// `value` is its last value, if anyone needed it kept.
    @usableFromInline
    func removeEmptiedSlot(_ slot: Int32, id: Element.ID, value: Element?) {
        inTransaction {
            changeStructure(count: order.count - 1) {
                order.remove(at: self.position(ofSlot: slot))
                indexRemove(id, slot: slot)
            }
            leave(slot, id: id, value: value)
        }
    }

    /// Removes the elements in `slots`, as one change.
    private func removeSlots(_ slots: [Int32]) {
        guard !slots.isEmpty else { return }
        inTransaction {
            var removed: [(id: Element.ID, value: Element)] = []
            removed.reserveCapacity(slots.count)
            changeStructure(count: order.count - slots.count) {
                let leaving = Set(slots)
                order.removeAll { leaving.contains($0) }
                // Out of the index first, while every value is there to hash.
                for slot in slots { indexRemove(values[Int(slot)].id, slot: slot) }
                for slot in slots {
                    let value = (values + Int(slot)).move()
                    removed.append((value.id, value))
                }
            }
            for (slot, element) in zip(slots, removed) { leave(slot, id: element.id, value: element.value) }
        }
    }

    /// The element that was in `slot` has left: its readers hear of it, the
    /// aggregates count it out, the slot is free.
    private func leave(_ slot: Int32, id: Element.ID, value: Element?) {
        endElementNode(slot)
        identityLog.record(.removed, id)
        if let value {
            for entry in aggregates { entry.aggregate.removed(value, slot: slot) }
        }
        freeSlots.append(slot)
    }

    /// The node of the element in `slot`, if any, dies: its readers hear of
    /// it once, and the slot forgets it.
    func endElementNode(_ slot: Int32) {
        guard let node = existingElementNode(slot) else { return }
        _ = tracking_word_compare_exchange(nodeWords + Int(slot), UInt(bitPattern: node.toOpaque()), 0)
        SourceNode.ownerDied(node._withUnsafeGuaranteedRef { $0.takeAllNodes() })
        node.release()
    }

    // MARK: Moving and sorting

    /// Moves the elements at `source` to before the element at
    /// `destination` (both positions as they are before the move), keeping
    /// their order: the form of SwiftUI's `onMove`.
    ///
    /// - Parameters:
    ///   - source: Positions of elements; all must be valid.
    ///   - destination: From 0 to ``count``.
    /// - Complexity: O(n).
    public func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        guard destination >= 0, destination <= order.count,
              source.allSatisfy({ $0 >= 0 && $0 < order.count }) else {
            preconditionFailure("\(name): a move from \(Array(source)) to \(destination) is out of range "
                + "(the list's count is \(order.count))")
        }
        var reordered: [Int32] = []
        reordered.reserveCapacity(order.count)
        for position in 0..<destination where !source.contains(position) { reordered.append(order[position]) }
        for position in source { reordered.append(order[position]) }
        for position in destination..<order.count where !source.contains(position) { reordered.append(order[position]) }
        setOrder(reordered, moved: source.map { order[$0] })
    }

    /// Sorts the elements in place by `areInIncreasingOrder`, as one change.
    public func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        let sorted = try order.sorted { try areInIncreasingOrder(values[Int($0)], values[Int($1)]) }
        setOrder(sorted, moved: sorted)
    }

    /// Makes `newOrder` the order, if it differs; `moved` are the slots
    /// that may have moved.
    private func setOrder(_ newOrder: [Int32], moved: [Int32]) {
        guard newOrder != order else { return }
        inTransaction {
            changeStructure { order = newOrder }
            for slot in moved { identityLog.record(.moved, values[Int(slot)].id) }
            for entry in aggregates { entry.aggregate.reordered() }
        }
    }

    // MARK: Announcing

    /// Runs `body` as one transaction: observers of what it changes run once,
    /// at its end (or at the end of an enclosing one).
    @inline(__always)
    func inTransaction(_ body: () -> Void) {
        let state = beginTransaction()
        body()
        endTransaction(state)
    }

    /// Opens a transaction; returns the thread's state, for
    /// ``endTransaction(_:)``.
    @inline(__always)
    func beginTransaction() -> Unmanaged<ThreadState> {
        let state = Unmanaged<ThreadState>.fromOpaque(ThreadState.currentPointer)
        state._withUnsafeGuaranteedRef { Scheduler.beginTransaction($0) }
        return state
    }

    /// Closes the transaction opened by ``beginTransaction()``: if it was the
    /// outermost, the observers it queued run.
    @inline(__always)
    func endTransaction(_ state: Unmanaged<ThreadState>) {
        state._withUnsafeGuaranteedRef { Scheduler.endTransaction($0) }
    }

    /// Runs `store` as a change of the structure, and so of everything; and
    /// of the count, to `newCount`, if given.
    func changeStructure(count newCount: Int? = nil, _ store: () -> Void) {
        identityLog.bump()
        if let newCount, newCount != countNode.value {
            countNode.announceChange {
                countNode.value = newCount
                announceStructureChange(store)
            }
        } else {
            announceStructureChange(store)
        }
    }

    private func announceStructureChange(_ store: () -> Void) {
        let structure = NodeWord.node(structureWord.load(ordering: .acquiring), as: CollectionPartNode.self)
        let everything = NodeWord.node(everythingWord.load(ordering: .acquiring), as: CollectionPartNode.self)
        let tellsStructure = structure?._withUnsafeGuaranteedRef { $0.needsAnnouncement } == true
        let tellsEverything = everything?._withUnsafeGuaranteedRef { $0.needsAnnouncement } == true
        var state: UnsafeMutableRawPointer?
        if tellsStructure { state = structure.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.willChange() } }
        if tellsEverything { state = everything.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.willChange() } }
        store()
        if let state {
            if tellsEverything { everything.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.didChange(state) } }
            if tellsStructure { structure.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.didChange(state) } }
        }
    }
}
