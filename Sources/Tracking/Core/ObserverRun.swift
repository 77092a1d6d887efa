/// Running an observer: its first run, a queued run (after validating a
/// pending one), the scope form's tracking, and the end of a run, which
/// queues the observer again if something it read changed meanwhile, or
/// frees everything if it was cancelled meanwhile.
///
/// A run holds the observer's claim (`.running`) from its start to its end;
/// the component lock is released while the body runs.
extension ObserverNode {
    /// Runs the observer now: the first run of `observe`, on the thread that
    /// creates it (which runs on the observer's actor, if it has one).
    @inline(__always)
    func run(_ state: ThreadState) {
        if componentBits.load(ordering: .acquiring) == 0 {
            // Brand new and no one else can reach it yet: no lock to take.
            claimLocked(state)
            if takesEvents { withEvents.runKind = .initial }
            performFirstRun(state)
            return
        }
        runSharedFirst(state)
    }

    /// ``run(_:)`` of an observer that has a component already: one a
    /// running parent adopted.
    @inline(never)
    private func runSharedFirst(_ state: ThreadState) {
        let component = Component.lock(self)
        guard flags.isDisjoint(with: [.cancelled, .running]) else {
            component._withUnsafeGuaranteedRef { $0.unlock() }
            return
        }
        beginRunLocked(state)
        if takesEvents { withEvents.runKind = .initial }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        performFirstRun(state)
    }

    /// ``perform(_:mayBeUnshared:)`` for the first run.
    @inline(never)
    private func performFirstRun(_ state: ThreadState) {
        perform(state, mayBeUnshared: true)
    }

    /// ``perform(_:mayBeUnshared:)`` for a queued run: the node has a
    /// component (it was locked), so its end skips the unshared case.
    @inline(never)
    private func performQueuedRun(_ state: ThreadState) {
        perform(state, mayBeUnshared: false)
    }

    /// Sends the first run of a brand-new observer to its actor, which the
    /// creating thread is not on.
    func postFirstRun() {
        // The actor starts the run while the creator's token may be
        // cancelled: a component of its own from now on, so that both take
        // its lock (a cancel takes none on a node without one).
        _ = Component.first(of: self)
        flags.insert([.dirty, .queued])
        firstRunIsPending = true
        binding.unsafelyUnwrapped.post(self)
    }

    /// Runs a queued observer if it must: when it is dirty, or when it is
    /// pending and one of its derived dependencies really changed. An
    /// observer bound to an actor this thread is not on is posted there.
    func runIfNeeded(_ state: ThreadState) {
        if isPlain {
            runPlainIfNeeded(state)
            return
        }
        if binding != nil, postedToActor(state) { return }
        runIfNeededLocked(state, Component.lock(self))
    }

    /// ``runIfNeeded(_:)`` of a plain observer (``isPlain``), in one frame:
    /// its usual queued run — marked, not running, cancelled or
    /// invalidated, with no children to cancel and no cleanups to run —
    /// takes the lock twice, the second time on the root the first found.
    /// Any other takes the general path.
    @inline(__always)
    private func runPlainIfNeeded(_ state: ThreadState) {
        var component = lockOwnRoot()
        let current = flags.subtracting(.queued)
        guard current.isDisjoint(with: [.cancelled, .running, .invalidated]),
              !current.isDisjoint(with: .dirtyOrPending) else {
            runIfNeededLocked(state, component)
            return
        }
        // Unqueued and claimed in one write.
        claimLocked(state, flags: current)
        if !current.contains(.dirty) {
            // Pending only: run only if a derived dependency really changed.
            // The claim of the validation is kept for the run.
            if !validateClaimedRun(state, &component) { return }
        }
        if !children.isEmpty || !cleanups.isEmpty {
            // Children to cancel or cleanups to run first: the general run.
            runClaimed(state, component)
            return
        }
        flags.remove([.dirty, .pending, .sourceDied])
        adoptPendingCauseLocked(state)
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
        let previousObserver = state.runningObserver
        state.runningObserver = Unmanaged.passUnretained(self).toOpaque()
        let previous = beginTracking(state)
        callback()
        endTracking(restoring: previous)
        state.runningObserver = previousObserver
        var changed: SubscriberFlags = []
        if newLinksStart == state.newLinks.count {
            component = Component.lockAgain(component, of: self)
            dropUnrepeatedReadsLocked(state)
        } else {
            (component, changed) = lockAndFinishTracking(state)
        }
        flags.insert(changed)
        finishRunLocked(component, state)
    }

