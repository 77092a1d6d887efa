import CTrackingSupport

/// A subscriber that reacts after each transaction that changed something it
/// read: it either runs its body again (`observe`) or tells its owner that it
/// is invalid and waits to be tracked again (the scope form, used by view
/// hosts and async sequences).
final class ObserverNode: SubscriberNode, @unchecked Sendable {
    enum Mode {
        /// Re-run the callback, tracking its reads.
        case rerun
        /// Call the callback, then wait for the owner to track again.
        case invalidate
    }

    let mode: Mode

    /// The body (`.rerun`) or the invalidation handler (`.invalidate`);
    /// ``doNothing`` once cancelled. Guarded by the component lock, but stable
    /// while the node is `.running`: cancelling a running node leaves it to
    /// the run's end. Not optional: an optional closure is stored
    /// generically, and calling it would allocate a thunk on every run.
    @exclusivity(unchecked)
    private var callback: @Sendable () -> Void

    /// Observers created during this observer's run; cancelled when it runs
    /// again or is cancelled. Guarded by the component lock.
    @exclusivity(unchecked)
    private var children: [ObserverNode] = []

    /// Where the observer was created, for diagnostics.
    let origin: SourceLocation

    init(mode: Mode, origin: SourceLocation, callback: @escaping @Sendable () -> Void) {
        self.mode = mode
        self.origin = origin
        self.callback = callback
        super.init(kind: .observer)
    }

    override var subscriberName: String { "observer created at \(origin)" }

    // MARK: Marking (under the lock)

    /// A dependency changed (`.dirty`) or may have changed (`.pending`).
    func markLocked(_ mark: SubscriberFlags, cause: Node, state: ThreadState) {
        if flags.contains(.cancelled) { return }
        flags.insert(mark)
        recordCauseLocked(cause, state: state)
        if flags.isDisjoint(with: [.queued, .running, .invalidated]) {
            flags.insert(.queued)
            queuedThread = state.identity
            state.queue.append(self)
        }
    }

    /// Whether the observer waits in `state`'s queue (so only that thread
    /// will run it), and is not running now.
    func isQueuedLocked(on state: ThreadState) -> Bool {
        flags.contains(.queued) && !flags.contains(.running) && queuedThread == state.identity
    }

    /// The thread state whose queue holds the observer. Guarded by the
    /// component lock.
    @exclusivity(unchecked)
    private var queuedThread: UnsafeMutableRawPointer?

    private func recordCauseLocked(_ cause: Node, state: ThreadState) {
        let bits = Unmanaged.passUnretained(cause).toOpaque()
        if lastCause?.toOpaque() == bits { return }
        if let old = lastCause { state.releaseLater(old) }
        lastCause = .passRetained(cause)
    }

    /// Makes `child` a child of this observer, which is running on this
    /// thread; the child joins this observer's component.
    func adopt(_ child: ObserverNode) {
        Component.join(self, child)
        let component = Component.lock(self)
        children.append(child)
        component._withUnsafeGuaranteedRef { $0.unlock() }
    }

    // MARK: Running

    /// Runs the observer now: the first run of `observe`.
    func run(_ state: ThreadState) {
        if componentBits.load(ordering: .acquiring) == 0 {
            // Brand new and no one else can reach it yet: no lock to take.
            claimLocked(state)
            perform(state, orphans: [])
            return
        }
        let component = Component.lock(self)
        guard flags.isDisjoint(with: [.cancelled, .running]) else {
            component._withUnsafeGuaranteedRef { $0.unlock() }
            return
        }
        let orphans = beginRunLocked(state)
        component._withUnsafeGuaranteedRef { $0.unlock() }
        perform(state, orphans: orphans)
    }

    /// Runs a queued observer if it must: when it is dirty, or when it is
    /// pending and one of its derived dependencies really changed.
    func runIfNeeded(_ state: ThreadState) {
        var component = Component.lock(self)
        flags.remove(.queued)
        if !flags.isDisjoint(with: [.cancelled, .running, .invalidated])
            || flags.isDisjoint(with: [.dirty, .pending]) {
            component._withUnsafeGuaranteedRef { $0.unlock() }
            return
        }
        if !flags.contains(.dirty) {
            // Pending only: run only if a derived dependency really changed.
            claimLocked(state)
            let changed = Pull.run(self, state, &component)
            releaseClaimLocked()
            if flags.contains(.cancelled) {
                let released = releaseEverythingLocked(state)
                component._withUnsafeGuaranteedRef { $0.unlock() }
                state.drainReleases()
                withExtendedLifetime(released) {}
                return
            }
            if !changed {
                component._withUnsafeGuaranteedRef { $0.unlock() }
                state.drainReleases()
                return
            }
        }
        let orphans = beginRunLocked(state)
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
        perform(state, orphans: orphans)
    }

