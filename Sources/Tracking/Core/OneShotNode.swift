import Synchronization

/// A subscriber that fires at the first change to anything it read, then
/// removes all its links: the engine behind `withTracking`.
///
/// Its options say which announcements fire it (see ``Announcements``).
/// With `.willSet` and `.didSet` together it fires twice for one change:
/// before the store, staying armed, then after it, which finishes it; the
/// second announcement must come from the thread that made the first.
///
/// A callback bound to an actor (``binding``) is called on the writer's
/// thread only if that thread runs on the actor; otherwise it is posted
/// there, and runs after the change.
///
/// A node that has fired for good and that nothing else references goes back
/// to its thread's spares (``ThreadState/spareOneShots``), and the next
/// `withTracking` on that thread takes it instead of allocating: a scope that
/// is armed, fired and armed again in a loop allocates nothing of its own.
final class OneShotNode: SubscriberNode, @unchecked Sendable {
    /// Set when the node is armed, before any other thread can reach it.
    @exclusivity(unchecked)
    private(set) var options: Announcements

    /// The callback, with or without an event. Set when the node is armed
    /// and not changed while any other thread can reach it, so that a
    /// delivery reads it without a lock; dropped when the node is recycled.
    @exclusivity(unchecked)
    private var callback: Callback

    /// The source whose change fired the node, kept for its event's
    /// diagnostics. Guarded by the component lock; the reference it replaces
    /// is released after the lock.
    @exclusivity(unchecked)
    final var lastCause: Unmanaged<Node>?

    enum Callback {
        case plain(@Sendable () -> Void)
        case event(@Sendable (Announcement) -> Void)
    }

    private var takesEvents: Bool {
        if case .event = callback { return true }
        return false
    }

    /// The actor the callback runs on, or nil for the writer's thread. Set
    /// with ``callback``.
    @exclusivity(unchecked)
    private(set) var binding: ActorBinding?

    /// A reference to the node itself while it waits for a change: links do
    /// not retain their subscribers, and the caller of `withTracking` keeps
    /// none. Unmanaged, so that firing can hand this very reference on to
    /// the callback list instead of retaining once more.
    @exclusivity(unchecked)
    private var keepAlive: Unmanaged<OneShotNode>?

    /// Whether the node is counted in its component's
    /// ``Component/waitingBeforeChange``. Guarded by the component lock.
    @exclusivity(unchecked)
    private var isCountedAsWaiting = false

    /// The kinds marked and not yet taken for delivery (``Announcements``
    /// bits), and the kinds the current delivery calls. Guarded by the
    /// component lock; `delivering` is written when the node is taken and
    /// read by the one thread that delivers it.
    @exclusivity(unchecked)
    private var pending: Announcements = []
    @exclusivity(unchecked)
    private var delivering: Announcements = []

    /// With `[.willSet, .didSet]`: the `.willSet` of a change was delivered,
    /// and the `.didSet` of that change, from `awaitedThread`, finishes the
    /// node. Guarded by the component lock.
    @exclusivity(unchecked)
    private var willSetDelivered = false
    @exclusivity(unchecked)
    private var awaitedThread: UnsafeMutableRawPointer?

    /// Whether a delivery was posted to the callback's actor. Written by the
    /// delivering thread before it posts.
    @exclusivity(unchecked)
    private var wasPosted = false

    private init(options: Announcements, binding: ActorBinding?, callback: Callback) {
        self.options = options
        self.binding = binding
        self.callback = callback
        super.init(kind: .oneShot)
    }

    /// A node armed with `callback`, retained once for the caller: one of
    /// the thread's spares if it has one, else a new one. Nothing else can
    /// reach it yet.
    @inline(__always)
    static func armed(
        options: Announcements, binding: consuming ActorBinding?, callback: consuming Callback
    ) -> Unmanaged<OneShotNode> {
        guard let spare = ThreadState.withCurrent({ $0.spareOneShots.pop() }) else {
            return .passRetained(OneShotNode(options: options, binding: binding, callback: callback))
        }
        let reference = Unmanaged<OneShotNode>.fromOpaque(spare)
        reference._withUnsafeGuaranteedRef { node in
            node.options = options
            node.binding = binding
            node.callback = callback
        }
        return reference
    }