    /// Validates the dependencies of a claimed, pending observer: whether
    /// one really changed, so that it runs. If not, or if it was cancelled
    /// meanwhile, ends the claim and unlocks `component`.
    @inline(__always)
    private func validateClaimedRun(_ state: ThreadState, _ component: inout Unmanaged<Component>) -> Bool {
        let changed = Pull.run(self, state, &component)
        if flags.contains(.cancelled) {
            endCancelledClaim(state, component)
            return false
        }
        if !changed {
            releaseClaimLocked()
            dropPendingLocked(state)
            component._withUnsafeGuaranteedRef { $0.unlock() }
            state.drainReleases()
            return false
        }
        return true
    }

    /// The end of a validation during which the observer was cancelled: no
    /// run, and everything goes. Call with `component` locked and the node
    /// claimed; unlocks it.
    @inline(never)
    private func endCancelledClaim(_ state: ThreadState, _ component: Unmanaged<Component>) {
        releaseClaimLocked()
        let released = releaseEverythingLocked(state)
        let kept = takeKeptLocked()
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
        finishCancel(released, state)
        if kept { ObserverNode.releaseKept(self) }
    }

    /// ``runIfNeeded(_:)`` with the component locked.
    @inline(never)
    private func runIfNeededLocked(_ state: ThreadState, _ component: Unmanaged<Component>) {
        var component = component
        let current = flags.subtracting(.queued)
        if !current.isDisjoint(with: [.cancelled, .running, .invalidated])
            || current.isDisjoint(with: [.dirty, .pending]) {
            flags = current
            if !current.contains(.running) { dropPendingLocked(state) }
            let kept = takeKeptLocked()
            component._withUnsafeGuaranteedRef { $0.unlock() }
            state.drainReleases()
            if kept { ObserverNode.releaseKept(self) }
            return
        }
        // Unqueued and claimed in one write.
        claimLocked(state, flags: current)
        if !flags.contains(.dirty) {
            // Pending only: run only if a derived dependency really changed.
            // The claim of the validation is kept for the run.
            if !validateClaimedRun(state, &component) { return }
        }
        runClaimed(state, component)
    }

    /// Runs a claimed observer that must run, the general way. Call with
    /// `component` locked; unlocks it.
    @inline(never)
    private func runClaimed(_ state: ThreadState, _ component: Unmanaged<Component>) {
        beginClaimedRunLocked(state)
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
        performQueuedRun(state)
    }

    /// Hands a queued observer to its actor if this thread is not on it: it
    /// stays flagged `.queued`, so that changes until it runs only mark it,
    /// but no thread's queue holds it any more. Returns whether it did.
    @inline(never)
    private func postedToActor(_ state: ThreadState) -> Bool {
        let binding = self.binding.unsafelyUnwrapped
        if binding.isCurrent(state) { return false }
        let component = Component.lock(self)
        let cancelled = flags.contains(.cancelled)
        if cancelled { flags.remove(.queued) } else { queuedThread = nil }
        let kept = takeKeptLocked()
        component._withUnsafeGuaranteedRef { $0.unlock() }
        if !cancelled { binding.post(self) }
        if kept { ObserverNode.releaseKept(self) }
        return true
    }

    /// Claims the node for a run; moves the children to cancel to
    /// ``orphans``.
    @inline(__always)
    private func beginRunLocked(_ state: ThreadState) {
        claimLocked(state)
        beginClaimedRunLocked(state)
    }

    /// ``beginRunLocked(_:)`` for a node this thread has claimed already.
    @inline(__always)
    private func beginClaimedRunLocked(_ state: ThreadState) {
        // An invalidation handler may ask whether a source died
        // (``dependencyWasDeallocated``): that stays known until the next
        // ``track(_:_:)``.
        flags.remove(mode == .rerun ? [.dirty, .pending, .invalidated, .sourceDied] : [.dirty, .pending, .invalidated])
        adoptPendingCauseLocked(state)
        if takesEvents {
            withEvents.takeEventLocked(first: firstRunIsPending)
            firstRunIsPending = false
        }
        if !children.isEmpty { swap(&orphans, &children) }
    }

