import CTrackingSupport
import Synchronization

// MARK: Recording reads

extension TrackedList {
    /// Records a read of the structure in the current scope, if any.
    @inlinable @inline(__always)
    func recordStructureRead() {
        guard let scope = tracking_current_scope() else { return }
        NodeWord.recordRead(partNode(structureWord, "structure"), scope)
    }

    /// Records a read of everything in the current scope, if any.
    @inlinable @inline(__always)
    func recordEverythingRead() {
        guard let scope = tracking_current_scope() else { return }
        NodeWord.recordRead(partNode(everythingWord, "elements"), scope)
    }

    /// Records a read of the element in `slot` in the current scope, if any.
    @inlinable @inline(__always)
    func recordElementRead(_ slot: Int32) {
        guard let scope = tracking_current_scope() else { return }
        NodeWord.recordRead(elementNode(slot), scope)
    }

    /// The node of the part `part` of the list in `word`, made now if it has none.
    @inlinable @inline(__always)
    func partNode(_ word: borrowing Atomic<UInt>, _ part: StaticString) -> Unmanaged<CollectionPartNode> {
        NodeWord.partNode(word, name: "\(name).\(part)")
    }

    /// The node of the element in `slot`, made now if it has none.
    @inlinable @inline(__always)
    func elementNode(_ slot: Int32) -> Unmanaged<ElementNode<Element>> {
        if let node = existingElementNode(slot) { return node }
        return installElementNode(slot)
    }

    /// The node of the element in `slot`, if one was made.
    @inlinable @inline(__always)
    func existingElementNode(_ slot: Int32) -> Unmanaged<ElementNode<Element>>? {
        NodeWord.node(tracking_word_load(nodeWords + Int(slot)), as: ElementNode<Element>.self)
    }

    @usableFromInline @inline(never)
    func installElementNode(_ slot: Int32) -> Unmanaged<ElementNode<Element>> {
        let node = Unmanaged.passRetained(ElementNode(list: self, slot: slot, id: values[Int(slot)].id))
        let bits = UInt(bitPattern: node.toOpaque())
        if tracking_word_compare_exchange(nodeWords + Int(slot), 0, bits) { return node }
        node.release()
        return existingElementNode(slot).unsafelyUnwrapped
    }
}

// MARK: Reading

extension TrackedList: RandomAccessCollection {
    /// A position in the list: 0 for the first element.
    public typealias Index = Int

    /// Iterates the elements in order. Making one is a read of everything.
    public struct Iterator: IteratorProtocol {
        let list: TrackedList<Element>
        var position = 0

        /// The next element, or nil at the end.
        public mutating func next() -> Element? {
            guard position < list.order.count else { return nil }
            defer { position += 1 }
            return list.values[Int(list.order[position])]
        }
    }

    /// An iterator over the elements; the scope depends on everything.
    public func makeIterator() -> Iterator {
        recordEverythingRead()
        return Iterator(list: self)
    }

    /// 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of elements; a read of the structure.
    @inlinable
    public var endIndex: Int {
        recordStructureRead()
        return order.count
    }

    /// The number of elements; a read of the count alone, whose readers run
    /// only when it changes (not when elements move).
    @inlinable
    public var count: Int {
        if let scope = tracking_current_scope() { NodeWord.recordRead(Unmanaged.passUnretained(countNode), scope) }
        return order.count
    }

    /// Whether the list is empty; a read of the count.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// The element at `position`; the scope depends on the structure and on
    /// that element. Assigning or mutating in place (`list[i].title = …`)
    /// edits that element only.
    ///
    /// - Parameter position: A valid position; an invalid one stops the
    ///   program with a message naming the list, as an array does.
    /// - Complexity: O(1).
    @inlinable
    public subscript(position: Int) -> Element {
        get {
            let slot = slot(at: position)
            recordStructureRead()
            recordElementRead(slot)
            return values[Int(slot)]
        }
        set {
            replaceElement(inSlot: slot(at: position), with: newValue)
        }
        @inline(__always)
        _modify {
            let slot = slot(at: position)
            recordStructureRead()
            recordElementRead(slot)
            beginEdit(slot)
            defer { endEdit(slot) }
            yield &values[Int(slot)]
        }
    }

    /// The elements at `bounds`, read one by one.
    public subscript(bounds: Range<Int>) -> Slice<TrackedList<Element>> {
        Slice(base: self, bounds: bounds)
    }
}

