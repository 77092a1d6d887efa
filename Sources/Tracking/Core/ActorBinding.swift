import Dispatch

/// The engine's handle on one actor that observers are bound to: it knows
/// whether the calling thread runs on the actor now, and it sends the work
/// of bound observers there when it does not.
///
/// An observer bound to an actor (``observe(fileID:line:isolation:_:)`` in
/// actor-isolated code) must never run on a writer's thread. When a
/// transaction ends on a thread that is not on the actor, the observer is
/// *posted*: it joins the binding's batch, still flagged `.queued` so that
/// later changes only mark it, and one task per batch hops to the actor
/// (through ``drain(on:)``, whose parameter is `isolated`) and runs the
/// batch there, in creation order, as the end of a transaction. Changes that
/// arrive before the task runs coalesce into that one run.
///
/// Whether a thread runs on the actor is known in two ways: the engine set
/// ``ThreadState/currentBinding`` because it is running code on the actor
/// itself (a first run in `observe`, a drained batch), or, for the main
/// actor, the thread is executing the main dispatch queue, which is where
/// the main actor runs its jobs (under `swift test` on Linux that is not
/// always the main thread, so the queue is asked, not the thread). Code of
/// some other actor that writes is not recognized: its observers are posted,
/// and run on the actor as soon as it is free.
///
/// One binding per actor, so that a batch keeps the observers' order; the
/// main actor's lives for the process, others as long as an observer or a
/// pending batch uses them.
final class ActorBinding: @unchecked Sendable {
    /// The actor. Kept alive while observers are bound to it.
    let actor: any Actor
    let isMainActor: Bool

    private let lock = SpinLock()
    /// Observers waiting for the drain, each retained, and whether a drain
    /// task is on its way. Guarded by `lock`.
    @exclusivity(unchecked)
    private var postedObservers: [ObserverNode] = []
    /// Callbacks waiting for the drain (one-shot callbacks, cleanups), in
    /// the order they were posted. Guarded by `lock`.
    @exclusivity(unchecked)
    private var postedCallbacks: [@Sendable () -> Void] = []
    @exclusivity(unchecked)
    private var drainIsScheduled = false

    private init(actor: any Actor, isMainActor: Bool) {
        self.actor = actor
        self.isMainActor = isMainActor
    }

    deinit {
        if !isMainActor { ActorBinding.forget(self) }
    }

    // MARK: Finding the binding of an actor

    /// The binding of the main actor.
    static let main = ActorBinding(actor: MainActor.shared, isMainActor: true)

    private static let tableLock = SpinLock()
    /// Bindings of other actors, by the actor's identity. Guarded by
    /// `tableLock`; an entry leaves with its binding.
    nonisolated(unsafe) private static var table: [ObjectIdentifier: WeakBinding] = [:]

    private struct WeakBinding {
        weak var binding: ActorBinding?
    }

    /// The binding of `actor`, made the first time. Nil for no actor.
    @inline(__always)
    static func binding(for actor: (any Actor)?) -> ActorBinding? {
        guard let actor else { return nil }
        return binding(of: actor)
    }

    private static func binding(of actor: any Actor) -> ActorBinding {
        if actor === MainActor.shared { return main }
        let key = ObjectIdentifier(actor)
        return tableLock.withLock {
            if let existing = table[key]?.binding { return existing }
            let binding = ActorBinding(actor: actor, isMainActor: false)
            table[key] = WeakBinding(binding: binding)
            return binding
        }
    }

    private static func forget(_ binding: ActorBinding) {
        let key = ObjectIdentifier(binding.actor)
        tableLock.withLock {
            // A newer binding of the same actor may have replaced this one.
            if table[key]?.binding == nil { table[key] = nil }
        }
    }

    // MARK: Where the thread is

    /// Whether the calling thread runs on this binding's actor now.
    @inline(__always)
    func isCurrent(_ state: ThreadState) -> Bool {
        if state.currentBinding === self { return true }
        return isMainActor && ActorBinding.isOnMainQueue()
    }

    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the calling thread is executing the main queue, that is, the
    /// main actor's jobs (or is the main thread outside any other queue).
    static func isOnMainQueue() -> Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Runs `body` as code on this actor: bound observers whose transaction
    /// ends inside it run here at once.
    func runHere<R>(_ state: ThreadState, _ body: () throws -> R) rethrows -> R {
        let previous = state.currentBinding
        state.currentBinding = self
        defer { state.currentBinding = previous }
        return try body()
    }

    // MARK: Sending work to the actor

    /// Adds a queued observer to the next batch. Call without any lock.
    func post(_ observer: ObserverNode) {
        let schedule = lock.withLock { () -> Bool in
            postedObservers.append(observer)
            return takeScheduleLocked()
        }
        if schedule { scheduleDrain() }
    }

    /// Adds a callback to the next batch, to be called on the actor.
    func post(_ callback: @escaping @Sendable () -> Void) {
        let schedule = lock.withLock { () -> Bool in
            postedCallbacks.append(callback)
            return takeScheduleLocked()
        }
        if schedule { scheduleDrain() }
    }

    private func takeScheduleLocked() -> Bool {
        if drainIsScheduled { return false }
        drainIsScheduled = true
        return true
    }

    private func scheduleDrain() {
        if isMainActor {
            // Straight onto the main actor: batches keep their order there.
            Task { @MainActor in self.drainHere() }
        } else {
            let actor = self.actor
            Task { await self.drain(on: actor) }
        }
    }

    /// Runs the posted batch on `actor`, this binding's actor.
    private func drain(on actor: isolated any Actor) {
        drainHere()
    }

    /// Runs the posted callbacks, then the posted observers, on this thread,
    /// which runs on the actor; all of it is one transaction.
    private func drainHere() {
        let state = ThreadState.current
        let (observers, callbacks) = lock.withLock { () -> ([ObserverNode], [@Sendable () -> Void]) in
            drainIsScheduled = false
            defer {
                postedObservers.removeAll()
                postedCallbacks.removeAll()
            }
            return (postedObservers, postedCallbacks)
        }
        runHere(state) {
            Scheduler.beginTransaction(state)
            for callback in callbacks { callback() }
            // Still flagged queued: the flush runs each one once, in
            // creation order, with everything they write after them.
            for observer in observers { state.enqueue(observer) }
            Scheduler.endTransaction(state)
        }
    }
}