    /// Runs the callback of a claimed node. `mayBeUnshared`: whether the
    /// node may have no component yet (see ``finishRun(_:mayBeUnshared:)``).
    @inline(__always)
    private func perform(_ state: ThreadState, mayBeUnshared: Bool) {
        // Children first, each with its own children before it, the newest
        // first: their cleanups run before this observer's.
        if !orphans.isEmpty { cancelOrphans() }
        guard mode == .rerun else {
            performInvalidation(state)
            return
        }
        if !cleanups.isEmpty { runCleanupsBeforeRun(state) }
        // Stable while we hold `.running`.
        let previousObserver = state.runningObserver
        state.runningObserver = Unmanaged.passUnretained(self).toOpaque()
        let previous = beginTracking(state)
        // The children's cleanups and this observer's own may have cancelled
        // it (a cancel during the run leaves the freeing to the run's end):
        // the body does not run again. The run then reads nothing.
        if !cancelRequested.load(ordering: .acquiring) {
            if takesEvents {
                withEvents.callEventCallback()
            } else {
                callback()
            }
        }
        endTracking(restoring: previous)
        state.runningObserver = previousObserver
        finishRun(state, mayBeUnshared: mayBeUnshared)
    }

    /// ``perform(_:mayBeUnshared:)`` of an invalidation handler.
    @inline(never)
    private func performInvalidation(_ state: ThreadState) {
        let callback = self.callback.copy
        let component = Component.lock(self)
        releaseClaimLocked()
        // A cancel that arrived since the claim left the links to this
        // run's end: free them now, and tell no one.
        let cancelled = flags.contains(.cancelled)
        var released: Released?
        if cancelled {
            released = releaseEverythingLocked(state)
        } else {
            flags.insert(.invalidated)
        }
        let kept = takeKeptLocked()
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
        withExtendedLifetime(released) {}
        if kept { ObserverNode.releaseKept(self) }
        if !cancelled { callback() }
    }

    /// Tracks `body` as this scope's new set of dependencies (the scope form).
    func track<T, E: Error>(_ state: ThreadState, _ body: () throws(E) -> T) throws(E) -> T {
        let component = Component.lock(self)
        let usable = flags.isDisjoint(with: [.cancelled, .running])
        if usable {
            flags.remove([.dirty, .pending, .invalidated, .sourceDied])
            claimLocked(state)
            // Changes since the invalidation invalidated nothing.
            dropPendingLocked(state)
            // The observers the last tracking started are its children:
            // cancelled as this one begins, as a re-run's are.
            if !children.isEmpty { swap(&orphans, &children) }
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
        guard usable else { return try body() }
        if !orphans.isEmpty { cancelOrphans() }
        let previous = beginTracking(state)
        defer {
            endTracking(restoring: previous)
            finishTrackedRun(state)
        }
        return try body()
    }

    /// ``finishRun(_:mayBeUnshared:)`` out of line, for ``track(_:_:)``.
    @inline(never)
    private func finishTrackedRun(_ state: ThreadState) {
        finishRun(state, mayBeUnshared: true)
    }

    /// Ends a run: drops the reads it did not repeat, and queues the observer
    /// again if something it read changed while it ran. `mayBeUnshared`
    /// false: the node has a component, so the unshared case is skipped.
    @inline(__always)
    private func finishRun(_ state: ThreadState, mayBeUnshared: Bool) {
        if mayBeUnshared, componentBits.load(ordering: .acquiring) == 0, firstDependency == nil, cleanups.isEmpty {
            // Read nothing and never reachable by another thread: done.
            releaseClaimLocked()
            if flags.contains(.cancelled) { finishCancelledUnsharedRun(state) }
            return
        }
        let (component, changed) = lockAndFinishTracking(state)
        flags.insert(changed)
        finishRunLocked(component, state)
    }

    /// The end of a run once its reads are settled: releases the claim,
    /// frees everything if the observer was cancelled meanwhile, or queues
    /// it again if it was marked. Call with `component` locked; unlocks it.
    @inline(__always)
    private func finishRunLocked(_ component: Unmanaged<Component>, _ state: ThreadState) {
        releaseClaimLocked()
        if flags.contains(.cancelled) {
            finishCancelledRun(component, state)
            return
        } else if !flags.isDisjoint(with: [.dirty, .pending]) && !flags.contains(.queued) {
            flags.insert(.queued)
            queuedThread = state.identity
            state.enqueue(self)
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
    }

    /// ``finishCancelledRun(_:_:)`` for an observer no other thread can reach.
    @inline(never)
    private func finishCancelledUnsharedRun(_ state: ThreadState) {
        let released = releaseEverythingLocked(state)
        let kept = takeKeptLocked()
        finishCancel(released, state)
        if kept { ObserverNode.releaseKept(self) }
    }

    /// The end of a run during which the observer was cancelled: everything
    /// goes now. Call with `component` locked; unlocks it.
    @inline(never)
    private func finishCancelledRun(_ component: Unmanaged<Component>, _ state: ThreadState) {
        let released = releaseEverythingLocked(state)
        let kept = takeKeptLocked()
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
        finishCancel(released, state)
        if kept { ObserverNode.releaseKept(self) }
    }
}
