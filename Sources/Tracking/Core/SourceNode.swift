import Synchronization

/// A node whose changes are announced from outside the graph: the engine's
/// view of one stored property of one object. Surfaces subclass it to give it
/// a name and, for properties with an equality policy, snapshots.
///
/// A change is announced in two halves, ``willChange()`` before the new value
/// is stored and ``didChange(_:)`` after, so that before-change scopes see the
/// old value and everything else sees the new one.
@usableFromInline
class SourceNode: Node, @unchecked Sendable {
    /// The ``ThreadState/transactionMark`` of the explicit transaction in
    /// which every subscriber of this node has already been told of a change,
    /// all of them observers queued on that transaction's thread (and nothing
    /// else links here): a further write in that transaction needs no lock
    /// and no walk, only the store. Cleared whenever a link to the node is
    /// added. Compared by a surface's inlined setter with the thread's
    /// transaction mark, which is never 0.
    @usableFromInline
    final let fastWriteMark = Atomic<UInt64>(0)

    /// The ``ThreadState/transactionMark`` of the explicit transaction that
    /// took a snapshot of this node. Written and read by that transaction's
    /// thread, and flagged by the owner's death meanwhile
    /// (``Transactions/ownerDied``).
    final let snapshotMark = Atomic<UInt64>(0)

    /// The version before the snapshotting transaction's first change.
    @exclusivity(unchecked)
    final var snapshotVersion: UInt64 = 0

    /// Whether the value may equal the snapshot again: false while the
    /// snapshotting transaction's only change of the node is a write that
    /// compared unequal to the value before, so that its end needs no
    /// comparison. Written and read by that transaction's thread.
    @exclusivity(unchecked)
    final var snapshotMayMatch = true

    /// The size of the value when a surface keeps snapshots inline, in a
    /// word of its node (a trivial value of at most eight bytes), else 0.
    /// Set when the node is made. Beside ``snapshotMayMatch``, in what would
    /// be padding.
    final var inlineSnapshotSize: UInt8 = 0

    init() {
        super.init(isDerived: false)
    }

    // MARK: What a surface provides

    /// Records the current value before the first change in an explicit
    /// transaction. Returns false when the node cannot tell equal values
    /// apart (no equality policy), which takes no snapshot.
    func takeSnapshot() -> Bool { false }

    /// Whether the value now equals the snapshot (the transaction changed it
    /// and changed it back). Called by the snapshotting thread, without locks.
    func snapshotIsUnchanged() -> Bool { false }

    /// Drops the snapshot.
    func dropSnapshot() {}
}
