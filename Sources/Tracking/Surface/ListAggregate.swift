/// Something a ``TrackedList`` keeps up to date as it is edited, element by
/// element: ``ElementCount`` and ``ElementSubset``. The list calls it, on
/// the editing thread, inside the edit's transaction, after the store.
@usableFromInline
protocol ListAggregate<Element>: AnyObject {
    associatedtype Element: Identifiable

    /// The element in `slot` was `old` and is `new`; `changed` says whether
    /// the list counts it as a change (`==`).
    func elementReplaced(old: Element, new: Element, changed: Bool, slot: Int32)

    /// `element` came into the list, in `slot`.
    func inserted(_ element: Element, slot: Int32)

    /// `element` left the list; `slot` is free from now on.
    func removed(_ element: Element, slot: Int32)

    /// The order of the elements changed.
    func reordered()
}

/// An aggregate the list calls, not retained: the aggregate holds the list,
/// and takes itself out of it when it goes.
@usableFromInline
struct AggregateEntry<Element: Identifiable> {
    @usableFromInline
    unowned(unsafe) let aggregate: any ListAggregate<Element>
}

extension TrackedList {
    func register(_ aggregate: any ListAggregate<Element>) {
        aggregates.append(AggregateEntry(aggregate: aggregate))
    }

    func unregister(_ aggregate: any ListAggregate<Element>) {
        aggregates.removeAll { $0.aggregate === aggregate }
    }
}
