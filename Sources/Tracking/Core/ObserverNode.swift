import CTrackingSupport
import Synchronization

/// A subscriber that reacts after each transaction that changed something it
/// read: it either runs its body again (`observe`) or tells its owner that it
/// is invalid and waits to be tracked again (the scope form, used by view
/// hosts and async sequences).
///
/// An observer may be bound to an actor (``binding``): it then runs only on
/// that actor, and a transaction that ends elsewhere posts it there (see
/// ``ActorBinding``). An observer that takes events (``takesEvents``, an
/// ``EventObserverNode``) keeps what woke it since its last run, for the
/// ``Announcement`` of the next.
/// Cleanups registered during a run (``addCleanup(_:)``) run before the next
/// run and when the observer is cancelled, children's before its own.
class ObserverNode: SubscriberNode, @unchecked Sendable {
    enum Mode {
        /// Re-run the callback, tracking its reads.
        case rerun
        /// Call the callback, then wait for the owner to track again.
        case invalidate
    }

    let mode: Mode

    // The fields of one byte first, together: they share one word.

    /// Whether the body takes an ``Announcement``: the node is an
    /// ``EventObserverNode``, whose callback ``callback`` is not.
    let takesEvents: Bool

    /// Which announcements wake the observer: changes (`.willSet`, `.didSet`)
    /// and deaths of what it read (`.deinit`).
    let options: Announcements

    /// Whether the observer re-runs its body (`.rerun`), unbound and without
    /// events: the usual `observe`, whose queued runs take a short path.
    let isPlain: Bool

    /// Whether ``cancel()`` has been called: set by the exchange that
    /// claims the cancellation, just before the observer is flagged
    /// `.cancelled`, and read without the lock, so that a second cancel
    /// takes no lock.
    let cancelRequested = Atomic<Bool>(false)

    /// Whether the run the actor owes is the first (its event is `.initial`).
    /// Guarded by the component lock.
    @exclusivity(unchecked)
    var firstRunIsPending = false

    /// Creation order: observers queued by one transaction run in this order.
    final let sequence: UInt64

    private static let sequenceCounter = Atomic<UInt64>(0)

    /// The source whose change caused the last run, kept for diagnostics.
    /// Guarded by the component lock; the reference it replaces is released
    /// after the lock, like every node reference dropped under it.
    @exclusivity(unchecked)
    final var lastCause: Unmanaged<Node>?

    /// The body (`.rerun`) or the invalidation handler (`.invalidate`);
    /// ``doNothing`` once cancelled. Guarded by the component lock, but stable
    /// while the node is `.running`: cancelling a running node leaves it to
    /// the run's end. Not optional: an optional closure is stored
    /// generically, and calling it would allocate a thunk on every run.
    ///
    /// The only field the compiler releases when the node is freed: the
    /// others that hold references are kept as addresses and released by
    /// `deinit`. A class whose own fields hold two or more references is
    /// freed by code that also retains and releases the object itself
    /// (about 130 instructions here, for five fields).
    @exclusivity(unchecked)
    var callback: CallbackSlot

    /// The actor the observer runs on, or nil for the thread that ends the
    /// transaction.
    @inline(__always)
    var binding: ActorBinding? { bindingReference?.takeUnretainedValue() }

    /// ``binding``, retained (released by `deinit`).
    private let bindingReference: Unmanaged<ActorBinding>?

    /// Observers created during this observer's run; cancelled when it runs
    /// again or is cancelled. Guarded by the component lock.
    var children: [ObserverNode] {
        @inline(__always) get { family?.children ?? [] }
        _modify { yield &familyForChanges.children }
    }

    /// The children of the previous run, taken under the lock as a run
    /// begins, for the run to cancel before its body: a field, not an
    /// argument, so that the usual run, which has none, moves no array.
    /// Only the running thread uses it.
    var orphans: [ObserverNode] {
        @inline(__always) get { family?.orphans ?? [] }
        _modify { yield &familyForChanges.orphans }
    }

    /// ``children``, ``orphans`` and ``cleanups``, in a box made when the
    /// first child or cleanup is added (retained, released by `deinit`), or
    /// nil: most observers have neither. Made and read by the running
    /// thread, and made under the component lock, where other threads read
    /// it.
    @exclusivity(unchecked)
    private var familyBits: UnsafeMutableRawPointer?

