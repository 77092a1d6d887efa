import Foundation
import CTrackingSupport
import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the engine keeps per thread: the transaction depth, the observers
/// waiting for the end of the transaction, and node references dropped under
/// a component lock that must be released after it.
///
/// Only its own thread touches it, so it needs no lock. It is found through a
/// C thread-local slot and freed when its thread exits.
@usableFromInline
final class ThreadState {
    /// Nesting depth of transactions, explicit or implicit (a single write).
    @exclusivity(unchecked)
    var transactionDepth = 0
    /// How many dependencies this thread has checked while validating
    /// subscribers: for tests of the validation's complexity.
    @exclusivity(unchecked)
    var dependencyChecks = 0
    /// Nesting depth of explicit transactions (`withTransaction`).
    @exclusivity(unchecked)
    var explicitTransactionDepth = 0
    /// Identifies the current outermost explicit transaction in
    /// ``SourceNode/snapshotMark`` and ``SourceNode/fastWriteMark``; 0 outside
    /// one. Mirrored in the C slot `tracking_transaction_mark` (as `UInt64.max`
    /// when 0) while the transaction takes snapshots, for the inlined setter.
    @exclusivity(unchecked)
    var transactionMark: UInt64 = 0
    /// Whether writes now record snapshots: inside the outermost explicit
    /// transaction, outside the running of queued observers.
    @inline(__always)
    var recordsSnapshots: Bool { transactionMark != 0 }
    /// The nodes the current explicit transaction took snapshots of,
    /// unretained (see ``Transactions/ownerDying(_:)``).
    @exclusivity(unchecked)
    var snapshots = PointerStack()
    /// Whether this thread is running the queued observers of a transaction.
    @exclusivity(unchecked)
    var isFlushing = false
    /// How many derived values this thread is computing now, one inside
    /// another: a flush waits while any is, whatever the current scope (an
    /// `untracked` block or a `withTracking` closure in the value's closure
    /// hides the value's scope), so that no observer runs, or reads a value
    /// being computed, in the middle of its computation.
    @usableFromInline
    @exclusivity(unchecked)
    var derivedComputations = 0
    /// How many property changes this thread has announced: a flush counts
    /// a round toward the observer-loop limit only if the round changed
    /// something, so that other threads' writes are not taken for a loop.
    @exclusivity(unchecked)
    var changesAnnounced: UInt64 = 0
    /// Observers marked by this thread's writes (unretained `ObserverNode`s),
    /// to run when the outermost transaction ends. Pushed under component
    /// locks. An observer cancelled while queued keeps itself alive until
    /// its entry is taken (``SubscriberFlags/kept``).
    @exclusivity(unchecked)
    var queue = PointerStack()
    /// The round of observers being run (unretained); swapped with `queue`.
    @exclusivity(unchecked)
    var batch = PointerStack()

    /// Queues `observer`, unretained, for the end of the transaction. Call
    /// under its component's lock, having flagged it `.queued`.
    @inline(__always)
    func enqueue(_ observer: ObserverNode) {
        queue.push(Unmanaged.passUnretained(observer).toOpaque())
    }
    /// One-shot subscribers marked under a component lock, whose callbacks
    /// are to be taken before it is released (unretained: they keep
    /// themselves alive).
    @exclusivity(unchecked)
    var oneShotsToFire = PointerStack()
    /// Fired one-shots (retained) whose callbacks are to be called, in order,
    /// once the lock is released, and how many have been called. Nodes, not
    /// closures: storing a closure generically would allocate a thunk.
    @exclusivity(unchecked)
    var firedOneShots = PointerStack()
    @exclusivity(unchecked)
    var firedOneShotsCalled = 0
    /// Finished one-shot nodes (retained) that only this thread can reach,
    /// for the next `withTracking` (see ``OneShotNode/armed(options:binding:callback:)``).
    @exclusivity(unchecked)
    var spareOneShots = PointerStack(capacity: OneShotNode.spareLimit)
    /// How many calls of ``Scheduler/runCallbacks(_:)`` are on this thread's
    /// stack: one-shot callbacks that write fire more callbacks, nested.
    @exclusivity(unchecked)
    var callbackDepth = 0
    /// Callbacks run at the deepest allowed nesting since the outermost call
    /// began: the length of a chain of one-shots re-armed and triggered from
    /// their own callbacks.
    @exclusivity(unchecked)
    var chainedCallbacks = 0
    /// The properties whose changes fired one-shots marked at that depth, to
    /// name them if the chain is stopped.
    @exclusivity(unchecked)
    var chainCauses: Set<String> = []
    /// The derived values this thread computes without caching, while
    /// another thread computes them (``DerivedNode/computeUncached(_:)``),
    /// innermost last: a cycle's error names them.
    @exclusivity(unchecked)
    var uncachedComputations: [UncachedComputation] = []
    /// Node references (retained) to release once the lock is released.
    @exclusivity(unchecked)
    var releases = PointerStack()
    /// Links added by the runs in progress on this thread, attached to their
    /// sources when each run ends (see ``SubscriberNode/newLinksStart``).
    @exclusivity(unchecked)
    @usableFromInline
    var newLinks = PointerStack(capacity: 64)
    /// Spare links for new dependencies, chained through `nextDependency`:
    /// the chain new links come from (its length is not kept), the links
    /// this thread recycled since (fewer than ``LinkPool/chainSize``), and
    /// full chains of recycled links, stacked through their heads'
    /// `nextSubscriber`. A thread keeps at most ``fullLinkChainLimit`` full
    /// chains; the pool gets the others, whole.
    @exclusivity(unchecked)
    private var spareLinks: LinkPointer?
    @exclusivity(unchecked)
    private var recycledLinks: LinkPointer?
    @exclusivity(unchecked)
    private var recycledLinkCount = 0
    @exclusivity(unchecked)
    private var fullLinkChains: LinkPointer?
    @exclusivity(unchecked)
    private var fullLinkChainCount = 0
    private static let fullLinkChainLimit = 3
    /// Scratch stack for propagation, kept to avoid allocating per write.
    @exclusivity(unchecked)
    var traversal = PointerStack()

