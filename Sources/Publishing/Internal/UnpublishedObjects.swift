/// The `objectWillChange` publishers of objects that have no `@Published`
/// property (where there is no storage to keep one in), such as a `Counter`
/// that calls `objectWillChange.send()` itself.
///
/// Each entry holds the object weakly and its publisher strongly, so the
/// publisher lives exactly as long as the object (plus, at most, until the
/// next sweep). The table is swept of dead objects whenever it has doubled
/// since the last sweep, so it never holds more than about twice the number
/// of live objects that have read `objectWillChange`. A dead entry is also
/// replaced at once when its address is reused by a new object.
///
/// Thread safety: one lock; publishers of swept entries are released after it
/// is dropped, since releasing them can run subscribers' `deinit`s.
final class UnpublishedObjects: @unchecked Sendable {
    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var sweepAt = UnpublishedObjects.minimumSweepCount
    }

    static let minimumSweepCount = 64
    static let shared = UnpublishedObjects()

    private let state = Locked(State())

    /// The publisher of `object`, created on first request.
    func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        let key = ObjectIdentifier(object)
        let (publisher, released) = state.withLock { state -> (ObservableObjectPublisher, [Entry]) in
            if let entry = state.entries[key], entry.object === object {
                return (entry.publisher, [])
            }
            var released: [Entry] = []
            if state.entries.count >= state.sweepAt {
                released = state.entries.values.filter { $0.object == nil }
                state.entries = state.entries.filter { $0.value.object != nil }
                state.sweepAt = max(Self.minimumSweepCount, state.entries.count * 2)
            }
            let publisher = ObservableObjectPublisher()
            if let stale = state.entries.updateValue(Entry(object: object, publisher: publisher), forKey: key) {
                released.append(stale)
            }
            return (publisher, released)
        }
        _ = released  // released here, outside the lock
        return publisher
    }

    /// The number of entries, live or not yet swept (for tests).
    var count: Int { state.withLock { $0.entries.count } }
}
