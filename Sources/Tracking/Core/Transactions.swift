import CTrackingSupport

/// What an explicit transaction keeps besides its depth: a mark that
/// identifies it, and the snapshots that let a value changed and changed back
/// within it count as unchanged.
///
/// The first change of a node in the outermost explicit transaction of a
/// thread takes a snapshot of the old value in the node itself (no
/// allocation) and marks the node's subscribers pending instead of dirty.
/// When the transaction ends, before its observers run, each node whose value
/// equals its snapshot again gets its subscribers' links moved to its current
/// version: the links read before the transaction see no change, so neither
/// observers nor derived values — observed or not — run or recompute for it.
/// A link that read an intermediate value has another version and is left
/// alone: what read mid-transaction runs again once.
enum Transactions {
    /// Starts the outermost explicit transaction of this thread, outside the
    /// running of queued observers.
    static func begin(_ state: ThreadState) {
        state.transactionMark = state.nextRunMark()
        tracking_set_transaction_mark(state.transactionMark)
    }

    /// Takes `node`'s snapshot, the first change of it in this transaction,
    /// unless a transaction on another thread holds the node's snapshot (its
    /// subscribers are then simply marked dirty). `mayMatch` is false when
    /// the change stores a value known to differ from the current one.
    static func snapshot(_ node: SourceNode, _ state: ThreadState, mayMatch: Bool) {
        guard node.snapshotMark.compareExchange(
            expected: 0, desired: state.transactionMark, ordering: .acquiring).exchanged else { return }
        guard node.takeSnapshot() else {
            node.snapshotMark.store(0, ordering: .releasing)
            return
        }
        node.snapshotVersion = node.version.load(ordering: .relaxed)
        node.snapshotMayMatch = mayMatch
        // Unretained: the owner keeps the node alive, and if it dies before
        // the end, its death leaves the transaction a reference
        // (``ownerDying(_:)``).
        state.snapshots.push(Unmanaged.passUnretained(node).toOpaque())
    }

    /// Set in ``SourceNode/snapshotMark`` when the node's owner dies while a
    /// transaction holds the node's snapshot: the death then retained the
    /// node for that transaction, which releases it at its end. Transaction
    /// marks never reach it.
    static let ownerDied: UInt64 = 1 << 63

    /// The owner of `node` is dying, on any thread, and still holds its
    /// reference to it: if a transaction holds the node's snapshot, it gets
    /// a reference of its own, so that the node outlives the transaction's
    /// end.
    static func ownerDying(_ node: SourceNode) {
        var mark = node.snapshotMark.load(ordering: .acquiring)
        if mark == 0 { return }
        // Retained before the flag is set: the transaction may release the
        // node as soon as it sees the flag.
        let reference = Unmanaged.passRetained(node)
        while mark != 0, mark & ownerDied == 0 {
            let (exchanged, original) = node.snapshotMark.compareExchange(
                expected: mark, desired: mark | ownerDied, ordering: .acquiringAndReleasing)
            if exchanged { return }
            mark = original
        }
        // The transaction ended meanwhile (or was given one already): the
        // owner's reference still holds the node.
        reference.release()
    }

    /// Ends the transaction begun by ``begin(_:)``: moves the links of the
    /// values changed back to their current versions, and drops the
    /// snapshots. Its observers run after this.
    static func end(_ state: ThreadState) {
        state.transactionMark = 0
        tracking_set_transaction_mark(.max)
        if state.snapshots.isEmpty { return }
        for index in 0..<state.snapshots.count {
            let node = Unmanaged<SourceNode>.fromOpaque(state.snapshots[index])
            let ownerDied = node._withUnsafeGuaranteedRef { node in
                // A node changed once, to a value unequal to the one before,
                // cannot be back where it was: nothing to compare.
                if node.snapshotMayMatch, node.snapshotIsUnchanged() { adoptCurrentVersion(node, state) }
                node.dropSnapshot()
                // The last use of the node, unless its owner died meanwhile.
                return node.snapshotMark.exchange(0, ordering: .acquiringAndReleasing) & Transactions.ownerDied != 0
            }
            if ownerDied { node.release() }
        }
        state.snapshots.truncate(to: 0)
    }

    /// The value of `node` is what it was before the transaction: links that
    /// saw the version from before see the current one.
    private static func adoptCurrentVersion(_ node: SourceNode, _ state: ThreadState) {
        let component = Component.lock(node)
        let before = node.snapshotVersion
        let current = node.version.load(ordering: .relaxed)
        var link = node.firstSubscriber
        while let each = link {
            // A running subscriber's links are its thread's: it sees the
            // change when its run ends.
            let running = each.pointee.subscriber._withUnsafeGuaranteedRef { $0.flags.contains(.running) }
            if !running, each.pointee.version == before { each.pointee.version = current }
            link = each.pointee.nextSubscriber
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
    }
}
