import CTrackingSupport

/// Runs `body` now, then again after every transaction that changed a tracked
/// property it read, until the returned token is cancelled or released.
///
/// ```swift
/// let token = observe {
///     print(book.title)      // prints now, and after each change of the title
/// }
/// ```
///
/// - Every run tracks its reads anew, so dependencies can change from run to
///   run (a branch not taken is not a dependency).
/// - A run sees the new values: it happens after the change is stored, when
///   the outermost transaction on the changing thread ends (a single write
///   outside ``withTransaction(_:)`` is a transaction of its own). Observers
///   queued by one transaction run once each, in the order they were created.
/// - A derived value that recomputes to an equal result does not re-run the
///   body (equality cut-off).
/// - An observer started while another observer's body runs is its child:
///   its reads are its own, and it is cancelled when the parent runs again
///   or is cancelled.
/// - Deallocating an object that the body read re-runs the body once.
/// - A body that keeps changing what it reads is stopped after
///   ``TrackingDiagnostics/maximumObserverRounds`` rounds, with a diagnostic
///   naming the property.
///
/// - Parameters:
///   - fileID: Where the observer is created, for diagnostics.
///   - line: Where the observer is created, for diagnostics.
///   - body: Runs now on this thread, later on the thread that made the
///     change, outside every internal lock. It may read, mutate, and start
///     or cancel tracking.
/// - Returns: The token that keeps the observer alive. Releasing it cancels
///   the observer, so keep it (`store(in:)`) as long as you need the updates.
/// - Complexity: a re-run whose reads repeat the previous run's costs, per
///   read, a pointer comparison; no lock and no allocation.
public func observe(
    fileID: StaticString = #fileID,
    line: UInt = #line,
    _ body: @escaping @Sendable () -> Void
) -> TrackingToken {
    let node = ObserverNode(
        mode: .rerun, origin: SourceLocation(fileID: fileID, line: line), callback: body)
    let state = ThreadState.current
    if let scope = tracking_current_scope() {
        let parent = Unmanaged<SubscriberNode>.fromOpaque(scope).takeUnretainedValue()
        if parent.kind == .observer {
            unsafeDowncast(parent, to: ObserverNode.self).adopt(node)
        }
    }
    Scheduler.beginTransaction(state)
    node.run(state)
    Scheduler.endTransaction(state)
    return TrackingToken(node: node)
}