    @inline(__always)
    private var family: ObserverFamily? {
        guard let familyBits else { return nil }
        return Unmanaged<ObserverFamily>.fromOpaque(familyBits).takeUnretainedValue()
    }

    /// ``family``, made if there is none: call under the component lock,
    /// on the running thread.
    private var familyForChanges: ObserverFamily {
        if let family { return family }
        let made = ObserverFamily()
        familyBits = Unmanaged.passRetained(made).toOpaque()
        return made
    }

    /// Makes ``family`` if there is none, for the running thread to add a
    /// cleanup: under the component lock, unless the node has none yet (no
    /// other thread can reach it then, and taking the lock would give it a
    /// component of its own).
    @inline(never)
    func makeFamilyLocking() {
        if componentBits.load(ordering: .acquiring) == 0 {
            _ = familyForChanges
            return
        }
        let component = Component.lock(self)
        _ = familyForChanges
        component._withUnsafeGuaranteedRef { $0.unlock() }
    }

    /// Whether ``family`` exists: the running thread may then change its
    /// cleanups without the lock.
    @inline(__always)
    var hasFamily: Bool { familyBits != nil }

    /// The change that marked the observer since its last run (retained), to
    /// become ``lastCause`` if the observer does run: a change
    /// cut off by a derived value's equality, or undone within a transaction,
    /// runs nothing and is forgotten. Nil when it is the last cause itself,
    /// kept without a second reference. Guarded by the component lock.
    @exclusivity(unchecked)
    var pendingCause: Unmanaged<Node>?

    /// A pending cause whose run did not happen after all (a property's
    /// node, retained), kept like ``lastCause`` so that the
    /// next change of the same property, the usual case, takes no new
    /// reference. Set only while ``pendingCause`` is nil; never reported.
    /// Guarded by the component lock.
    @exclusivity(unchecked)
    var parkedCause: Unmanaged<Node>?

    /// Cleanups registered by the current or last run, in registration order.
    /// Appended by the running thread; taken under the component lock by the
    /// next run or by cancellation.
    var cleanups: [Cleanup] {
        @inline(__always) get { family?.cleanups ?? [] }
        _modify { yield &familyForChanges.cleanups }
    }

    /// Where the observer was created, for diagnostics.
    let origin: SourceLocation

    init(
        mode: Mode, origin: SourceLocation, binding: ActorBinding? = nil,
        options: Announcements = .continuousDefault, takesEvents: Bool = false,
        callback: @escaping @Sendable () -> Void
    ) {
        // First: the counter's atomic add is a barrier to the optimizer,
        // which left a retain and a release of the callback and of the
        // binding on each side of it.
        let sequence = ObserverNode.sequenceCounter.wrappingAdd(1, ordering: .relaxed).newValue
        self.mode = mode
        self.origin = origin
        bindingReference = binding.map { Unmanaged.passRetained($0) }
        self.options = options
        self.callback = CallbackSlot(callback)
        self.takesEvents = takesEvents
        isPlain = mode == .rerun && binding == nil && !takesEvents
        self.sequence = sequence
        super.init(kind: .observer)
    }

    deinit {
        bindingReference?.release()
        if let familyBits { Unmanaged<ObserverFamily>.fromOpaque(familyBits).release() }
    }

    /// This node as the ``EventObserverNode`` it is when it ``takesEvents``.
    @inline(__always)
    final var withEvents: EventObserverNode { unsafeDowncast(self, to: EventObserverNode.self) }

    override var subscriberName: String { "observer created at \(origin)" }

    // MARK: Marking (under the lock)

    /// A dependency changed (`.dirty`) or may have changed (`.pending`).
    /// Returns whether the observer now waits in `state`'s queue, and is not
    /// running (see ``isQueuedLocked(on:)``).
    @inline(__always) @discardableResult
    func markLocked(_ mark: SubscriberFlags, cause: Node, state: ThreadState) -> Bool {
        let found = flags
        if found.contains(.cancelled) { return false }
        if options != .continuousDefault || takesEvents {
            // A death reaches direct readers as `.dirty`; through a derived
            // value it is that value's change.
            let death = state.isAnnouncingDeath && mark == .dirty
            if death ? !options.contains(.deinit) : options.isDisjoint(with: [.willSet, .didSet]) {
                return isQueuedLocked(on: state)
            }
            if takesEvents { withEvents.recordEventLocked(death: death, cause: cause) }
        }
        recordCauseLocked(cause, state: state)
        if found.isDisjoint(with: [.queued, .running, .invalidated]) {
            flags = found.union(mark).union(.queued)
            queuedThread = state.identity
            state.enqueue(self)
            return true
        }
        flags = found.union(mark)
        return isQueuedLocked(on: state)
    }

