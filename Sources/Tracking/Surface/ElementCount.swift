import CTrackingSupport

/// The number of elements of a ``TrackedList`` that satisfy a predicate,
/// kept up to date in O(1) per edited element: the seed's `completedCount`
/// without a pass over the list.
///
/// ```swift
/// let completed = todos.counting(where: \.isCompleted)
/// completed.value                           // a tracked read, O(1)
/// todos[id: x]?.isCompleted.toggle()        // completed.value is up to date
/// ```
///
/// It behaves as a ``Derived`` of the list would, without recomputing:
/// - **Equality cut-off**: a reader of ``value`` runs again only when the
///   count changed, not when an element changed in another way; a count
///   changed and changed back within one transaction re-runs nobody.
/// - **Glitch-free**: it changes within the edit that changes it, in the same
///   transaction, so an observer that reads it and the list sees both new.
///
/// The predicate runs on the editing thread, twice per edited element (on
/// the old and the new value) and once per element inserted or removed; it
/// must depend on the element only.
///
/// Thread-safety: as the list's. It holds the list; the list does not hold it.
public final class ElementCount<Element: Identifiable> {
    let list: TrackedList<Element>
    let predicate: (Element) -> Bool
    let node: CountNode

    init(list: TrackedList<Element>, name: String, predicate: @escaping (Element) -> Bool) {
        self.list = list
        self.predicate = predicate
        var count = 0
        for slot in list.order where predicate(list.values[Int(slot)]) { count += 1 }
        node = CountNode(name: name, value: count)
        list.register(self)
    }

    deinit {
        list.unregister(self)
        SourceNode.ownerDied([node])
    }

    /// How many elements satisfy the predicate. A tracked read: the scope
    /// depends on the count alone.
    ///
    /// - Complexity: O(1).
    public var value: Int {
        if let scope = tracking_current_scope() { NodeWord.recordRead(Unmanaged.passUnretained(node), scope) }
        return node.value
    }

    /// How diagnostics name the count.
    public var name: String { node.name }

    private func add(_ delta: Int) {
        node.announceChange { node.value += delta }
    }
}

extension ElementCount: ListAggregate {
    @usableFromInline
    func elementReplaced(old: Element, new: Element, changed: Bool, slot: Int32) {
        let was = predicate(old)
        let now = predicate(new)
        if was != now { add(now ? 1 : -1) }
    }

    @usableFromInline
    func inserted(_ element: Element, slot: Int32) {
        if predicate(element) { add(1) }
    }

    @usableFromInline
    func removed(_ element: Element, slot: Int32) {
        if predicate(element) { add(-1) }
    }

    @usableFromInline
    func reordered() {}
}

extension ElementCount: @unchecked Sendable where Element: Sendable {}

extension TrackedList {
    /// A count of the elements that satisfy `predicate`, kept up to date as
    /// the list is edited.
    ///
    /// Keep it (in the model, next to the list) and read its
    /// ``ElementCount/value``; making one costs a pass over the list.
    ///
    /// - Parameters:
    ///   - name: How diagnostics name it; by default the list's name and
    ///     `.count(where:)`.
    ///   - predicate: Whether an element counts; it must depend on the element
    ///     alone. `\.isCompleted` works.
    /// - Returns: The count.
    /// - Complexity: O(n) to make; O(1) per edited element afterwards.
    public func counting(name: String? = nil, where predicate: @escaping (Element) -> Bool) -> ElementCount<Element> {
        ElementCount(list: self, name: name ?? "\(self.name).count(where:)", predicate: predicate)
    }
}
