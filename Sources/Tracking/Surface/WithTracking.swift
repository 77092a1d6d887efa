import CTrackingSupport

/// Runs `apply`, records every tracked property it reads, and calls
/// `onChange` at the first change to any of them.
///
/// ```swift
/// let title = withTracking {
///     book.title
/// } onChange: {
///     print("title will change")
/// }
/// ```
///
/// This follows Apple's `withObservationTracking` (SE-0395), with SE-0506's
/// options, and differs where noted: deallocations are announced (`.deinit`
/// is in the default options), and a change made while `apply` runs is not
/// lost:
/// - With the default options, `[.willSet, .deinit]`, `onChange` is called
///   once, on the thread that makes the change, before the new value is
///   stored, or when an object whose property was read is deallocated; then
///   every registration is removed.
/// - `.didSet` calls it after the store; `.willSet` and `.didSet` together
///   call it twice for the first change, before and after the store, in that
///   order (if the `.willSet` call writes a property the scope read, the
///   `.didSet` call is that write's, after its store, and the first write's
///   store follows with no call); `.deinit` alone calls it only for a
///   deallocation. See ``TrackingOptions``.
/// - Nested calls: the outer scope also depends on what the inner one read.
/// - Reading a derived value makes the scope depend on it; a change to any of
///   its dependencies fires `onChange` (there is no equality cut-off before
///   the new value exists).
/// - A change made while `apply` is still running (by `apply` itself, or on
///   another thread) fires `onChange` right after `apply` returns, instead of
///   being lost (Apple's misses it). A render function that writes what it
///   reads and tracks itself again from `onChange` therefore loops, and is
///   stopped with a ``TrackingDiagnostic/Kind/oneShotChain`` diagnostic.
///
/// ## Isolation
///
/// `onChange` inherits the isolation of the code that writes it. Written in
/// nonisolated code, it is `@Sendable` and runs on the thread that makes the
/// change. Written in actor-isolated code (a `@MainActor` view model), it is
/// isolated to that actor and runs there: at once when the change is made on
/// the actor, so that `.willSet` still means *before the store*; when the
/// change is made on another thread, in a task on the actor, posted when the
/// change is announced: a `.willSet` callback may then run before or after
/// the writer stores the value, and read either; a `.didSet` callback is
/// posted after the store and reads the new value.
///
/// - Parameters:
///   - options: When `onChange` is called; see ``TrackingOptions``.
///   - apply: The code whose reads are tracked. It runs at once, on this thread.
///   - onChange: Called outside every internal lock, once per option for the
///     first change. It may read, mutate and start new tracking. A
///     callback that re-arms tracking and writes fires the next one from
///     inside itself; past 32 nested callbacks the next ones run in turn
///     after the write that fired them, and 100,000 of those in one change stop
///     with a ``TrackingDiagnostic/Kind/oneShotChain`` diagnostic.
/// - Returns: What `apply` returns.
/// - Throws: What `apply` throws; the tracking is then discarded (`onChange`
///   will not be called), but an enclosing scope keeps the reads.
/// - Complexity: O(r) in the number of reads of `apply`.
public func withTracking<T>(
    options: TrackingOptions = [.willSet, .deinit],
    _ apply: () throws -> T,
    @_inheritActorContext onChange: @escaping @isolated(any) @Sendable () -> Void
) rethrows -> T {
    try track(
        options: options.announcements, binding: ActorBinding.binding(for: onChange.isolation),
        callback: .plain(callableHere(onChange)), apply)
}

/// Runs `apply`, records every tracked property it reads, and calls
/// `onChange` with a ``TrackingEvent`` at the first change to any of them:
/// the event says its kind and which property changed.
///
/// ```swift
/// withTracking(options: [.willSet, .didSet]) {
///     _ = book.title
///     _ = book.author
/// } onChange: { event in
///     if event.matches(\Book.title) { print("\(event.kind): \(book.title)") }
/// }
/// ```
///
/// It behaves as ``withTracking(options:_:onChange:)-(_,_,()->Void)`` does, once per
/// announcement its options name: `.willSet` and `.didSet` events match the
/// property that changed; a `.deinit` event (a deallocation) matches none.
///
/// - Parameters:
///   - options: Which announcements call `onChange`; see ``TrackingOptions``.
///   - apply: The code whose reads are tracked. It runs at once, on this thread.
///   - onChange: Called with each event, as the other form's `onChange` is.
/// - Returns: What `apply` returns.
/// - Throws: What `apply` throws; the tracking is then discarded.
public func withTracking<T>(
    options: TrackingOptions = [.willSet, .deinit],
    _ apply: () throws -> T,
    @_inheritActorContext onChange: @escaping @isolated(any) @Sendable (TrackingEvent) -> Void
) rethrows -> T {
    try track(
        options: options.announcements, binding: ActorBinding.binding(for: onChange.isolation),
        callback: .event(callableHere(onChange)), apply)
}

@inline(__always)
private func track<T>(
    options: Announcements, binding: consuming ActorBinding?, callback: consuming OneShotNode.Callback,
    _ apply: () throws -> T
) rethrows -> T {
    let reference = OneShotNode.armed(options: options, binding: binding, callback: callback)
    return try ThreadState.withCurrent { state in
        // No other thread can reach it before `apply` returns.
        let previous = reference._withUnsafeGuaranteedRef { node in
            node.flags.insert(.running)
            return node.beginTracking(state)
        }
        let result: T
        do {
            result = try apply()
        } catch {
            finishApply(reference, previous: previous, succeeded: false, state)
            throw error
        }
        finishApply(reference, previous: previous, succeeded: true, state)
        return result
    }
}

/// Ends the scope's run; takes the caller's reference to the node.
private func finishApply(
    _ reference: Unmanaged<OneShotNode>, previous: TrackingFrame, succeeded: Bool, _ state: ThreadState
) {
    let kept = reference._withUnsafeGuaranteedRef { node -> Bool in
        node.endTracking(restoring: previous)
        // The enclosing scope depends on what this one read; the links it
        // adds for that come after this scope's, and stay for its own end.
        let linksEnd = state.newLinks.count
        if let scope = previous.scope {
            let outer = Unmanaged<SubscriberNode>.fromOpaque(scope).takeUnretainedValue()
            var cursor = node.firstDependency
            while let link = cursor {
                _ = outer.track(link.pointee.source.takeUnretainedValue(), state)
                cursor = link.pointee.nextDependency
            }
        }
        if !succeeded || node.firstDependency == nil {
            node.discard(state, linksEnd: linksEnd)
            return false
        }
        let (owesDelivery, keptReference) = node.finishApply(state, keeping: reference, linksEnd: linksEnd)
        if owesDelivery { node.fire(state) }
        return keptReference
    }
    if !kept { reference.release() }
}
