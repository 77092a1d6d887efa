import CTrackingSupport
import Synchronization

/// A vertex of the dependency graph that reads others: an observer, a
/// one-shot tracking scope, or a derived value (which is also a ``Node``).
///
/// Its dependency list is rebuilt on every run by matching each read against
/// the link at the same position in the previous run: when the reads repeat,
/// the links are reused with no lock and no allocation.
@usableFromInline
class SubscriberNode: Node, @unchecked Sendable {
    enum Kind: UInt8 {
        case observer
        case oneShot
        case derived
    }

    final let kind: Kind

    /// Creation order: observers queued by one transaction run in this order.
    final let sequence: UInt64

    /// Head of the dependency list, in the order of the reads.
    @exclusivity(unchecked)
    final var firstDependency: LinkPointer?

    /// The last dependency matched or added in the current run; everything
    /// after it at the end of the run is stale.
    @exclusivity(unchecked)
    final var lastTracked: LinkPointer?

    /// Whether this subscriber's links are in their sources' subscriber lists.
    /// Observers and one-shots always are; a derived value is only while
    /// something subscribed depends on it. Guarded by ``graphLock``.
    final var isSubscribed: Bool

    /// Guarded by ``graphLock``.
    final var flags: SubscriberFlags = []

    /// The thread state of the thread that holds `.running`, for cycle
    /// detection. Guarded by ``graphLock``.
    final var runningThread: UnsafeMutableRawPointer?

    /// The scope that was current when this subscriber's run began, so that a
    /// cycle can be named. Only used by the running thread.
    final var previousScope: UnsafeMutableRawPointer?

    /// The source whose change caused the last run, kept for diagnostics.
    /// Guarded by ``graphLock``; the reference it replaces is released after
    /// the lock, like every node reference dropped under it.
    final var lastCause: Unmanaged<Node>?

    private static let sequenceCounter = Atomic<UInt64>(0)

    init(kind: Kind) {
        self.kind = kind
        self.isSubscribed = kind != .derived
        self.sequence = SubscriberNode.sequenceCounter.add(1, ordering: .relaxed).newValue
        super.init(isDerived: kind == .derived)
    }

    // MARK: Recording reads

    /// Records that this subscriber, which is running on the current thread,
    /// read `source`, and returns the link that records the read.
    ///
    /// A read that repeats the one just before it reuses its link. Other
    /// repeats within one run get links of their own: harmless (a change
    /// marks the subscriber once either way) and bounded by the number of
    /// reads, and cheaper than a set lookup on every read.
    ///
    /// Complexity: O(1) without the lock when the read repeats the previous
    /// run's read at the same position; otherwise one lock.
    @inline(__always)
    final func track(_ source: Node) -> LinkPointer {
        if let link = trackFast(source) { return link }
        return trackSlow(source)
    }

    /// The lock-free half of ``track(_:)``: nil when the slow path must run.
    @inline(__always)
    final func trackFast(_ source: Node) -> LinkPointer? {
        let sourceBits = Unmanaged.passUnretained(source).toOpaque()
        let next: LinkPointer?
        if let last = lastTracked {
            if last.pointee.source.toOpaque() == sourceBits { return last }
            next = last.pointee.nextDependency
        } else {
            next = firstDependency
        }
        if let next, next.pointee.source.toOpaque() == sourceBits {
            next.pointee.version = source.version.load(ordering: .relaxed)
            lastTracked = next
            return next
        }
        return nil
    }

    /// Adds a link for `source` after ``lastTracked``, in the source's
    /// subscriber list too when this subscriber is subscribed.
    final func trackSlow(_ source: Node) -> LinkPointer {
        graphLock.lock()
        let link = insertLinkLocked(source)
        graphLock.unlock()
        return link
    }

    /// ``trackSlow(_:)`` for a caller that holds the lock.
    final func insertLinkLocked(_ source: Node) -> LinkPointer {
        let link = LinkPool.make(
            source: source, subscriber: self,
            version: source.version.load(ordering: .relaxed))
        if let last = lastTracked {
            link.pointee.nextDependency = last.pointee.nextDependency
            last.pointee.nextDependency = link
        } else {
            link.pointee.nextDependency = firstDependency
            firstDependency = link
        }
        lastTracked = link
        source.linkCount.add(1, ordering: .relaxed)
        if isSubscribed && !source.isDead {
            Graph.attachLocked(link, to: source)
        }
        return link
    }

    // MARK: Runs

    /// Makes this subscriber the current scope of this thread and starts a
    /// new run of its dependency list. Returns the scope to restore.
    @inline(__always)
    final func beginTracking() -> UnsafeMutableRawPointer? {
        let previous = tracking_current_scope()
        previousScope = previous
        lastTracked = nil
        tracking_set_current_scope(Unmanaged.passUnretained(self).toOpaque())
        return previous
    }

    /// Restores the previous scope after a run.
    @inline(__always)
    final func endTracking(restoring previous: UnsafeMutableRawPointer?) {
        tracking_set_current_scope(previous)
        previousScope = nil
    }

    /// Whether any dependency changed since this subscriber last read it.
    /// Derived dependencies are brought up to date first, so that a derived
    /// value that recomputed to an equal result does not count as a change.
    /// The caller holds `.running`, so the dependency list is its own.
    final func dependenciesChanged(_ state: ThreadState) -> Bool {
        var cursor = firstDependency
        while let link = cursor {
            let source = link.pointee.source.takeUnretainedValue()
            if source.isDerived {
                let derived = unsafeDowncast(source, to: SubscriberNode.self)
                do {
                    if try !derived.refresh(state) { return true }
                } catch {
                    return true
                }
            }
            if source.version.load(ordering: .relaxed) != link.pointee.version { return true }
            cursor = link.pointee.nextDependency
        }
        return false
    }

    /// Brings a derived value up to date; other kinds do nothing.
    /// Returns false if another thread is computing it, so the caller cannot
    /// know yet.
    func refresh(_ state: ThreadState) throws(DerivedCycleError) -> Bool { true }

    /// How diagnostics name the subscriber.
    var subscriberName: String { "observer" }
}
