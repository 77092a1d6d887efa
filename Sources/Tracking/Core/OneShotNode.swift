import Synchronization

/// A subscriber that fires once, at the first change to anything it read,
/// then removes all its links: the engine behind ``withTracking(options:_:onChange:)``.
final class OneShotNode: SubscriberNode, @unchecked Sendable {
    enum Timing {
        /// Fire before the new value is stored, as Apple's
        /// `withObservationTracking` does.
        case beforeChange
        /// Fire after the new value is stored.
        case afterChange
    }

    let timing: Timing

    /// ``doNothing`` once fired or discarded (not optional: see
    /// ``ObserverNode``). Guarded by the component lock.
    @exclusivity(unchecked)
    private var onChange: @Sendable () -> Void

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

    init(timing: Timing, onChange: @escaping @Sendable () -> Void) {
        self.timing = timing
        self.onChange = onChange
        super.init(kind: .oneShot)
    }

    override var subscriberName: String { "withTracking scope" }

    /// Marks the node fired if `timing` is its timing. A node still inside its
    /// `apply` closure fires when the closure returns; otherwise it is
    /// collected on `state`, for ``Scheduler/takeOneShotsLocked(_:)``.
    func markLocked(timing: Timing, cause: Node, state: ThreadState) {
        guard timing == self.timing, flags.isDisjoint(with: [.fired, .cancelled]) else { return }
        flags.insert(.fired)
        if state.callbackDepth >= Scheduler.maximumCallbackNesting {
            // Deep in a chain of callbacks: keep the name in case it never ends.
            state.chainCauses.insert(cause.displayName)
        }
        if !flags.contains(.running) {
            state.oneShotsToFire.push(Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// Removes every link, then calls `onChange`. Call without a lock.
    func fire(_ state: ThreadState) {
        let component = Component.lock(self)
        takeCallbackLocked(state)
        component._withUnsafeGuaranteedRef { $0.unlock() }
        Scheduler.runCallbacks(state)
    }

    /// Ends the node without firing it: its `apply` read nothing, or threw.
    func discard(_ state: ThreadState) {
        if firstDependency == nil {
            // It read nothing: no other thread can reach it, and it needs no
            // component.
            flags.insert([.cancelled, .finished])
            let callback = onChange
            onChange = doNothing
            withExtendedLifetime(callback) {}
            return
        }
        let component = lockForFinish(state)
        _ = finishTrackingLocked(state)
        flags.insert(.cancelled)
        let callback = takeCallbackLocked(state, keep: false)
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
        withExtendedLifetime(callback) {}
    }

    /// The end of the `apply` closure: the node stops running, and waits for
    /// a change (kept alive meanwhile: links do not retain subscribers, and
    /// the caller of `withTracking` keeps no reference). Returns whether a
    /// change arrived during `apply`, in which case the caller fires it.
    func finishApply(_ state: ThreadState) -> Bool {
        let component = lockForFinish(state)
        let changed = finishTrackingLocked(state)
        flags.remove(.running)
        if !changed.isEmpty { flags.insert(.fired) }
        let firedMeanwhile = flags.contains(.fired)
        if !firedMeanwhile {
            keepAlive = .passRetained(self)
            if timing == .beforeChange {
                isCountedAsWaiting = true
                component._withUnsafeGuaranteedRef { _ = $0.waitingBeforeChange.wrappingAdd(1, ordering: .relaxed) }
            }
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        return firedMeanwhile
    }

    /// Removes the links and takes the callback, once. With `keep`, the node
    /// goes to `state`, whose ``Scheduler/runCallbacks(_:)`` calls it after
    /// the lock; otherwise the callback is returned.
    @discardableResult
    func takeCallbackLocked(_ state: ThreadState, keep: Bool = true) -> (@Sendable () -> Void)? {
        Graph.removeAllLocked(self, state: state)
        if let cause = lastCause {
            state.releaseLater(cause)
            lastCause = nil
        }
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
            return nil
        }
        flags.insert(.finished)
        if keep {
            // The list owns a reference: the waiting node's own, or a new one.
            state.firedOneShots.push((reference ?? .passRetained(self)).toOpaque())
            return nil
        }
        if let reference { state.releaseLater(reference) }
        let callback = onChange
        onChange = doNothing
        return callback
    }

    /// Calls the callback of a node that ``takeCallbackLocked(_:keep:)`` took
    /// (so that no other thread touches it any more), without a lock.
    func runTakenCallback() {
        let callback = onChange
        onChange = doNothing
        callback()
    }
}
