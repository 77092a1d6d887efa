import Synchronization

/// A subscriber that fires once, at the first change to anything it read,
/// then removes all its links: the engine behind ``withTracking(_:onChange:)``.
final class OneShotNode: SubscriberNode, @unchecked Sendable {
    enum Timing {
        /// Fire before the new value is stored, as Apple's
        /// `withObservationTracking` does.
        case beforeChange
        /// Fire after the new value is stored.
        case afterChange
    }

    let timing: Timing

    /// Nil once fired or discarded. Guarded by ``graphLock``.
    private var onChange: (@Sendable () -> Void)?

    /// The node itself while it waits for a change: links do not retain
    /// their subscribers, and the caller of `withTracking` keeps no reference.
    private var keepAlive: OneShotNode?

    /// How many before-change one-shots are waiting. While it is zero, a write
    /// skips the before-change walk and its lock.
    static let waitingBeforeChange = Atomic<Int>(0)

    init(timing: Timing, onChange: @escaping @Sendable () -> Void) {
        self.timing = timing
        self.onChange = onChange
        super.init(kind: .oneShot)
        if timing == .beforeChange {
            OneShotNode.waitingBeforeChange.add(1, ordering: .relaxed)
        }
    }

    override var subscriberName: String { "withTracking scope" }

    /// Marks the node fired if `timing` is its timing. A node still inside its
    /// `apply` closure fires when the closure returns; otherwise it is queued
    /// on `state` to fire once the lock is released.
    func markLocked(timing: Timing, cause: Node, state: ThreadState) {
        guard timing == self.timing, flags.isDisjoint(with: [.fired, .cancelled]) else { return }
        flags.insert(.fired)
        if lastCause == nil { lastCause = .passRetained(cause) }
        if !flags.contains(.running) {
            state.oneShotsToFire.append(self)
        }
    }

    /// Removes every link, then calls `onChange`. Call without the lock.
    func fire(_ state: ThreadState) {
        graphLock.lock()
        let callback = takeCallbackLocked(state)
        let node = keepAlive
        keepAlive = nil
        graphLock.unlock()
        state.drainReleases()
        callback?()
        withExtendedLifetime(node) {}
    }

    /// Ends the node without firing it (its `apply` read nothing, or threw).
    func discard(_ state: ThreadState) {
        graphLock.lock()
        flags.insert(.cancelled)
        let callback = takeCallbackLocked(state)
        let node = keepAlive
        keepAlive = nil
        graphLock.unlock()
        state.drainReleases()
        withExtendedLifetime((callback, node)) {}
    }

    /// After `apply`: keeps the node alive until it fires.
    func waitForChange() {
        graphLock.lock()
        if flags.isDisjoint(with: [.fired, .cancelled]) { keepAlive = self }
        graphLock.unlock()
    }

    private func takeCallbackLocked(_ state: ThreadState) -> (@Sendable () -> Void)? {
        Graph.removeAllLocked(self, state: state)
        if let cause = lastCause {
            state.releases.append(cause)
            lastCause = nil
        }
        let callback = onChange
        if callback != nil, timing == .beforeChange {
            OneShotNode.waitingBeforeChange.subtract(1, ordering: .relaxed)
        }
        onChange = nil
        return callback
    }

    /// The end of the `apply` closure: the node stops running; returns whether
    /// a change arrived meanwhile, in which case the caller fires it.
    func finishApply() -> Bool {
        graphLock.lock()
        flags.remove(.running)
        let firedMeanwhile = flags.contains(.fired)
        graphLock.unlock()
        return firedMeanwhile
    }
}
