import CTrackingSupport
import Synchronization

/// How an observer ends: the cleanups its runs register, which run before
/// its next run and when it is cancelled, and cancellation itself, which
/// frees its links, causes, callbacks and children once it is neither
/// queued nor running.
extension ObserverNode {
    // MARK: Cleanups

    /// Registers cleanup work of the run in progress on this thread.
    func addCleanup(_ cleanup: Cleanup) {
        // Only the running thread touches the list until the run ends; the
        // box that holds it is made under the lock, where other threads
        // look for children.
        if !hasFamily { makeFamilyLocking() }
        cleanups.append(cleanup)
    }

    /// Before a re-run: runs the last run's cleanups, newest first, reading
    /// untracked. What they write is seen by the run that follows and does
    /// not make it run again.
    func runCleanupsBeforeRun(_ state: ThreadState) {
        let taken = cleanups
        cleanups.removeAll()
        ObserverNode.run(taken, state)
        let component = Component.lock(self)
        if !flags.contains(.cancelled) {
            flags.remove([.dirty, .pending])
            dropPendingLocked(state)
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
    }

    /// Runs cleanups newest first, untracked and in one transaction, each on
    /// its actor: at once if this thread runs on it, else posted there. They
    /// run outside every observer's body, even when another observer's body
    /// cancelled theirs: `onCleanup` in a cleanup registers nothing.
    static func run(_ cleanups: [Cleanup], _ state: ThreadState) {
        if cleanups.isEmpty { return }
        Scheduler.beginTransaction(state)
        let runningObserver = state.runningObserver
        state.runningObserver = nil
        defer { state.runningObserver = runningObserver }
        untrackedRun {
            for cleanup in cleanups.reversed() {
                if let binding = cleanup.binding, !binding.isCurrent(state) {
                    binding.post(cleanup.work)
                } else {
                    cleanup.work()
                }
            }
        }
        Scheduler.endTransaction(state)
    }

    // MARK: Cancelling

    /// What a cancelled observer lets go of, released after the lock.
    struct Released {
        var callback: @Sendable () -> Void
        var eventCallback: (@Sendable (Announcement) -> Void)?
        var cleanups: [Cleanup]
    }

    /// Stops the observer and frees its links at once, unless it is running,
    /// in which case the run frees them when it ends. Runs the children's
    /// cleanups, then its own. Idempotent.
    @inline(__always)
    final func cancel() {
        // A second cancel (a token released after its `cancel()`) has
        // nothing to do: the first one set the flag and did it.
        if cancelRequested.load(ordering: .relaxed) { return }
        ThreadState.withCurrent { cancel($0) }
    }

    @inline(never)
    private func cancel(_ state: ThreadState) {
        if componentBits.load(ordering: .acquiring) == 0 {
            cancelUnshared(state)
            return
        }
        let component = Component.lock(self)
        // Claimed by an exchange, not by the flag, so that a cancel on the
        // unshared path (no lock) and one here cannot both go ahead.
        if cancelRequested.exchange(true, ordering: .acquiringAndReleasing) {
            component._withUnsafeGuaranteedRef { $0.unlock() }
            return
        }
        let current = flags
        if !current.isDisjoint(with: [.queued, .running]) || hasFamily || takesEvents {
            cancelLocked(component, state)
            return
        }
        // The usual observer, idle, with no children, cleanups or events:
        // its links, causes and body go now, with nothing to keep or run.
        flags = current.union(.cancelled)
        Graph.removeAllLocked(self, state: state)
        releaseCausesLocked(state)
        // In a struct: a closure passed generically is wrapped in a thunk,
        // an allocation.
        let body = TakenCallback(body: callback.take(replacingWith: doNothing))
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
        // Released here, after the lock: its captures may end anything.
        withExtendedLifetime(body) {}
    }

    /// ``cancel(_:)`` of an observer that never linked to anything and
    /// belongs to no component: no other thread runs it. Its token may be
    /// cancelled on two threads at once, though: the exchange lets one of
    /// them go ahead (two took the body, and released it twice).
    @inline(never)
    private func cancelUnshared(_ state: ThreadState) {
        if cancelRequested.exchange(true, ordering: .acquiringAndReleasing) { return }
        flags.insert(.cancelled)
        keepWhileQueuedOrRunningLocked()
        if !children.isEmpty { ObserverNode.cancel(takeChildren()) }
        if flags.contains(.running) { return }
        finishCancel(releaseEverythingLocked(state), state)
    }

    /// ``cancel(_:)`` of an observer that is queued or running, or has
    /// children, cleanups or events. Call with `component` locked, having
    /// claimed the cancellation (``cancelRequested``), the observer not yet
    /// flagged `.cancelled`; unlocks it.
    @inline(never)
    private func cancelLocked(_ component: Unmanaged<Component>, _ state: ThreadState) {
        flags.insert(.cancelled)
        keepWhileQueuedOrRunningLocked()
        let orphans = children.isEmpty ? nil : takeChildren()
        var released: Released?
        if !flags.contains(.running) {
            released = releaseEverythingLocked(state)
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.drainReleases()
        if let orphans { ObserverNode.cancel(orphans) }
        if let released { finishCancel(released, state) }
    }

    /// Queues and runs hold no reference to the observer: cancelled (its
    /// owner may then release it) while queued or running, it holds one to
    /// itself, until ``takeKeptLocked()`` finds it neither. Call under the
    /// lock, as it is flagged `.cancelled`.
    @inline(__always)
    private func keepWhileQueuedOrRunningLocked() {
        if flags.isDisjoint(with: [.queued, .running]) { return }
        flags.insert(.kept)
        _ = Unmanaged.passUnretained(self).retain()
    }

    /// Whether the observer holds a reference to itself (``SubscriberFlags/kept``)
    /// that it no longer needs, being neither queued nor running; if so, the
    /// flag is cleared and the caller releases it with ``releaseKept(_:)``
    /// once it is done with the node. Call under the lock.
    @inline(__always)
    final func takeKeptLocked() -> Bool {
        if !flags.contains(.kept) || !flags.isDisjoint(with: [.queued, .running]) { return false }
        flags.remove(.kept)
        return true
    }

    /// Releases the reference ``takeKeptLocked()`` gave up: the last use of
    /// `observer` by the caller.
    @inline(never)
    static func releaseKept(_ observer: ObserverNode) {
        Unmanaged.passUnretained(observer).release()
    }

    /// Empties ``children`` and returns what it held. Call under the lock,
    /// or where no other thread can reach the node.
    private func takeChildren() -> [ObserverNode] {
        var orphans: [ObserverNode] = []
        swap(&orphans, &children)
        return orphans
    }

    /// Cancels the children of the previous run (``orphans``).
    @inline(never)
    func cancelOrphans() {
        var taken: [ObserverNode] = []
        swap(&taken, &orphans)
        ObserverNode.cancel(taken)
    }

    /// Cancels children, the newest first.
    @inline(never)
    private static func cancel(_ children: [ObserverNode]) {
        for child in children.reversed() { child.cancel() }
    }

    /// After the lock: runs the cleanups of a cancelled observer and lets go
    /// of its callbacks.
    func finishCancel(_ released: Released, _ state: ThreadState) {
        ObserverNode.run(released.cleanups, state)
        withExtendedLifetime(released) {}
    }

    /// Lets go of the causes the observer keeps, for `state` to release
    /// after the lock.
    @inline(__always)
    private func releaseCausesLocked(_ state: ThreadState) {
        if let cause = lastCause {
            state.releaseLater(cause)
            lastCause = nil
        }
        dropPendingLocked(state)
        if let parked = parkedCause {
            state.releaseLater(parked)
            parkedCause = nil
        }
    }

    /// Frees the links, the causes, the callbacks and the cleanups of a
    /// cancelled observer; returned, to be released after the lock.
    func releaseEverythingLocked(_ state: ThreadState) -> Released {
        Graph.removeAllLocked(self, state: state)
        releaseCausesLocked(state)
        // Moved out, not copied: the node's own references go to the caller.
        var released = Released(
            callback: callback.take(replacingWith: doNothing),
            eventCallback: takesEvents ? withEvents.takeEventCallbackLocked() : nil, cleanups: [])
        if !cleanups.isEmpty { swap(&released.cleanups, &cleanups) }
        return released
    }
}

/// A callback taken from a cancelled observer, kept until the lock is
/// released.
private struct TakenCallback {
    let body: @Sendable () -> Void
}

/// What few observers have: children and cleanups (see
/// ``ObserverNode/children``, ``ObserverNode/orphans`` and
/// ``ObserverNode/cleanups``).
final class ObserverFamily {
    var children: [ObserverNode] = []
    var orphans: [ObserverNode] = []
    var cleanups: [Cleanup] = []
}

/// Cleanup work an observer's run registered, and the actor it must run on.
struct Cleanup: Sendable {
    let work: @Sendable () -> Void
    let binding: ActorBinding?
}
