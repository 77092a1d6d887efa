/// The entry points through which surfaces announce what happens to a
/// ``SourceNode``: a read in the current scope, the two halves of a change,
/// and the death of the object that owns it. A write travels one way: the
/// surface's setter, ``willChange(_:)``, the store, ``didChange(_:_:)``, the
/// graph (``Graph/propagateLocked(from:direct:state:)``), the scheduler, the
/// observers.
extension SourceNode {
    /// Records that the subscriber running on this thread (`scope`, the
    /// current scope) read this node: a hand-written property's read. A
    /// read found new that the run made before a derived value computed
    /// inside it took the mark is no new link
    /// (``SubscriberNode/readEarlierInThisRun(_:_:)``).
    @inline(__always)
    final func recordRead(in scope: UnsafeMutableRawPointer) {
        Unmanaged<SubscriberNode>.fromOpaque(scope)._withUnsafeGuaranteedRef { subscriber in
            if case .new = subscriber.trackFast(self) { _ = subscriber.addLinkOnThisThread(to: self) }
        }
    }

    /// The first half of a change that something may depend on, before the
    /// new value is stored: opens a transaction, takes the transaction's
    /// snapshot if this is its first change of the node, and fires the
    /// before-change (`.willSet`) one-shots. Returns the thread state,
    /// unretained, to pass to ``didChange(_:)``.
    @usableFromInline
    final func willChange() -> UnsafeMutableRawPointer {
        let pointer = ThreadState.currentPointer
        Unmanaged<ThreadState>.fromOpaque(pointer)._withUnsafeGuaranteedRef { willChange($0, mayMatch: true) }
        return pointer
    }

    /// ``willChange()`` for a new value that compared unequal to the stored
    /// one: if this is the transaction's first change of the node, the
    /// value cannot equal its snapshot at the end unless another change
    /// follows.
    @usableFromInline
    final func willChangeToUnequalValue() -> UnsafeMutableRawPointer {
        let pointer = ThreadState.currentPointer
        Unmanaged<ThreadState>.fromOpaque(pointer)._withUnsafeGuaranteedRef { willChange($0, mayMatch: false) }
        return pointer
    }

    /// The before-change one-shots, rare, are out of line, so that the
    /// usual change saves no registers.
    private final func willChange(_ state: ThreadState, mayMatch: Bool) {
        Scheduler.beginTransaction(state)
        if state.recordsSnapshots {
            if snapshotMark.load(ordering: .relaxed) != state.transactionMark {
                Transactions.snapshot(self, state, mayMatch: mayMatch)
            } else {
                // A second change in the transaction may change it back.
                snapshotMayMatch = true
            }
        }
        if let root = Component.currentRoot(of: self),
           root._withUnsafeGuaranteedRef({ $0.waitingBeforeChange.load(ordering: .relaxed) }) > 0 {
            fireBeforeChangeOneShots(state)
        }
    }

    @inline(never)
    private final func fireBeforeChangeOneShots(_ state: ThreadState) {
        let component = Component.lock(self)
        Graph.collectBeforeChangeLocked(from: self, state: state)
        Scheduler.takeOneShotsLocked(state)
        component._withUnsafeGuaranteedRef { $0.unlock() }
        Scheduler.runCallbacks(state)
    }

    /// The second half, after the new value is stored: bumps the version,
    /// marks what depends on the node, fires after-change one-shots and
    /// closes the transaction, which runs the queued observers if it was the
    /// outermost.
    @usableFromInline
    final func didChange(_ state: UnsafeMutableRawPointer) {
        Unmanaged<ThreadState>.fromOpaque(state)._withUnsafeGuaranteedRef { didChange($0) }
    }

    final func didChange(_ state: ThreadState) {
        state.changesAnnounced &+= 1
        // The before-change one-shots may have taken the last links.
        if linkCount.load(ordering: .relaxed) != 0 {
            // With a snapshot, the value may be changed back before the
            // transaction ends: subscribers validate instead of running.
            let snapshot = snapshotMark.load(ordering: .relaxed)
            let mark: SubscriberFlags = snapshot != 0 && snapshot == state.transactionMark ? .pending : .dirty
            let component = Component.lock(self)
            version.store(version.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
            let onlyObserversQueuedHere = Graph.propagateLocked(from: self, direct: mark, state: state)
            if onlyObserversQueuedHere, state.recordsSnapshots,
               linkCount.load(ordering: .relaxed) == attachedCount {
                // Every subscriber now waits for the end of this transaction on
                // this thread: further writes in it only store, unseen, and
                // may change the value back.
                fastWriteMark.store(state.transactionMark, ordering: .relaxed)
                if snapshot == state.transactionMark { snapshotMayMatch = true }
            }
            Scheduler.takeOneShotsLocked(state)
            component._withUnsafeGuaranteedRef { $0.unlock() }
            Scheduler.runCallbacks(state)
        }
        Scheduler.endTransaction(state)
    }

    /// The object that owns `nodes` is gone: every subscriber that read one
    /// of them hears of it once, as of a change (before-change one-shots
    /// included), and the nodes leave their subscriber lists. A node that
    /// links still point to outlives the object until the last of them is
    /// removed (``Graph/removeLocked(_:state:)`` releases it).
    static func ownerDied<Nodes: Sequence>(_ nodes: Nodes) where Nodes.Element: SourceNode {
        let state = ThreadState.current
        Scheduler.beginTransaction(state)
        // Subscribers tell a deinit event from a change by this flag.
        let wasAnnouncingDeath = state.isAnnouncingDeath
        state.isAnnouncingDeath = true
        for node in nodes {
            if node.snapshotMark.load(ordering: .relaxed) != 0 { Transactions.ownerDying(node) }
            guard node.linkCount.load(ordering: .relaxed) != 0 || node.componentBits.load(ordering: .acquiring) != 0 else {
                continue
            }
            let component = Component.lock(node)
            if component._withUnsafeGuaranteedRef({ $0.waitingBeforeChange.load(ordering: .relaxed) }) > 0 {
                Graph.collectBeforeChangeLocked(from: node, state: state)
            }
            node.version.store(node.version.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
            state.changesAnnounced &+= 1
            var link = node.firstSubscriber
            while let current = link {
                current.pointee.subscriber._withUnsafeGuaranteedRef { _ = $0.flags.insert(.sourceDied) }
                link = current.pointee.nextSubscriber
            }
            Graph.propagateLocked(from: node, state: state)
            Graph.markObserversBehindDerivedValuesLocked(from: node)
            link = node.firstSubscriber
            while let current = link {
                link = current.pointee.nextSubscriber
                current.pointee.previousSubscriber = Link.unattached
                current.pointee.nextSubscriber = nil
            }
            node.firstSubscriber = nil
            node.attachedCount = 0
            node.isDead = true
            if node.linkCount.load(ordering: .relaxed) > 0 { _ = Unmanaged.passRetained(node) }
            Scheduler.takeOneShotsLocked(state)
            component._withUnsafeGuaranteedRef { $0.unlock() }
            state.isAnnouncingDeath = false
            Scheduler.runCallbacks(state)
            state.isAnnouncingDeath = true
        }
        state.isAnnouncingDeath = wasAnnouncingDeath
        Scheduler.endTransaction(state)
    }
}
