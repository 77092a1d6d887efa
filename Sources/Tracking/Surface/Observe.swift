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
/// - An observer started while another observer's body runs is its child
///   (inside `untracked` or a `withTracking` closure too, but not inside a
///   derived value's closure — except within an `untracked` block or a
///   `withTracking` closure there, where it is taken for the child of the
///   observer whose run computes the value, and has no parent when a
///   validation outside any run computes it):
///   its reads are its own, and it is
///   cancelled when the parent runs again or is cancelled — at once, before
///   its first run, if the parent's run cancelled the parent already. The
///   parent may keep the children's tokens in state it owns (`store(in:)`),
///   which is how a main-actor parent keeps them without a lock.
/// - Deallocating an object that the body read re-runs the body once.
/// - A body that keeps changing what it reads is stopped after
///   ``TrackingDiagnostics/maximumObserverRounds`` rounds, with a diagnostic
///   naming the property.
/// - Work the body registers with ``onCleanup(fileID:line:_:)`` runs before
///   its next run and when the observer is cancelled.
///
/// ## Isolation
///
/// The body inherits the isolation of the code that writes it. Written in
/// nonisolated code, it is a `@Sendable` closure that runs on the thread
/// that ends the transaction, at once: the fastest form. Written in
/// actor-isolated code — a `@MainActor` view model, say — it is isolated to
/// that actor and may read the actor's state; the observer is then *bound*
/// to the actor:
///
/// ```swift
/// @MainActor final class ProfileScreen {
///     let profile: ProfileViewModel            // a @MainActor model
///     var shown: [String] = []
///     var token: TrackingToken?
///
///     init(profile: ProfileViewModel) {
///         self.profile = profile
///         token = observe { [unowned self] in
///             shown.append(profile.name)       // main-actor state, no lock
///         }
///     }
/// }
/// ```
///
/// A bound observer runs only on its actor, never on a writer's thread: at
/// once when it is created there; after a change made on the actor, at the
/// end of the writer's transaction, as an unbound observer does; after a
/// change (or a deallocation) on another thread, in a task that hops to the
/// actor, where the changes that arrived meanwhile make one run. To bind a
/// body written elsewhere, mark it: `observe { @MainActor in ... }`.
///
/// - Parameters:
///   - fileID: Where the observer is created, for diagnostics.
///   - line: Where the observer is created, for diagnostics.
///   - isolation: The isolation of the caller, which you do not pass: it
///     tells whether the first run can happen now.
///   - body: Runs now, then after each change, outside every internal lock.
///     It may read, mutate, and start or cancel tracking.
/// - Returns: The token that keeps the observer alive. Releasing it cancels
///   the observer, so keep it (`store(in:)`, or a stored property) as long as
///   you need the updates. The result is not discardable: leaving it unused
///   is a warning. Do not silence the warning by assigning the token to `_`
///   (the compiler's fix-it): the token is then released at once, and the
///   body has run once, for the last time.
/// - Complexity: a re-run whose reads repeat the previous run's costs, per
///   read, a pointer comparison; no lock and no allocation.
public func observe(
    fileID: StaticString = #fileID,
    line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation,
    @_inheritActorContext _ body: @escaping @isolated(any) @Sendable () -> Void
) -> TrackingToken {
    let node = ObserverNode(
        mode: .rerun, origin: SourceLocation(fileID: fileID, line: line),
        binding: ActorBinding.binding(for: body.isolation), callback: callableHere(body))
    return start(node, callerIsolation: isolation)
}