    // MARK: Observers bound to actors, events and cleanups (see ActorBinding)

    /// The actor this thread is known to run on now, because the engine is
    /// running code there: an observer created on its actor, or a batch the
    /// actor's ``ActorBinding`` drains. Observers bound to it run here at the
    /// end of a transaction instead of being sent to it.
    @exclusivity(unchecked)
    var currentBinding: ActorBinding?
    /// Set while the death of an object is announced (``SourceNode/ownerDied(_:)``),
    /// so that subscribers can tell a deinit event from a change.
    @exclusivity(unchecked)
    var isAnnouncingDeath = false
    /// The observer whose body runs on this thread now (unretained), for
    /// ``onCleanup(_:)``.
    @exclusivity(unchecked)
    var runningObserver: UnsafeMutableRawPointer?

    /// Links made minus links recycled by this thread. Only this thread
    /// writes it (a plain load and store); others read it for the total.
    let liveLinks = Atomic<Int>(0)

    /// Every thread's state, for process-wide statistics.
    static let registry = ThreadRegistry()

    /// The next run mark and the end of this thread's block of marks.
    @usableFromInline
    @exclusivity(unchecked)
    var runMark: UInt64 = 0
    @usableFromInline
    @exclusivity(unchecked)
    var runMarkLimit: UInt64 = 0
    private static let runMarkBlocks = Atomic<UInt64>(0)
    private static let runMarkBlockSize: UInt64 = 1 << 20

    /// A number no other run, on any thread, ever gets; never zero.
    @inlinable @inline(__always)
    func nextRunMark() -> UInt64 {
        if runMark == runMarkLimit { reserveRunMarks() }
        runMark &+= 1
        return runMark
    }

    @usableFromInline
    func reserveRunMarks() {
        let block = ThreadState.runMarkBlocks.add(1, ordering: .relaxed).newValue
        runMark = block * ThreadState.runMarkBlockSize
        runMarkLimit = runMark + ThreadState.runMarkBlockSize - 1
    }