    /// Claims the node for a run; returns the children to cancel.
    private func beginRunLocked(_ state: ThreadState) -> [ObserverNode] {
        // An invalidation handler may ask whether a source died
        // (``dependencyWasDeallocated``): that stays known until the next
        // ``track(_:_:)``.
        flags.remove(mode == .rerun ? [.dirty, .pending, .invalidated, .sourceDied] : [.dirty, .pending, .invalidated])
        claimLocked(state)
        if children.isEmpty { return [] }
        let orphans = children
        children.removeAll()
        return orphans
    }

    /// Runs the callback of a claimed node.
    private func perform(_ state: ThreadState, orphans: [ObserverNode]) {
        for child in orphans { child.cancel() }
        // Stable while we hold `.running`.
        let callback = self.callback
        switch mode {
        case .rerun:
            let previous = beginTracking(state)
            callback()
            endTracking(restoring: previous)
            finishRun(state)
        case .invalidate:
            let component = Component.lock(self)
            releaseClaimLocked()
            // A cancel that arrived since the claim left the links to this
            // run's end: free them now, and tell no one.
            let cancelled = flags.contains(.cancelled)
            var released: (@Sendable () -> Void)?
            if cancelled {
                released = releaseEverythingLocked(state)
            } else {
                flags.insert(.invalidated)
            }
            component._withUnsafeGuaranteedRef { $0.unlock() }
            state.drainReleases()
            withExtendedLifetime(released) {}
            if !cancelled { callback() }
        }
    }

    /// Tracks `body` as this scope's new set of dependencies (the scope form).
    func track<T, E: Error>(_ state: ThreadState, _ body: () throws(E) -> T) throws(E) -> T {
        let component = Component.lock(self)
        let usable = flags.isDisjoint(with: [.cancelled, .running])
        if usable {
            flags.remove([.dirty, .pending, .invalidated, .sourceDied])
            claimLocked(state)
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        guard usable else { return try body() }
        let previous = beginTracking(state)
        defer {
            endTracking(restoring: previous)
            finishRun(state)
        }
        return try body()
    }

    /// Ends a run: drops the reads it did not repeat, and queues the observer
    /// again if something it read changed while it ran.
    private func finishRun(_ state: ThreadState) {
        if componentBits.load(ordering: .acquiring) == 0, firstDependency == nil {
            // Read nothing and never reachable by another thread: done.
            releaseClaimLocked()
            return
        }
        let component = lockForFinish(state)
        flags.insert(finishTrackingLocked(state))
        releaseClaimLocked()
        var released: (@Sendable () -> Void)?
        if flags.contains(.cancelled) {
            released = releaseEverythingLocked(state)
        } else if !flags.isDisjoint(with: [.dirty, .pending]) && !flags.contains(.queued) {
            flags.insert(.queued)
            queuedThread = state.identity
            state.queue.append(self)
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
        withExtendedLifetime(released) {}
    }

    // MARK: Cancelling

    /// Stops the observer and frees its links at once, unless it is running,
    /// in which case the run frees them when it ends. Idempotent.
    func cancel() {
        let state = ThreadState.current
        if componentBits.load(ordering: .acquiring) == 0 {
            // It never linked to anything and belongs to no component: no
            // other thread can be using it.
            if flags.contains(.cancelled) { return }
            flags.insert(.cancelled)
            let released = callback
            callback = doNothing
            let orphans = children
            children.removeAll()
            withExtendedLifetime(released) {}
            for child in orphans { child.cancel() }
            return
        }
        let component = Component.lock(self)
        if flags.contains(.cancelled) {
            component._withUnsafeGuaranteedRef { $0.unlock() }
            return
        }
        flags.insert(.cancelled)
        let orphans = children
        children.removeAll()
        var released: (@Sendable () -> Void)?
        if !flags.contains(.running) {
            released = releaseEverythingLocked(state)
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
        withExtendedLifetime(released) {}
        for child in orphans { child.cancel() }
    }

    /// Frees the links, the cause and the callback of a cancelled observer;
    /// the callback is returned so that it is released after the lock.
    private func releaseEverythingLocked(_ state: ThreadState) -> (@Sendable () -> Void)? {
        Graph.removeAllLocked(self, state: state)
        if let cause = lastCause {
            state.releaseLater(cause)
            lastCause = nil
        }
        let released = callback
        callback = doNothing
        return released
    }

    /// Whether an object this observer read was deallocated since its last run.
    var dependencyWasDeallocated: Bool {
        withLockedFlags { $0.contains(.sourceDied) }
    }

    var isCancelled: Bool {
        withLockedFlags { $0.contains(.cancelled) }
    }

    private func withLockedFlags<R>(_ body: (SubscriberFlags) -> R) -> R {
        if componentBits.load(ordering: .acquiring) == 0 { return body(flags) }
        let component = Component.lock(self)
        defer { component._withUnsafeGuaranteedRef { $0.unlock() } }
        return body(flags)
    }
}

/// Where something was created, for diagnostics.
struct SourceLocation: CustomStringConvertible, Sendable {
    let fileID: StaticString
    let line: UInt

    var description: String { "\(fileID):\(line)" }
}

/// The callback of a cancelled observer or a fired one-shot.
let doNothing: @Sendable () -> Void = {}
