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
/// freed, and recycled in chains: each thread keeps a few in its
/// ``ThreadState`` so that a new dependency takes no lock, and trades whole
/// chains (of ``chainSize`` links, but for those of exiting threads) with
/// this pool, under a lock of its own, taken once per chain. A chain is
/// linked through `nextDependency`; the pool stacks chains through their
/// heads' `nextSubscriber`. Neither side walks a chain to count or split it.
enum LinkPool {
    /// The length of the chains threads trade with the pool.
    static let chainSize = 64
    private static let chainsPerSlab = 8
    private static let lock = SpinLock()
    /// The free chains, stacked through their heads. Guarded by `lock`.
    @exclusivity(unchecked)
    nonisolated(unsafe) private static var freeChains: LinkPointer?

    /// Links freed by threads that have exited (see ``ThreadState``).
    static let retiredLiveCount = Atomic<Int>(0)

    /// Links in use in the process: each thread counts the links it made and
    /// recycled (without a shared atomic on the hot path); the sum is taken
    /// over the live threads.
    static var liveCount: Int {
        ThreadState.registry.sum { $0.liveLinks.load(ordering: .relaxed) }
            + retiredLiveCount.load(ordering: .relaxed)
    }

    /// Takes a chain of free links (at least one, ending in nil) for the
    /// caller to own.
    static func takeChain() -> LinkPointer {
        lock.withLock {
            if freeChains == nil { growLocked() }
            let head = freeChains.unsafelyUnwrapped
            freeChains = head.pointee.nextSubscriber
            return head
        }
    }

    /// Returns a chain of links (ending in nil) to the pool.
    static func giveChain(_ head: LinkPointer) {
        lock.withLock {
            head.pointee.nextSubscriber = freeChains
            freeChains = head
        }
    }

    private static func growLocked() {
        let slab = LinkPointer.allocate(capacity: chainSize * chainsPerSlab)
        for index in 0..<chainSize * chainsPerSlab {
            let endsChain = (index + 1) % chainSize == 0
            (slab + index).initialize(to: Link(
                source: .passUnretained(placeholderNode),
                subscriber: .passUnretained(placeholderSubscriber),
                previousSubscriber: Link.unattached, nextSubscriber: nil,
                nextDependency: endsChain ? nil : slab + (index + 1), version: 0))
        }
        for chain in 0..<chainsPerSlab {
            let head = slab + chain * chainSize
            head.pointee.nextSubscriber = freeChains
            freeChains = head
        }
    }
}

private let placeholderNode = SourceNode()
private let placeholderSubscriber = SubscriberNode(kind: .observer)
