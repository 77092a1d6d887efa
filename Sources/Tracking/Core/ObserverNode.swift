import CTrackingSupport

/// A subscriber that reacts after each transaction that changed something it
/// read: it either runs its body again (`observe`) or tells its owner that it
/// is invalid and waits to be tracked again (``TrackingScope``, used by view
/// hosts and async sequences).
final class ObserverNode: SubscriberNode, @unchecked Sendable {
    enum Action {
        /// Re-run this body, tracking its reads.
        case rerun(@Sendable () -> Void)
        /// Call this, then wait for the owner to track again.
        case invalidate(@Sendable () -> Void)
    }

    /// Nil once cancelled. Read and cleared under the lock; the closure is
    /// released after it.
    private var action: Action?

    /// Observers created during this observer's run; cancelled when it runs
    /// again or is cancelled. Guarded by ``graphLock``.
    private var children: [ObserverNode] = []

    /// Where the observer was created, for diagnostics.
    let origin: SourceLocation

    init(action: Action, origin: SourceLocation) {
        self.action = action
        self.origin = origin
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
            state.queue.append(self)
        }
    }

    func recordCauseLocked(_ cause: Node, state: ThreadState) {
        let bits = Unmanaged.passUnretained(cause).toOpaque()
        if lastCause?.toOpaque() == bits { return }
        if let old = lastCause { state.releases.append(old) }
        lastCause = .passRetained(cause)
    }

    func adoptLocked(_ child: ObserverNode) {
        children.append(child)
    }

    // MARK: Running

    /// Runs the observer now, tracking its reads: the first run of `observe`
    /// and every re-run.
    func run(_ state: ThreadState) {
        graphLock.lock()
        guard !flags.contains(.cancelled), !flags.contains(.running), let action else {
            graphLock.unlock()
            return
        }
        flags.remove([.dirty, .pending, .invalidated])
        flags.insert(.running)
        runningThread = state.identity
        let orphans = children
        children.removeAll()
        graphLock.unlock()
        for child in orphans { child.cancel() }

        switch action {
        case .rerun(let body):
            let previous = beginTracking()
            body()
            endTracking(restoring: previous)
            finishRun(state)
        case .invalidate(let notify):
            graphLock.lock()
            flags.remove(.running)
            flags.insert(.invalidated)
            runningThread = nil
            graphLock.unlock()
            notify()
        }
    }

    /// Runs a queued observer if it must: when it is dirty, or when it is
    /// pending and one of its derived dependencies really changed.
    func runIfNeeded(_ state: ThreadState) {
        graphLock.lock()
        flags.remove(.queued)
        if flags.contains(.cancelled) || flags.contains(.running)
            || flags.contains(.invalidated) || flags.isDisjoint(with: [.dirty, .pending]) {
            graphLock.unlock()
            return
        }
        if !flags.contains(.dirty) {
            flags.insert(.running)
            runningThread = state.identity
            graphLock.unlock()
            let changed = dependenciesChanged(state)
            graphLock.lock()
            flags.remove(.running)
            runningThread = nil
            if !changed && !flags.contains(.dirty) {
                flags.remove(.pending)
                var released: Action?
                if flags.contains(.cancelled) { released = releaseEverythingLocked(state) }
                graphLock.unlock()
                state.drainReleases()
                withExtendedLifetime(released) {}
                return
            }
        }
        graphLock.unlock()
        run(state)
    }

    /// Tracks `body` as this scope's new set of dependencies (the scope form).
    func track<T, E: Error>(_ state: ThreadState, _ body: () throws(E) -> T) throws(E) -> T {
        graphLock.lock()
        let usable = !flags.contains(.cancelled) && !flags.contains(.running)
        if usable {
            flags.remove([.dirty, .pending, .invalidated])
            flags.insert(.running)
            runningThread = state.identity
        }
        graphLock.unlock()
        guard usable else { return try body() }
        let previous = beginTracking()
        defer {
            endTracking(restoring: previous)
            finishRun(state)
        }
        return try body()
    }

    /// Ends a run: drops the reads it did not repeat, and queues the observer
    /// again if something it read changed while it ran.
    private func finishRun(_ state: ThreadState) {
        graphLock.lock()
        Graph.truncateLocked(self, state: state)
        flags.remove(.running)
        runningThread = nil
        var released: Action?
        if flags.contains(.cancelled) {
            released = releaseEverythingLocked(state)
        } else if !flags.isDisjoint(with: [.dirty, .pending]) && !flags.contains(.queued) {
            flags.insert(.queued)
            state.queue.append(self)
        }
        graphLock.unlock()
        state.drainReleases()
        withExtendedLifetime(released) {}
    }

    // MARK: Cancelling

    /// Stops the observer and frees its links at once, unless it is running,
    /// in which case the run frees them when it ends. Idempotent.
    func cancel() {
        let state = ThreadState.current
        graphLock.lock()
        if flags.contains(.cancelled) {
            graphLock.unlock()
            return
        }
        flags.insert(.cancelled)
        let orphans = children
        children.removeAll()
        var released: Action?
        if !flags.contains(.running) {
            released = releaseEverythingLocked(state)
        }
        graphLock.unlock()
        state.drainReleases()
        withExtendedLifetime(released) {}
        for child in orphans { child.cancel() }
    }

    /// Frees the links, the cause and the action of a cancelled observer; the
    /// action is returned so that its closure is released after the lock.
    private func releaseEverythingLocked(_ state: ThreadState) -> Action? {
        Graph.removeAllLocked(self, state: state)
        if let cause = lastCause {
            state.releases.append(cause)
            lastCause = nil
        }
        let released = action
        action = nil
        return released
    }

    var isCancelled: Bool {
        graphLock.lock()
        defer { graphLock.unlock() }
        return flags.contains(.cancelled)
    }
}

/// Where something was created, for diagnostics.
struct SourceLocation: CustomStringConvertible, Sendable {
    let fileID: StaticString
    let line: UInt

    var description: String { "\(fileID):\(line)" }
}
