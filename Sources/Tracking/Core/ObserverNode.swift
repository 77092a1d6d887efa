import CTrackingSupport

/// A subscriber that reacts after each transaction that changed something it
/// read: it either runs its body again (`observe`) or tells its owner that it
/// is invalid and waits to be tracked again (``TrackingScope``, used by view
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
    /// ``doNothing`` once cancelled. Guarded by ``GraphLock``, but stable
    /// while the node is `.running`: cancelling a running node leaves it to
    /// the run's end. Not optional: an optional closure is stored
    /// generically, and calling it would allocate a thunk on every run.
    @exclusivity(unchecked)
    private var callback: @Sendable () -> Void

    /// Observers created during this observer's run; cancelled when it runs
    /// again or is cancelled. Guarded by ``GraphLock``.
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

    /// The thread state whose queue holds the observer. Guarded by ``GraphLock``.
    @exclusivity(unchecked)
    private var queuedThread: UnsafeMutableRawPointer?

    private func recordCauseLocked(_ cause: Node, state: ThreadState) {
        let bits = Unmanaged.passUnretained(cause).toOpaque()
        if lastCause?.toOpaque() == bits { return }
        if let old = lastCause { state.releaseLater(old) }
        lastCause = .passRetained(cause)
    }

    func adoptLocked(_ child: ObserverNode) {
        children.append(child)
    }

    // MARK: Running

    /// Runs the observer now: the first run of `observe`.
    func run(_ state: ThreadState) {
        GraphLock.lock()
        guard flags.isDisjoint(with: [.cancelled, .running]) else {
            GraphLock.unlock()
            return
        }
        let orphans = beginRunLocked(state)
        GraphLock.unlock()
        perform(state, orphans: orphans)
    }

    /// Runs a queued observer if it must: when it is dirty, or when it is
    /// pending and one of its derived dependencies really changed.
    func runIfNeeded(_ state: ThreadState) {
        GraphLock.lock()
        flags.remove(.queued)
        if !flags.isDisjoint(with: [.cancelled, .running, .invalidated])
            || flags.isDisjoint(with: [.dirty, .pending]) {
            GraphLock.unlock()
            return
        }
        // Pending only: run only if a derived dependency really changed. The
        // check takes the pending mark before it starts, so that a mark that
        // another thread's write adds meanwhile survives it: the check then
        // starts over (clearing the mark afterwards lost that write for good).
        while !flags.contains(.dirty) {
            flags.remove(.pending)
            flags.insert(.running)
            runningThread = state.identity
            GraphLock.unlock()
            let changed = dependenciesChanged(state)
            GraphLock.lock()
            flags.remove(.running)
            runningThread = nil
            if flags.contains(.cancelled) {
                let released = releaseEverythingLocked(state)
                GraphLock.unlock()
                state.drainReleases()
                withExtendedLifetime(released) {}
                return
            }
            if changed { break }
            if !flags.contains(.pending) {
                GraphLock.unlock()
                return
            }
        }
        let orphans = beginRunLocked(state)
        GraphLock.unlock()
        perform(state, orphans: orphans)
    }

    /// Claims the node for a run; returns the children to cancel.
    private func beginRunLocked(_ state: ThreadState) -> [ObserverNode] {
        // An invalidation handler may ask whether a source died
        // (``dependencyWasDeallocated``): that stays known until the next
        // ``track(_:_:)``.
        flags.remove(mode == .rerun ? [.dirty, .pending, .invalidated, .sourceDied] : [.dirty, .pending, .invalidated])
        flags.insert(.running)
        runningThread = state.identity
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
            GraphLock.lock()
            flags.remove(.running)
            runningThread = nil
            // A cancel that arrived since the claim left the links to this
            // run's end: free them now, and tell no one.
            let cancelled = flags.contains(.cancelled)
            var released: (@Sendable () -> Void)?
            if cancelled {
                released = releaseEverythingLocked(state)
            } else {
                flags.insert(.invalidated)
            }
            GraphLock.unlock()
            state.drainReleases()
            withExtendedLifetime(released) {}
            if !cancelled { callback() }
        }
    }

    /// Tracks `body` as this scope's new set of dependencies (the scope form).
    func track<T, E: Error>(_ state: ThreadState, _ body: () throws(E) -> T) throws(E) -> T {
        GraphLock.lock()
        let usable = flags.isDisjoint(with: [.cancelled, .running])
        if usable {
            flags.remove([.dirty, .pending, .invalidated, .sourceDied])
            flags.insert(.running)
            runningThread = state.identity
        }
        GraphLock.unlock()
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
        GraphLock.lock()
        flags.insert(finishTrackingLocked(state))
        flags.remove(.running)
        runningThread = nil
        var released: (@Sendable () -> Void)?
        if flags.contains(.cancelled) {
            released = releaseEverythingLocked(state)
        } else if !flags.isDisjoint(with: [.dirty, .pending]) && !flags.contains(.queued) {
            flags.insert(.queued)
            queuedThread = state.identity
            state.queue.append(self)
        }
        GraphLock.unlock()
        state.drainReleases()
        withExtendedLifetime(released) {}
    }

    // MARK: Cancelling

    /// Stops the observer and frees its links at once, unless it is running,
    /// in which case the run frees them when it ends. Idempotent.
    func cancel() {
        let state = ThreadState.current
        GraphLock.lock()
        if flags.contains(.cancelled) {
            GraphLock.unlock()
            return
        }
        flags.insert(.cancelled)
        let orphans = children
        children.removeAll()
        var released: (@Sendable () -> Void)?
        if !flags.contains(.running) {
            released = releaseEverythingLocked(state)
        }
        GraphLock.unlock()
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
        GraphLock.lock()
        defer { GraphLock.unlock() }
        return flags.contains(.sourceDied)
    }

    var isCancelled: Bool {
        GraphLock.lock()
        defer { GraphLock.unlock() }
        return flags.contains(.cancelled)
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
