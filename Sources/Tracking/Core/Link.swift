import Synchronization

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
///   guarded by the lock of the component the two share, which is what a
///   write walks. A link joins that list when the run that made it ends.
///
/// Six words: 48 bytes per dependency.
@usableFromInline
struct Link {
    /// What was read. The link holds a strong reference to it.
    @usableFromInline
    var source: Unmanaged<Node>
    /// Who read it. Not retained: a subscriber removes its links before it dies.
    @usableFromInline
    var subscriber: Unmanaged<SubscriberNode>
    @usableFromInline
    var previousSubscriber: LinkPointer?
    @usableFromInline
    var nextSubscriber: LinkPointer?
    @usableFromInline
    var nextDependency: LinkPointer?
    /// `source.version` when the subscriber last read it; a pending subscriber
    /// compares it with the source's current version to decide whether it
    /// must run again.
    @usableFromInline
    var version: UInt64
}

extension Link {
    /// Marks a link that is in no subscriber list: new in a running
    /// subscriber, or pointing at a deallocated object. Not a valid address.
    @inline(__always)
    static var unattached: LinkPointer { LinkPointer(bitPattern: 0x8).unsafelyUnwrapped }

    /// Whether the link is in its source's subscriber list.
    var isAttached: Bool { previousSubscriber != Link.unattached }
}

/// The shared supply of links. Links are carved from slabs that are never
/// freed, and recycled through a free list; each thread keeps a few in its
/// ``ThreadState`` so that a new dependency takes no lock. The shared list has
/// a lock of its own, taken once per 64 links a thread makes or frees.
enum LinkPool {
    private static let slabSize = 512
    private static let lock = SpinLock()
    /// Guarded by `lock`.
    @exclusivity(unchecked)
    nonisolated(unsafe) private static var freeList: LinkPointer?
    @exclusivity(unchecked)
    nonisolated(unsafe) private static var freeCount = 0

    /// Links freed by threads that have exited (see ``ThreadState``).
    static let retiredLiveCount = Atomic<Int>(0)

    /// Links in use in the process: each thread counts the links it made and
    /// recycled (without a shared atomic on the hot path); the sum is taken
    /// over the live threads.
    static var liveCount: Int {
        ThreadState.registry.sum { $0.liveLinks.load(ordering: .relaxed) }
            + retiredLiveCount.load(ordering: .relaxed)
    }

    private static func withLock<R>(_ body: () -> R) -> R {
        lock.withLock(body)
    }

    /// Moves up to `count` links from the shared free list to a chain the
    /// caller owns (linked through `nextDependency`).
    static func takeChain(_ count: Int) -> LinkPointer {
        withLock { takeChainLocked(count) }
    }

    private static func takeChainLocked(_ count: Int) -> LinkPointer {
        if freeList == nil { growFreeListLocked() }
        let head = freeList.unsafelyUnwrapped
        var tail = head
        var taken = 1
        while taken < count, let next = tail.pointee.nextDependency {
            tail = next
            taken += 1
        }
        freeList = tail.pointee.nextDependency
        freeCount -= taken
        tail.pointee.nextDependency = nil
        return head
    }

    /// Returns a chain of `count` links to the shared free list.
    static func giveChain(_ head: LinkPointer, _ tail: LinkPointer, count: Int) {
        withLock {
            tail.pointee.nextDependency = freeList
            freeList = head
            freeCount += count
        }
    }

    private static func growFreeListLocked() {
        let slab = LinkPointer.allocate(capacity: slabSize)
        for index in 0..<slabSize {
            let next: LinkPointer? = index + 1 < slabSize ? slab + (index + 1) : freeList
            (slab + index).initialize(to: Link(
                source: .passUnretained(placeholderNode),
                subscriber: .passUnretained(placeholderSubscriber),
                previousSubscriber: Link.unattached, nextSubscriber: nil,
                nextDependency: next, version: 0))
        }
        freeList = slab
        freeCount += slabSize
    }
}

private let placeholderNode = SourceNode()
private let placeholderSubscriber = SubscriberNode(kind: .observer)