/// Runs `body` now, then again after every transaction in which an
/// announcement that `options` names reached it, passing each run a
/// ``TrackingEvent``: `.initial` first, then the kind of the latest
/// announcement and the properties whose changes woke it. The continuous
/// form of SE-0506 (`withContinuousObservation(options:apply:)`).
///
/// ```swift
/// let token = observe(options: [.didSet, .deinit]) { event in
///     if event.matches(\Book.title) { print("title: \(book.title)") }
///     if event.matches(\Book.author) { print("author: \(book.author)") }
///     _ = (book.title, book.author)
/// }
/// ```
///
/// Runs happen when the runs of ``observe(fileID:line:isolation:_:)`` do —
/// after the transaction, or on the observer's actor — so announcements
/// coalesce: one transaction that changes two properties the body read makes
/// one run whose event matches both. `.willSet` and `.didSet` make changes
/// wake it (the event says `didSet` if `.didSet` is among the options, else
/// `willSet`); `.deinit` makes deallocations wake it (a `deinit` event). An
/// announcement of a kind not in `options` does not run it.
///
/// - Parameters:
///   - options: Which announcements run the body; by default changes and
///     deallocations, as ``observe(fileID:line:isolation:_:)`` does.
///   - fileID: Where the observer is created, for diagnostics.
///   - line: Where the observer is created, for diagnostics.
///   - isolation: The isolation of the caller, which you do not pass.
///   - body: Runs now, then once per transaction that woke it; isolated as
///     the body of ``observe(fileID:line:isolation:_:)`` is.
/// - Returns: The token that keeps the observer alive.
public func observe(
    options: TrackingOptions = [.didSet, .deinit],
    fileID: StaticString = #fileID,
    line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation,
    @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (TrackingEvent) -> Void
) -> TrackingToken {
    let node = EventObserverNode(
        origin: SourceLocation(fileID: fileID, line: line),
        binding: ActorBinding.binding(for: body.isolation), options: options.announcements,
        eventCallback: callableHere(body))
    return start(node, callerIsolation: isolation)
}

/// Starts an observer: its first run now, on this thread, unless it is bound
/// to an actor this thread is not on, which then runs it. The token takes
/// the caller's reference to the node.
@inline(__always)
private func start(_ node: __owned ObserverNode, callerIsolation: (any Actor)?) -> TrackingToken {
    let state = ThreadState.currentPointer
    if node.binding == nil, tracking_current_scope() == nil,
       Unmanaged<ThreadState>.fromOpaque(state)._withUnsafeGuaranteedRef({ $0.runningObserver == nil }) {
        // The usual observer: no actor, no parent.
        Unmanaged<ThreadState>.fromOpaque(state)._withUnsafeGuaranteedRef { state in
            Scheduler.beginTransaction(state)
            node.run(state)
            Scheduler.endTransaction(state)
        }
    } else {
        startAdoptedOrBound(node, callerIsolation: callerIsolation, state)
    }
    return TrackingToken(node: node)
}

/// ``start(_:callerIsolation:)`` of an observer created inside another's
/// run, or bound to an actor.
@inline(never)
private func startAdoptedOrBound(
    _ node: ObserverNode, callerIsolation: (any Actor)?, _ statePointer: UnsafeMutableRawPointer
) {
    Unmanaged<ThreadState>.fromOpaque(statePointer)._withUnsafeGuaranteedRef { state in
        if let parent = parent(in: state) { parent.adopt(node) }
        if let binding = node.binding {
            if callerIsolation !== binding.actor && !binding.isCurrent(state) {
                node.postFirstRun()
            } else {
                binding.runHere(state) {
                    Scheduler.beginTransaction(state)
                    node.run(state)
                    Scheduler.endTransaction(state)
                }
            }
        } else {
            Scheduler.beginTransaction(state)
            node.run(state)
            Scheduler.endTransaction(state)
        }
    }
}

/// The observer that adopts an observer started now: the current scope if it
/// is an observer (a run's body, or a view host's tracked body); else, inside
/// `untracked` or a `withTracking` closure, the observer whose body is
/// running on this thread. None inside a derived value's computation (its
/// closure may run for any reader), and none outside every run.
private func parent(in state: ThreadState) -> ObserverNode? {
    if let scope = tracking_current_scope() {
        let current = Unmanaged<SubscriberNode>.fromOpaque(scope).takeUnretainedValue()
        switch current.kind {
        case .observer: return unsafeDowncast(current, to: ObserverNode.self)
        case .derived: return nil
        case .oneShot: break
        }
    }
    guard let running = state.runningObserver else { return nil }
    return Unmanaged<ObserverNode>.fromOpaque(running).takeUnretainedValue()
}