    /// How many spare nodes a thread keeps: enough for scopes re-armed from
    /// their own callbacks and for a few nested ones.
    static let spareLimit = 8

    /// Ends the reference `reference` holds to a node taken from
    /// ``ThreadState/firedOneShots``: if the node fired for good and this is
    /// the last reference (no event, posted delivery or caller keeps it),
    /// no other thread can reach it either, since its links are gone; it is
    /// emptied and kept as a spare. Otherwise the reference is released.
    @inline(__always)
    static func recycleOrRelease(_ reference: Unmanaged<OneShotNode>, _ state: ThreadState) {
        var node = reference.takeRetainedValue()
        // A delivery posted to an actor ran on another thread, ordered with
        // this one by the reference count alone: such a node is not reused.
        guard node.flags.contains(.finished), !node.wasPosted, state.spareOneShots.count < spareLimit,
              isKnownUniquelyReferenced(&node) else { return }
        node.empty()
        state.spareOneShots.push(Unmanaged.passRetained(consume node).toOpaque())
    }

    /// Puts a finished node that only its thread can reach back in the
    /// state it had when it was made, dropping its callback, its actor and
    /// its cause. It keeps its component, which the next scope most often
    /// joins again (see ``lockAndFinishOnlyRun(_:linksEnd:)``).
    private func empty() {
        callback = .plain({})
        binding = nil
        pending = []
        delivering = []
        willSetDelivered = false
        awaitedThread = nil
        flags = []
        if let cause = lastCause {
            lastCause = nil
            cause.release()
        }
    }

    /// ``lockAndFinishTracking(_:linksEnd:)`` for the node's only run. A
    /// recycled node still has the component of its previous scope: it
    /// leaves it first unless the run's first new read is in it, so that the
    /// scope does not merge unrelated parts of the graph. No other thread can
    /// reach the node yet.
    private func lockAndFinishOnlyRun(_ state: ThreadState, linksEnd: Int) -> (Unmanaged<Component>, SubscriberFlags) {
        if componentBits.load(ordering: .relaxed) != 0, newLinksStart < linksEnd {
            let first = state.newLinks[newLinksStart].assumingMemoryBound(to: Link.self)
            let joined = first.pointee.source._withUnsafeGuaranteedRef { Component.areJoined(self, $0) }
            if !joined { Component.leave(self) }
        }
        return lockAndFinishTracking(state, linksEnd: linksEnd)
    }

    override var subscriberName: String { "withTracking scope" }

    /// Whether before-change announcements must reach it.
    var waitsBeforeChange: Bool { options.contains(.willSet) }

    /// An announcement reached the node: `kind` is `.willSet` (before the
    /// store), `.didSet` (after) or `.deinit` (a death). Marks it for
    /// delivery if its options ask for that kind. A node still inside its
    /// `apply` closure delivers when the closure returns; otherwise it is
    /// collected on `state`, for ``Scheduler/takeOneShotsLocked(_:)``.
    @inline(__always)
    func markLocked(_ kind: AnnouncementKind, cause: Node, state: ThreadState) {
        guard flags.isDisjoint(with: [.fired, .cancelled]) else { return }
        let option = kind.member
        if willSetDelivered {
            // Only the stored half of the change already announced.
            guard kind == .didSet, awaitedThread == state.identity else { return }
        }
        guard options.contains(option) else {
            if kind == .deinit { endIfEverySourceIsDeadLocked(but: cause, state: state) }
            return
        }
        let staysArmed = kind == .willSet && options.contains(.didSet)
        if staysArmed {
            willSetDelivered = true
            awaitedThread = state.identity
        } else {
            flags.insert(.fired)
        }
        pending.insert(option)
        if takesEvents { recordCauseLocked(cause, state: state) }
        if state.callbackDepth >= Scheduler.maximumCallbackNesting {
            // Deep in a chain of callbacks: keep the name in case it never ends.
            state.chainCauses.insert(cause.displayName)
        }
        if !flags.contains(.running) {
            state.oneShotsToFire.push(Unmanaged.passUnretained(self).toOpaque())
        }
    }

