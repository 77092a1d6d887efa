import Synchronization

/// A vertex of the dependency graph that subscribers can read: a tracked
/// property of one object, or a derived value.
///
/// The engine knows nothing of property wrappers or objects here: a node has
/// a list of subscribers, a count of links that point to it, and a version.
@usableFromInline
class Node: @unchecked Sendable {
    /// Head of the list of links whose subscribers are notified when this
    /// node changes. Guarded by ``GraphLock``.
    @exclusivity(unchecked)
    final var firstSubscriber: LinkPointer?

    /// How many links point here, in subscriber lists or not. Zero means no
    /// one can need to hear of a change, which is the write fast path: it is
    /// read without the lock, and changed only under it.
    @usableFromInline
    final let linkCount = Atomic<Int>(0)

    /// Bumped each time the node changes while something links to it.
    /// Subscribers compare it with the version they saw. A derived value's
    /// is written only under the lock (a load and a store); a property's may
    /// be bumped by several threads at once, without the lock, so with an
    /// atomic increment.
    final let version = Atomic<UInt64>(0)

    /// The ``SubscriberNode/runMark`` of the last run that read this node.
    /// Written by running threads without the lock; only ever compared for
    /// equality with the reader's own mark (the inlined `@Tracked` getter
    /// compares it with the thread's current run mark).
    @usableFromInline
    final let readMark = Atomic<UInt64>(0)

    /// Set, under the lock, when the object that owns this node is gone.
    @exclusivity(unchecked)
    final var isDead = false

    /// Whether this node is a derived value (a ``SubscriberNode`` that others
    /// can read), so that propagation can continue through it.
    final let isDerived: Bool

    init(isDerived: Bool = false) {
        self.isDerived = isDerived
    }

    /// How diagnostics name this node, e.g. `\Counter.value`.
    var displayName: String { "value" }
}