/// `body` as a plain function, to call where its isolation holds: on its
/// actor (the engine calls a bound closure only there, see
/// ``ActorBinding``), or anywhere if it has none.
///
/// The two types differ only in that the first also carries its isolation
/// (inside its context): the compiler converts one to the other without a
/// thunk, and this is the conversion the standard library's continuous
/// observation makes after checking that it runs on the closure's actor. The
/// closures travel in structs, so that the cast, which is generic, does not
/// wrap them in reabstraction thunks (an allocation each).
@inline(__always)
func callableHere(_ body: @escaping @isolated(any) @Sendable () -> Void) -> @Sendable () -> Void {
    unsafeBitCast(IsolatedClosure(body: body), to: PlainClosure.self).body
}

/// ``callableHere(_:)`` for a closure that takes an event.
@inline(__always)
func callableHere(
    _ body: @escaping @isolated(any) @Sendable (TrackingEvent) -> Void
) -> @Sendable (Announcement) -> Void {
    let plain = unsafeBitCast(IsolatedEventClosure(body: body), to: PlainEventClosure.self).body
    return { plain(TrackingEvent($0)) }
}

private struct IsolatedClosure { let body: @isolated(any) @Sendable () -> Void }
private struct PlainClosure { let body: @Sendable () -> Void }
private struct IsolatedEventClosure { let body: @isolated(any) @Sendable (TrackingEvent) -> Void }
private struct PlainEventClosure { let body: @Sendable (TrackingEvent) -> Void }

/// Registers cleanup work of the observer run in progress: it runs before the
/// observer's next run, and when the observer is cancelled or its token
/// released, after its children's cleanups.
///
/// ```swift
/// let token = observe {
///     let connection = Connection(to: settings.server)   // read: a dependency
///     onCleanup { connection.close() }                   // before the next run
/// }
/// ```
///
/// - Cleanups of one run run newest first.
/// - Their reads are tracked by nobody.
/// - Their writes are one transaction with the run that follows: the run
///   sees them, and they do not make it run again.
/// - A parent's re-run (or cancellation) runs its children's cleanups, then
///   its own.
/// - A cleanup written in actor-isolated code runs on that actor: at once if
///   the observer is cancelled there, otherwise in a task on the actor.
///
/// Called outside an observer's body (including from a `withTracking`
/// closure, from a cleanup, or from a derived value's closure, even one an
/// observer's run computes), it registers nothing and reports a
/// ``TrackingDiagnostic/Kind/misplacedCleanup`` diagnostic. (Inside an
/// `untracked` block or a `withTracking` closure in a derived value's
/// closure that an observer's run computes, it is taken for that run's;
/// when a validation outside any run computes the value, it is reported.)
///
/// - Parameters:
///   - fileID: Where it is called, for the diagnostic.
///   - line: Where it is called, for the diagnostic.
///   - cleanup: The work to do.
public func onCleanup(
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @_inheritActorContext _ cleanup: @escaping @isolated(any) @Sendable () -> Void
) {
    let state = ThreadState.current
    // A derived value's closure has no cleanups, whoever reads the value:
    // the observer whose run computes it now may not be the one next time.
    let inDerivedValue = SubscriberNode.isComputingDerivedValue
    guard let running = state.runningObserver, !inDerivedValue else {
        TrackingDiagnostics.report(TrackingDiagnostic(
            kind: .misplacedCleanup,
            message: "onCleanup at \(fileID):\(line) was called outside the body of an observe run"
                + (inDerivedValue ? " (in a derived value's computation)" : "")
                + "; the cleanup was not registered",
            properties: []))
        return
    }
    Unmanaged<ObserverNode>.fromOpaque(running)._withUnsafeGuaranteedRef {
        $0.addCleanup(Cleanup(work: callableHere(cleanup), binding: ActorBinding.binding(for: cleanup.isolation)))
    }
}
