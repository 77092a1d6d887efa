import Synchronization

/// A vertex of the dependency graph that subscribers can read: a source (a
/// tracked property of one object, see ``SourceNode``) or a derived value.
///
/// A node has a list of subscribers, a count of the links that point to it,
/// a version, and the ``Component`` whose lock guards it.
///
/// The fields are in the order of use: those a write, a validation and a
/// read touch first, in the node's first cache line; the small ones last, so
/// that a subscriber's flags pack beside them.
@usableFromInline
class Node: @unchecked Sendable {
    /// Head of the list of links whose subscribers are notified when this
    /// node changes. Guarded by the component lock.
    @exclusivity(unchecked)
    final var firstSubscriber: LinkPointer?

    /// Bumped each time the node changes while something links to it, under
    /// the component lock; read without it. Subscribers compare it with the
    /// version they saw.
    @usableFromInline
    final let version = Atomic<UInt64>(0)

    /// The ``SubscriberNode/runMark`` of the last run that read this node.
    /// Written by running threads without the lock; only ever compared for
    /// equality with the reader's own mark (a surface's inlined getter
    /// compares it with the thread's current run mark).
    @usableFromInline
    final let readMark = Atomic<UInt64>(0)

    /// The component this node joined first (a retained `Component`), or 0
    /// until it needs one; set once while other threads can reach the node
    /// (a recycled one-shot gives it back, see ``Component/leave(_:)``).
    /// See ``Component``.
    @usableFromInline
    final let componentBits = Atomic<UInt>(0)

    /// How many links point here, in the subscriber list or about to join it.
    /// Zero means no one can need to hear of a change, which is the write
    /// fast path: it is read without the lock. Running subscribers add to it
    /// without the lock; removals happen under it.
    @usableFromInline
    final let linkCount = Atomic<Int>(0)

    /// How many links are in the subscriber list. Guarded by the component
    /// lock. Fewer than ``linkCount`` while some run has read the node for
    /// the first time and not finished yet.
    @exclusivity(unchecked)
    final var attachedCount = 0

    /// Whether this node is a derived value (a ``SubscriberNode`` that others
    /// can read), so that propagation can continue through it.
    final let isDerived: Bool

    /// Set, under the component lock, when the object that owns this node is
    /// gone.
    @exclusivity(unchecked)
    final var isDead = false

    /// Inlined into every node's initializer: a call here costs more than
    /// the stores.
    @inline(__always)
    init(isDerived: Bool) {
        self.isDerived = isDerived
    }

    deinit {
        let bits = componentBits.load(ordering: .relaxed)
        if bits != 0 {
            Unmanaged<Component>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped).release()
        }
    }

    /// How diagnostics name this node, e.g. `\Counter.value`.
    var displayName: String { "value" }
}