    private func recordCauseLocked(_ cause: Node, state: ThreadState) {
        let bits = Unmanaged.passUnretained(cause).toOpaque()
        if lastCause?.toOpaque() == bits { return }
        if let old = lastCause { state.releaseLater(old) }
        lastCause = .passRetained(cause)
    }

    /// A death it does not report: if nothing it read can change any more
    /// (every source is dead, or is `dying`), it ends quietly.
    @inline(never)
    private func endIfEverySourceIsDeadLocked(but dying: Node, state: ThreadState) {
        var cursor = firstDependency
        while let link = cursor {
            let alive = link.pointee.source._withUnsafeGuaranteedRef { $0 !== dying && !$0.isDead }
            if alive { return }
            cursor = link.pointee.nextDependency
        }
        flags.insert(.fired)
        if !flags.contains(.running) {
            state.oneShotsToFire.push(Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// Deep in a chain of callbacks, names the sources that changed while
    /// `apply` ran (its own writes, usually), in case the chain never ends:
    /// they reached the node through no announcement, which names the others.
    @inline(never)
    private func recordChangedSourcesForChainLocked(_ state: ThreadState) {
        var cursor = firstDependency
        while let link = cursor {
            link.pointee.source._withUnsafeGuaranteedRef { source in
                if source.isDead || source.version.load(ordering: .relaxed) != link.pointee.version {
                    state.chainCauses.insert(source.displayName)
                }
            }
            cursor = link.pointee.nextDependency
        }
    }

    private var readsADeadSource: Bool {
        var cursor = firstDependency
        while let link = cursor {
            if link.pointee.source._withUnsafeGuaranteedRef({ $0.isDead }) { return true }
            cursor = link.pointee.nextDependency
        }
        return false
    }

    /// Removes every link if it fired for good, then delivers. Call without a lock.
    func fire(_ state: ThreadState) {
        let component = Component.lock(self)
        takeCallbackLocked(state)
        component._withUnsafeGuaranteedRef { $0.unlock() }
        Scheduler.runCallbacks(state)
    }

    /// Ends the node without firing it: its `apply` read nothing, or threw.
    /// Its new links end at `linksEnd` in ``ThreadState/newLinks``.
    func discard(_ state: ThreadState, linksEnd: Int) {
        if firstDependency == nil {
            // It read nothing: no other thread can reach it, and it needs no
            // component.
            flags.insert([.cancelled, .finished])
            return
        }
        let (component, _) = lockAndFinishOnlyRun(state, linksEnd: linksEnd)
        flags.insert(.cancelled)
        takeCallbackLocked(state, keep: false)
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
    }

    /// The end of the `apply` closure: the node stops running, and waits for
    /// a change, kept alive meanwhile by `reference`, the caller's reference
    /// (links do not retain subscribers). Returns whether a change arrived
    /// during `apply`, in which case the caller fires it, and whether the
    /// node kept `reference` (else the caller releases it). The run's new
    /// links end at `linksEnd` in ``ThreadState/newLinks``; those above are
    /// an enclosing scope's.
    func finishApply(
        _ state: ThreadState, keeping reference: Unmanaged<OneShotNode>, linksEnd: Int
    ) -> (owesDelivery: Bool, keptReference: Bool) {
        let (component, changed) = lockAndFinishOnlyRun(state, linksEnd: linksEnd)
        flags.remove(.running)
        if !changed.isEmpty, flags.isDisjoint(with: [.fired, .cancelled]) {
            // A source read for the first time changed (or died) during
            // `apply`: the change's announcements are owed.
            let owed = options.intersection([.willSet, .didSet])
            if state.callbackDepth >= Scheduler.maximumCallbackNesting { recordChangedSourcesForChainLocked(state) }
            if !owed.isEmpty {
                pending.formUnion(owed)
                flags.insert(.fired)
            } else if options.contains(.deinit), readsADeadSource {
                pending.insert(.deinit)
                flags.insert(.fired)
            }
        }
        let owesDelivery = !pending.isEmpty || flags.contains(.fired)
        let waits = !flags.contains(.fired)
        if waits {
            // A caller that fires the node after the lock keeps its own
            // reference until then: another thread may end the node meanwhile.
            keepAlive = owesDelivery ? reference.retain() : reference
            if waitsBeforeChange {
                isCountedAsWaiting = true
                component._withUnsafeGuaranteedRef { _ = $0.waitingBeforeChange.wrappingAdd(1, ordering: .relaxed) }
            }
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        return (owesDelivery, waits && !owesDelivery)
    }

    /// Takes the kinds to deliver. If the node fired for good, removes the
    /// links, once. With `keep`, the node goes to `state`, whose
    /// ``Scheduler/runCallbacks(_:)`` delivers after the lock; otherwise
    /// nothing is delivered.
    func takeCallbackLocked(_ state: ThreadState, keep: Bool = true) {
        delivering = keep ? pending : []
        pending = []
        if !flags.contains(.fired) && !flags.contains(.cancelled) {
            // The `.willSet` of `[.willSet, .didSet]`: armed still.
            if keep, !delivering.isEmpty {
                state.firedOneShots.push(Unmanaged.passRetained(self).toOpaque())
            }
            return
        }
        Graph.removeAllLocked(self, state: state)
        let reference = keepAlive
        keepAlive = nil
        if isCountedAsWaiting {
            isCountedAsWaiting = false
            // Under the lock, the root cannot change.
            Component.currentRoot(of: self)?._withUnsafeGuaranteedRef {
                _ = $0.waitingBeforeChange.wrappingSubtract(1, ordering: .relaxed)
            }
        }
        if flags.contains(.finished) {
            if let reference { state.releaseLater(reference) }
            return
        }
        flags.insert(.finished)
        if keep {
            // The list owns a reference: the waiting node's own, or a new one.
            state.firedOneShots.push((reference ?? .passRetained(self)).toOpaque())
            return
        }
        if let reference { state.releaseLater(reference) }
    }

    /// Delivers what ``takeCallbackLocked(_:keep:)`` took, without a lock:
    /// one call per kind, `.willSet` before `.didSet`. On the writer's
    /// thread, or posted to the callback's actor if the thread is not on it.
    func runTakenCallback(_ state: ThreadState) {
        let kinds = delivering
        delivering = []
        if kinds.isEmpty { return }
        if let binding, !binding.isCurrent(state) {
            // Kept alive by the posted closure until it runs.
            wasPosted = true
            binding.post { self.deliver(kinds) }
            return
        }
        deliver(kinds)
    }

    private func deliver(_ kinds: Announcements) {
        let onEvent: @Sendable (Announcement) -> Void
        switch callback {
        case .plain(let onChange):
            // Once per kind; without an event, nothing can cancel between.
            for _ in 0..<kinds.rawValue.nonzeroBitCount { onChange() }
            return
        case .event(let body):
            onEvent = body
        }
        let cause = lastCauseNode
        var first = true
        for kind in AnnouncementKind.announced where kinds.contains(kind.member) {
            // An event's cancel() stops the rest.
            if !first, isCancelledByEvent { return }
            first = false
            let changes: [Node] = kind == .deinit ? [] : cause.map { [$0] } ?? []
            onEvent(Announcement(kind: kind, changes: changes, to: self))
        }
    }

    private var lastCauseNode: Node? {
        let component = Component.lock(self)
        defer { component._withUnsafeGuaranteedRef { $0.unlock() } }
        return lastCause?.takeUnretainedValue()
    }

    private var isCancelledByEvent: Bool {
        let component = Component.lock(self)
        defer { component._withUnsafeGuaranteedRef { $0.unlock() } }
        return flags.contains(.cancelled)
    }

    /// ``Announcement/cancel()``: no further delivery; the links go.
    func cancelFromEvent() {
        let state = ThreadState.current
        let component = Component.lock(self)
        if flags.contains(.finished) && flags.contains(.cancelled) {
            component._withUnsafeGuaranteedRef { $0.unlock() }
            return
        }
        flags.insert(.cancelled)
        let wasFinished = flags.contains(.finished)
        if !wasFinished {
            pending = []
            takeCallbackLocked(state, keep: false)
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
    }

    deinit {
        if let cause = lastCause { cause.release() }
    }
}