extension TrackedList {
    /// The element with id `id`, or nil; the scope depends on that element
    /// (on the structure, if there is none).
    ///
    /// Mutate it in place with optional chaining: `list[id: x]?.isCompleted.toggle()`
    /// changes that element only and copies nothing but, when someone
    /// observes it, the element. Assigning nil removes the element; assigning
    /// an element where there was none appends it.
    ///
    /// - Parameter id: The element's id.
    /// - Complexity: O(1) on average (a look-up in the index by id); O(n)
    ///   when the assignment removes the element.
    @inlinable
    public subscript(id id: Element.ID) -> Element? {
        get {
            guard let slot = slot(of: id) else {
                recordStructureRead()
                return nil
            }
            recordElementRead(slot)
            return values[Int(slot)]
        }
        set {
            if let slot = slot(of: id) {
                if let newValue { replaceElement(inSlot: slot, with: newValue) } else { remove(id: id) }
            } else if let newValue {
                append(newValue)
            }
        }
        @inline(__always)
        _modify {
            if let slot = slot(of: id) {
                recordElementRead(slot)
                beginOptionalEdit(slot)
                defer { endOptionalEdit(slot) }
                yield &scratch.pointee.box
            } else {
                recordStructureRead()
                defer { if let added = scratch.pointee.box.take() { append(added) } }
                yield &scratch.pointee.box
            }
        }
    }

    /// The field at `keyPath` of the element with id `id`, or nil if there
    /// is none: a narrow read, after which the scope depends on that field
    /// only, not on the element's other fields (and on the element's
    /// removal; on the structure if there is no such element).
    ///
    /// ```swift
    /// Text(todos[id: id, \.title] ?? "")   // not re-run when the item is toggled
    /// ```
    ///
    /// - Parameters:
    ///   - id: The element's id.
    ///   - keyPath: The field; `Equatable`, so that its changes can be told.
    /// - Complexity: O(1) on average, plus O(f) in the number of fields of
    ///   this element read narrowly, at the first narrow read in a run.
    public subscript<Value: Equatable>(id id: Element.ID, keyPath: KeyPath<Element, Value>) -> Value? {
        guard let slot = slot(of: id) else {
            recordStructureRead()
            return nil
        }
        if let scope = tracking_current_scope() {
            let field = elementNode(slot)._withUnsafeGuaranteedRef { $0.fieldNode(keyPath) }
            NodeWord.recordRead(Unmanaged.passUnretained(field), scope)
        }
        return values[Int(slot)][keyPath: keyPath]
    }

    /// The ids of the elements, in order; a read of the structure.
    ///
    /// - Complexity: O(n).
    public var ids: [Element.ID] {
        recordStructureRead()
        return order.map { values[Int($0)].id }
    }

    /// Whether an element has id `id`; a read of the structure.
    public func contains(id: Element.ID) -> Bool {
        recordStructureRead()
        return slot(of: id) != nil
    }

    /// The position of the element with id `id`, or nil; a read of the
    /// structure.
    ///
    /// - Complexity: O(n) comparisons of integers, none of ids.
    public func firstIndex(id: Element.ID) -> Int? {
        recordStructureRead()
        return position(of: id)
    }

    /// The position of the element with `id`, untracked.
    func position(of id: Element.ID) -> Int? {
        guard let slot = slot(of: id) else { return nil }
        return order.firstIndex(of: slot)
    }

    /// The elements as an array; a read of everything. Assigning replaces
    /// them all (readers of the elements that go hear of their removal).
    ///
    /// - Complexity: O(n).
    public var elements: [Element] {
        get {
            recordEverythingRead()
            return order.map { values[Int($0)] }
        }
        set {
            replaceAll(with: newValue)
        }
    }

    // Whole reads, so that the scope takes one dependency instead of one per
    // element (the defaults go through the positional subscript).

    /// The elements that satisfy `isIncluded`, in order; a read of everything.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> [Element] {
        recordEverythingRead()
        var result: [Element] = []
        for slot in order where try isIncluded(values[Int(slot)]) { result.append(values[Int(slot)]) }
        return result
    }

    /// The results of `transform` on each element, in order; a read of
    /// everything.
    public func map<T>(_ transform: (Element) throws -> T) rethrows -> [T] {
        recordEverythingRead()
        var result: [T] = []
        result.reserveCapacity(order.count)
        for slot in order { result.append(try transform(values[Int(slot)])) }
        return result
    }

    /// The position of the first element that satisfies `predicate`; a read
    /// of everything.
    public func firstIndex(where predicate: (Element) throws -> Bool) rethrows -> Int? {
        recordEverythingRead()
        for (position, slot) in order.enumerated() where try predicate(values[Int(slot)]) { return position }
        return nil
    }

    /// Whether an element satisfies `predicate`; a read of everything.
    public func contains(where predicate: (Element) throws -> Bool) rethrows -> Bool {
        try firstIndex(where: predicate) != nil
    }
}