    /// A link from the thread's spares (refilled from ``LinkPool``, which
    /// takes the lock: never call this with the lock held). The link retains
    /// `source`.
    @inline(__always)
    func makeLink(source: Node, subscriber: SubscriberNode, version: UInt64) -> LinkPointer {
        if spareLinks == nil { refillSpareLinks() }
        let link = spareLinks.unsafelyUnwrapped
        spareLinks = link.pointee.nextDependency
        link.pointee = Link(
            // Only derived values are retained by their links: a source node
            // is kept alive by its owner, and after the owner's death by the
            // links that remain (see ``Change/sourceDied(_:)``).
            source: source.isDerived ? .passRetained(source) : .passUnretained(source),
            subscriber: .passUnretained(subscriber),
            previousSubscriber: Link.unattached,
            nextSubscriber: nil,
            nextDependency: nil,
            version: version)
        liveLinks.store(liveLinks.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        return link
    }

    /// Gives ``spareLinks`` a chain: the recycled links, else a full chain,
    /// else one from the pool.
    @inline(never)
    private func refillSpareLinks() {
        if let recycled = recycledLinks {
            spareLinks = recycled
            recycledLinks = nil
            recycledLinkCount = 0
        } else if let full = fullLinkChains {
            spareLinks = full
            fullLinkChains = full.pointee.nextSubscriber
            fullLinkChainCount -= 1
        } else {
            spareLinks = LinkPool.takeChain()
        }
    }

    /// Takes back a link removed from both lists.
    @inline(__always)
    func recycleLocked(_ link: LinkPointer) {
        link.pointee.nextDependency = recycledLinks
        recycledLinks = link
        recycledLinkCount &+= 1
        liveLinks.store(liveLinks.load(ordering: .relaxed) &- 1, ordering: .relaxed)
        if recycledLinkCount == LinkPool.chainSize { stackRecycledLinks() }
    }

    /// The recycled links make a full chain: it joins the full ones, and the
    /// oldest full one goes to the pool if there are too many (no lock is
    /// held on the pool's: it has a lock of its own, never held with a
    /// component lock waited for).
    @inline(never)
    private func stackRecycledLinks() {
        let chain = recycledLinks.unsafelyUnwrapped
        recycledLinks = nil
        recycledLinkCount = 0
        if fullLinkChainCount == ThreadState.fullLinkChainLimit {
            LinkPool.giveChain(chain)
            return
        }
        chain.pointee.nextSubscriber = fullLinkChains
        fullLinkChains = chain
        fullLinkChainCount += 1
    }

    deinit {
        ThreadState.registry.remove(self)
        LinkPool.retiredLiveCount.add(liveLinks.load(ordering: .relaxed), ordering: .relaxed)
        // A thread exits outside any transaction: nothing is queued.
        queue.deallocate()
        batch.deallocate()
        newLinks.deallocate()
        oneShotsToFire.deallocate()
        firedOneShots.deallocate()
        spareOneShots.releaseAll(as: OneShotNode.self)
        spareOneShots.deallocate()
        releases.deallocate()
        snapshots.deallocate()
        traversal.deallocate()
        // The thread is gone: its spare links go back to the shared pool.
        if let spare = spareLinks { LinkPool.giveChain(spare) }
        if let recycled = recycledLinks { LinkPool.giveChain(recycled) }
        while let full = fullLinkChains {
            fullLinkChains = full.pointee.nextSubscriber
            LinkPool.giveChain(full)
        }
    }

    init() {}

    /// This thread's state, created on first use.
    @inline(__always)
    static var current: ThreadState {
        if let pointer = tracking_thread_state() {
            return Unmanaged<ThreadState>.fromOpaque(pointer).takeUnretainedValue()
        }
        return makeCurrent()
    }

    /// This thread's state, unretained, created on first use.
    @inline(__always)
    static var currentPointer: UnsafeMutableRawPointer {
        tracking_thread_state() ?? Unmanaged.passUnretained(makeCurrent()).toOpaque()
    }

    /// The address that identifies this thread's state, e.g. as the owner of
    /// a running subscriber.
    var identity: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }

    @usableFromInline @inline(never)
    static func makeCurrent() -> ThreadState {
        let state = ThreadState()
        registry.add(state)
        let pointer = Unmanaged.passRetained(state).toOpaque()
        tracking_set_thread_state(pointer)
        pthread_setspecific(threadExitKey, pointer)
        return state
    }

    /// Releases the node references collected under a component lock. Call it
    /// after unlocking: a release can end a derived value, whose
    /// deinitializer may run user code and take the lock.
    @inline(__always)
    func drainReleases() {
        if releases.isEmpty { return }
        drainReleasesSlow()
    }

    @inline(never)
    private func drainReleasesSlow() {
        while let reference = releases.pop() {
            Unmanaged<Node>.fromOpaque(reference).release()
        }
    }

    /// Schedules the release of a node reference for after the lock.
    @inline(__always)
    func releaseLater<N: Node>(_ reference: Unmanaged<N>) {
        releases.push(reference.toOpaque())
    }

    /// The calling thread's state, borrowed for the duration of `body`,
    /// without reference counting. Inlinable, so that a surface's read
    /// passes the state to the engine rather than the engine fetching it
    /// in a frame of its own.
    @inlinable @inline(__always)
    static func withCurrent<R>(_ body: (ThreadState) throws -> R) rethrows -> R {
        let pointer = tracking_thread_state() ?? Unmanaged.passUnretained(makeCurrent()).toOpaque()
        return try Unmanaged<ThreadState>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }
}

/// A pthread key whose destructor frees a thread's state when it exits.
private let threadExitKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        tracking_set_thread_state(nil)
        Unmanaged<ThreadState>.fromOpaque(pointer).release()
    }
    precondition(status == 0, "Tracking: pthread_key_create failed (\(status))")
    return key
}()

/// The states of the live threads, for process-wide statistics.
final class ThreadRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var states: [ObjectIdentifier: Unmanaged<ThreadState>] = [:]

    func add(_ state: ThreadState) {
        lock.withLock { states[ObjectIdentifier(state)] = .passUnretained(state) }
    }

    func remove(_ state: ThreadState) {
        lock.withLock { _ = states.removeValue(forKey: ObjectIdentifier(state)) }
    }

    func sum(_ value: (ThreadState) -> Int) -> Int {
        lock.withLock { states.values.reduce(0) { $0 + value($1.takeUnretainedValue()) } }
    }
}
