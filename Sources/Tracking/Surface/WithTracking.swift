import CTrackingSupport

/// When a one-shot ``withTracking(options:_:onChange:)`` fires.
public struct TrackingOptions: Sendable, Hashable {
    let timing: OneShotNode.Timing

    /// Fire before the new value is stored (Apple's `withObservationTracking`
    /// behaviour). `onChange` reading the property sees the old value.
    public static let willSet = TrackingOptions(timing: .beforeChange)

    /// Fire after the new value is stored. `onChange` reading the property
    /// sees the new value.
    public static let didSet = TrackingOptions(timing: .afterChange)
}

/// Runs `apply`, records every tracked property it reads, and calls
/// `onChange` once, at the first change to any of them.
///
/// ```swift
/// let title = withTracking {
///     book.title
/// } onChange: {
///     print("title will change")
/// }
/// ```
///
/// This mirrors Apple's `withObservationTracking` (SE-0395):
/// - `onChange` is called at most once, on the thread that makes the change,
///   before the new value is stored; then every registration is removed.
/// - Nested calls: the outer scope also depends on what the inner one read.
/// - Reading a derived value makes the scope depend on it; a change to any of
///   its dependencies fires `onChange` (there is no equality cut-off before
///   the new value exists).
/// - A change made while `apply` is still running (by `apply` itself, or on
///   another thread) fires `onChange` right after `apply` returns, instead of
///   being lost.
/// - Deallocating an object whose property was read fires `onChange`.
///
/// - Parameters:
///   - options: `.willSet` (default) fires before the value is stored,
///     `.didSet` after.
///   - apply: The code whose reads are tracked. It runs at once, on this thread.
///   - onChange: Called once, outside every internal lock, on the thread that
///     made the change. It may read, mutate and start new tracking. A
///     callback that re-arms tracking and writes fires the next one from
///     inside itself; past 32 nested callbacks the next ones run in turn
///     after the write that fired them, and 100,000 of those in one change stop
///     with a ``TrackingDiagnostic/Kind/oneShotChain`` diagnostic.
/// - Returns: What `apply` returns.
/// - Throws: What `apply` throws; the tracking is then discarded (`onChange`
///   will not be called), but an enclosing scope keeps the reads.
/// - Complexity: O(r) in the number of reads of `apply`.
public func withTracking<T>(
    options: TrackingOptions = .willSet,
    _ apply: () throws -> T,
    onChange: @escaping @Sendable () -> Void
) rethrows -> T {
    let node = OneShotNode(timing: options.timing, onChange: onChange)
    // Brand new: no other thread can reach it before `apply` returns.
    node.flags.insert(.running)
    let previous = ThreadState.withCurrent { node.beginTracking($0) }
    let result: T
    do {
        result = try apply()
    } catch {
        ThreadState.withCurrent { finishApply(node, previous: previous, succeeded: false, $0) }
        throw error
    }
    ThreadState.withCurrent { finishApply(node, previous: previous, succeeded: true, $0) }
    return result
}

private func finishApply(
    _ node: OneShotNode, previous: UnsafeMutableRawPointer?, succeeded: Bool, _ state: ThreadState
) {
    node.endTracking(restoring: previous)
    // The enclosing scope depends on what this one read.
    if let previous {
        let outer = Unmanaged<SubscriberNode>.fromOpaque(previous).takeUnretainedValue()
        var cursor = node.firstDependency
        while let link = cursor {
            _ = outer.track(link.pointee.source.takeUnretainedValue(), state)
            cursor = link.pointee.nextDependency
        }
    }
    if !succeeded || node.firstDependency == nil {
        node.discard(state)
    } else if node.finishApply(state) {
        node.fire(state)
    }
}
