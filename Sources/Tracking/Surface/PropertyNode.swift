import Synchronization

/// The graph node of one tracked property of one object.
///
/// The engine learns the node's object and name at its first link
/// (``RegistrarStorage/registerLocked(_:name:)``), so that creating an object
/// costs nothing more than allocating its nodes.
@usableFromInline
class PropertyNode: Node, @unchecked Sendable {
    /// Whether the owning object's registrar knows this node: set, under the
    /// lock, at the first link. Read without the lock to skip that step.
    final let isRegistered = Atomic<Bool>(false)

    /// How diagnostics name the property, e.g. `\Book.title`; set with
    /// `registrar`. Guarded by ``GraphLock``.
    @exclusivity(unchecked)
    final var name: String?

    /// The ``ThreadState/transactionMark`` of the explicit transaction that
    /// took a snapshot of this property. Written by the writing thread, read
    /// by threads validating their observers.
    final let snapshotMark = Atomic<UInt64>(0)

    /// The ``ThreadState/transactionMark`` of the explicit transaction that
    /// has already told every subscriber of this property, all of them
    /// observers now queued on that transaction's thread: later writes in the
    /// same transaction need not walk them again. Cleared when a subscriber
    /// attaches.
    final let propagatedMark = Atomic<UInt64>(0)

    @usableFromInline
    init() {
        super.init(isDerived: false)
    }

    /// Records the value before the first change in an explicit transaction;
    /// only properties with an equality policy (`==` or `===`) can, and
    /// return true.
    func takeSnapshot(_ state: ThreadState) -> Bool { false }

    /// Set once, under the lock, before the first link exists; whoever
    /// reaches the node through a link sees it.
    override var displayName: String {
        name ?? "a tracked property"
    }
}

/// A property whose changes are announced by hand, through
/// ``TrackingRegistrar/access(_:keyPath:)`` and friends; found by key path.
final class KeyPathPropertyNode: PropertyNode, @unchecked Sendable {
    let keyPath: AnyKeyPath

    init(keyPath: AnyKeyPath) {
        self.keyPath = keyPath
        super.init()
    }
}

extension PropertyNode {
    /// The first half of a write that something may depend on: opens a
    /// transaction and fires the before-change (`.willSet`) one-shots.
    /// Returns the thread state, unretained, to pass to ``endChange(_:)``.
    @usableFromInline
    final func beginChange() -> UnsafeMutableRawPointer {
        let pointer = ThreadState.currentPointer
        Unmanaged<ThreadState>.fromOpaque(pointer)._withUnsafeGuaranteedRef { beginChange($0) }
        return pointer
    }

    private final func beginChange(_ state: ThreadState) {
        Scheduler.beginTransaction(state)
        if state.recordsSnapshots, snapshotMark.load(ordering: .relaxed) != state.transactionMark,
           takeSnapshot(state) {
            snapshotMark.store(state.transactionMark, ordering: .relaxed)
        }
        if OneShotNode.waitingBeforeChange.load(ordering: .relaxed) > 0 {
            GraphLock.lock()
            Graph.collectBeforeChangeLocked(from: self, state: state)
            Scheduler.takeOneShotsLocked(state)
            GraphLock.unlock()
            Scheduler.runCallbacks(state)
        }
    }

    /// The second half, after the new value is stored: bumps the version,
    /// marks what depends on the property, fires after-change one-shots and
    /// closes the transaction, which runs the queued observers if it was the
    /// outermost.
    @usableFromInline
    final func endChange(_ state: UnsafeMutableRawPointer) {
        Unmanaged<ThreadState>.fromOpaque(state)._withUnsafeGuaranteedRef { endChange($0) }
    }

    final func endChange(_ state: ThreadState) {
        state.changesAnnounced &+= 1
        if state.recordsSnapshots, propagatedMark.load(ordering: .relaxed) == state.transactionMark {
            // Every subscriber already waits for the end of this transaction.
            // No lock, so an atomic increment: announcements of one property
            // may come from several threads at once (`TrackingRegistrar`'s
            // `didSet` and `withMutation` run their bump outside the caller's
            // own synchronization), and a lost or reordered bump could bring
            // the version back to one a subscriber already saw.
            version.wrappingAdd(1, ordering: .relaxed)
            Graph.sourceChanged(state)
            Scheduler.endTransaction(state)
            return
        }
        // The before-change one-shots may have taken the last links.
        if linkCount.load(ordering: .relaxed) != 0 {
            // With a snapshot, the property may be changed back before the
            // transaction ends: subscribers validate instead of running.
            let snapshot = snapshotMark.load(ordering: .relaxed)
            let mark: SubscriberFlags = snapshot != 0 && snapshot == state.transactionMark ? .pending : .dirty
            GraphLock.lock()
            // Atomic even under the lock: the unlocked bump above may race with it.
            version.wrappingAdd(1, ordering: .relaxed)
            Graph.sourceChanged(state)
            let onlyObserversQueuedHere = Graph.propagateLocked(from: self, direct: mark, state: state)
            if onlyObserversQueuedHere, state.recordsSnapshots {
                propagatedMark.store(state.transactionMark, ordering: .relaxed)
            }
            Scheduler.takeOneShotsLocked(state)
            GraphLock.unlock()
            Scheduler.runCallbacks(state)
        }
        Scheduler.endTransaction(state)
    }
}
