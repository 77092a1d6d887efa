/// A pointer to a ``Link``. Links live in manually managed slabs (see
/// ``LinkPool``) so that creating one costs no heap allocation and no
/// reference counting of the link itself.
@usableFromInline
typealias LinkPointer = UnsafeMutablePointer<Link>

/// One dependency: `subscriber` read `source` during its last run.
///
/// A link sits in two lists at once:
/// - the subscriber's dependency list (`nextDependency`), in the order of the
///   reads, owned by the thread that is running the subscriber;
/// - the source's subscriber list (`previousSubscriber`/`nextSubscriber`),
///   guarded by the graph lock, which is what a write walks. A derived value
///   that nobody observes keeps its dependency list but is not in its
///   sources' subscriber lists (see ``SubscriberNode/isSubscribed``).
///
/// Six words: 48 bytes per dependency.
@usableFromInline
struct Link {
    /// What was read. The link holds a strong reference to it.
    var source: Unmanaged<Node>
    /// Who read it. Not retained: a subscriber removes its links before it dies.
    var subscriber: Unmanaged<SubscriberNode>
    var previousSubscriber: LinkPointer?
    var nextSubscriber: LinkPointer?
    var nextDependency: LinkPointer?
    /// `source.version` when the subscriber last read it; a pending subscriber
    /// compares it with the source's current version to decide whether it
    /// must run again.
    var version: UInt64
}

/// Allocates and recycles links. Every call must hold ``graphLock``.
enum LinkPool {
    private static let slabSize = 512
    nonisolated(unsafe) private static var freeList: LinkPointer?
    /// Live links, for tests and leak checks.
    nonisolated(unsafe) static var liveCount = 0

    static func make(
        source: Node, subscriber: SubscriberNode, version: UInt64
    ) -> LinkPointer {
        if freeList == nil { growFreeList() }
        let link = freeList.unsafelyUnwrapped
        freeList = link.pointee.nextDependency
        link.initialize(to: Link(
            source: .passRetained(source),
            subscriber: .passUnretained(subscriber),
            previousSubscriber: nil,
            nextSubscriber: nil,
            nextDependency: nil,
            version: version))
        liveCount += 1
        return link
    }

    /// Returns a link to the pool and hands back its source, still retained:
    /// the caller releases it after unlocking the graph, because the release
    /// may run the deinitializer of a derived value and, through it, user code.
    static func recycle(_ link: LinkPointer) -> Unmanaged<Node> {
        let source = link.pointee.source
        link.pointee.nextDependency = freeList
        freeList = link
        liveCount -= 1
        return source
    }

    private static func growFreeList() {
        let slab = LinkPointer.allocate(capacity: slabSize)
        for index in 0..<slabSize {
            let next: LinkPointer? = index + 1 < slabSize ? slab + (index + 1) : nil
            (slab + index).initialize(to: Link(
                source: .passUnretained(placeholderNode),
                subscriber: .passUnretained(placeholderSubscriber),
                previousSubscriber: nil, nextSubscriber: nil,
                nextDependency: next, version: 0))
        }
        freeList = slab
    }
}

private let placeholderNode = Node()
private let placeholderSubscriber = SubscriberNode(kind: .observer)