    /// Whether the observer waits in `state`'s queue (so only that thread
    /// will run it), and is not running now.
    func isQueuedLocked(on state: ThreadState) -> Bool {
        flags.contains(.queued) && !flags.contains(.running) && queuedThread == state.identity
    }

    /// The thread state whose queue holds the observer; nil while it is
    /// posted to its actor. Guarded by the component lock.
    @exclusivity(unchecked)
    var queuedThread: UnsafeMutableRawPointer?

    @inline(__always)
    private func recordCauseLocked(_ cause: Node, state: ThreadState) {
        let bits = Unmanaged.passUnretained(cause).toOpaque()
        if let pending = pendingCause {
            if pending.toOpaque() == bits { return }
            state.releaseLater(pending)
            pendingCause = nil
        } else if lastCause?.toOpaque() == bits {
            // The usual case: the same property as last time, no reference
            // to take.
            return
        } else if let parked = parkedCause {
            parkedCause = nil
            if parked.toOpaque() == bits {
                pendingCause = parked
                return
            }
            state.releaseLater(parked)
        }
        pendingCause = .passRetained(cause)
    }

    /// The run goes ahead: what marked it becomes the last cause.
    @inline(__always)
    func adoptPendingCauseLocked(_ state: ThreadState) {
        if let pending = pendingCause {
            if let old = lastCause { state.releaseLater(old) }
            lastCause = pending
            pendingCause = nil
        }
    }

    /// The run does not happen after all: what marked it is forgotten. The
    /// references it held go to `state.releases`, for after the lock.
    @inline(__always)
    func dropPendingLocked(_ state: ThreadState) {
        if let pending = pendingCause {
            pendingCause = nil
            // A derived value is not kept: its closure may hold on to
            // anything.
            if pending._withUnsafeGuaranteedRef({ $0.isDerived }) {
                state.releaseLater(pending)
            } else {
                parkedCause = pending
            }
        }
        if takesEvents { withEvents.dropPendingEventsLocked(state) }
    }

    /// Makes `child` a child of this observer, which is running on this
    /// thread; the child joins this observer's component. If this observer
    /// was cancelled already (its run cancelled it, or another thread did),
    /// its cancellation has taken the children it had, so the child is
    /// cancelled now, before its first run.
    func adopt(_ child: ObserverNode) {
        Component.join(self, child)
        let component = Component.lock(self)
        let cancelled = flags.contains(.cancelled)
        if !cancelled { children.append(child) }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        if cancelled { child.cancel() }
    }

    /// Whether an object this observer read was deallocated since its last run.
    var dependencyWasDeallocated: Bool {
        withLockedFlags { $0.contains(.sourceDied) }
    }

    /// Whether ``cancel()`` was called: once it returned, on any thread,
    /// even if another thread's cancel of the same observer is still
    /// freeing it.
    var isCancelled: Bool {
        cancelRequested.load(ordering: .acquiring)
    }

    private func withLockedFlags<R>(_ body: (SubscriberFlags) -> R) -> R {
        if componentBits.load(ordering: .acquiring) == 0 { return body(flags) }
        let component = Component.lock(self)
        defer { component._withUnsafeGuaranteedRef { $0.unlock() } }
        return body(flags)
    }

    /// The name of the change that is queueing the observer now, or of the
    /// last one that ran it: for a loop's diagnostic. Call under the lock.
    var queueingCauseLocked: Node? {
        pendingCause?.takeUnretainedValue() ?? lastCause?.takeUnretainedValue()
    }
}

/// Runs `body` with no tracking scope: ``untracked(_:)``, and cleanups.
@inline(__always)
func untrackedRun<T>(_ body: () throws -> T) rethrows -> T {
    let previous = tracking_current_scope()
    let previousMark = tracking_current_run_mark()
    tracking_set_current_scope(nil)
    tracking_set_current_run_mark(.max)
    defer {
        tracking_set_current_scope(previous)
        tracking_set_current_run_mark(previousMark)
    }
    return try body()
}

/// The callback of a cancelled observer or a fired one-shot.
let doNothing: @Sendable () -> Void = {}

/// The event callback of an observer that takes none, or a cancelled one.
let ignoreEvent: @Sendable (Announcement) -> Void = { _ in }
