import CTrackingSupport
import Synchronization

/// A vertex of the dependency graph that reads others: an observer, a
/// one-shot tracking scope, or a derived value (which is also a ``Node``).
///
/// Its dependency list is rebuilt on every run by matching each read against
/// the link at the same position in the previous run: when the reads repeat,
/// the links are reused with no lock and no allocation. A new read gets a
/// link from the thread's cache, also without a lock; the links new in a run
/// join their sources' subscriber lists together, in one critical section,
/// when the run ends (``lockAndFinishTracking(_:)``).
///
/// The dependency list belongs to the thread that holds `.running`; when no
/// thread does, to whoever holds the component lock.
@usableFromInline
class SubscriberNode: Node, @unchecked Sendable {
    enum Kind: UInt8 {
        case observer
        case oneShot
        case derived
    }

    final let kind: Kind

    /// Guarded by the component lock.
    @usableFromInline
    @exclusivity(unchecked)
    final var flags: SubscriberFlags = []

    /// Head of the dependency list, in the order of the reads.
    @usableFromInline
    @exclusivity(unchecked)
    final var firstDependency: LinkPointer?

    /// The last dependency matched or added in the current run; everything
    /// after it at the end of the run is stale.
    @usableFromInline
    @exclusivity(unchecked)
    final var lastTracked: LinkPointer?

    /// The thread state of the thread that holds `.running`, for cycle
    /// detection. Guarded by the component lock.
    @exclusivity(unchecked)
    final var runningThread: UnsafeMutableRawPointer?

    /// The scope that was current when this subscriber's run began, so that a
    /// cycle can be named. Only used by the running thread.
    @usableFromInline
    @exclusivity(unchecked)
    final var previousScope: UnsafeMutableRawPointer?

    /// Where this run's new links start in the thread's
    /// ``ThreadState/newLinks``. Only used by the running thread.
    @usableFromInline
    @exclusivity(unchecked)
    final var newLinksStart = 0

    /// Identifies the current run in sources' ``Node/readMark``, so that a
    /// source read again later in the same run is recognized without a lock.
    /// Unique per run across all subscribers (see ``ThreadState/nextRunMark()``).
    @usableFromInline
    @exclusivity(unchecked)
    final var runMark: UInt64 = 0

    /// The root of this subscriber's component when a lock last found it
    /// through forwards (unretained), or 0: where ``tryLockRoot()`` starts,
    /// so that a subscriber whose first component was merged into another
    /// does not walk the forwards on every read or run. Always a component
    /// on the chain from the one it joined first, which the node keeps
    /// alive (a recycled one-shot, which leaves its component, clears it).
    @usableFromInline
    final let rootHint = Atomic<UInt>(0)

    /// ``Component/tryLockRoot(of:)`` for this subscriber, starting at
    /// ``rootHint``: the root locked if its lock is free, nil otherwise.
    @inlinable @inline(__always)
    final func tryLockRoot() -> Unmanaged<Component>? {
        var bits = rootHint.load(ordering: .acquiring)
        if bits == 0 {
            bits = componentBits.load(ordering: .acquiring)
            if bits == 0 { return nil }
        }
        var component = Component.unmanaged(bits)
        var forwarded = false
        while true {
            let forward = component._withUnsafeGuaranteedRef { $0.forwardBits.load(ordering: .acquiring) }
            if forward == 0 { break }
            component = Component.unmanaged(forward)
            forwarded = true
        }
        let exchanged = component._withUnsafeGuaranteedRef {
            $0.spinLock.state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
        }
        if !exchanged { return nil }
        // Still a root under its own lock: merges take both roots' locks.
        if component._withUnsafeGuaranteedRef({ $0.forwardBits.load(ordering: .relaxed) }) != 0 {
            component._withUnsafeGuaranteedRef { $0.unlock() }
            return nil
        }
        if forwarded { rootHint.store(UInt(bitPattern: component.toOpaque()), ordering: .releasing) }
        return component
    }

    /// Locks the root of this subscriber's component, starting at
    /// ``rootHint``; the full ``Component/lock(_:)`` if that lock is taken.
    @inline(__always)
    final func lockOwnRoot() -> Unmanaged<Component> {
        if let root = tryLockRoot() { return root }
        return Component.lock(self)
    }

    @inline(__always)
    init(kind: Kind) {
        self.kind = kind
        super.init(isDerived: kind == .derived)
    }

    /// Claims the subscriber for this thread's run. Call under the lock.
    @inline(__always)
    final func claimLocked(_ state: ThreadState) {
        claimLocked(state, flags: flags)
    }

    /// ``claimLocked(_:)`` that also sets the other flags to `flags`, in the
    /// same write. Call under the lock.
    @inline(__always)
    final func claimLocked(_ state: ThreadState, flags: SubscriberFlags) {
        self.flags = flags.union(.running)
        runningThread = state.identity
    }

    /// Ends a claim. Call under the lock.
    @inline(__always)
    final func releaseClaimLocked() {
        flags.remove(.running)
        runningThread = nil
    }

    // MARK: Recording reads

    /// Records that this subscriber, which is running on the current thread,
    /// read `source`. Returns the link that records the read, or nil when the
    /// source was already read earlier in this run.
    ///
    /// A read that repeats the previous run's read at the same position, or
    /// an earlier read of this run, costs a comparison or two. A new read
    /// takes a link from the thread's cache. Neither takes a lock.
    @inline(__always)
    final func track(_ source: Node, _ state: ThreadState) -> LinkPointer? {
        switch trackFast(source) {
        case .linked(let link): return link
        case .repeated: return nil
        case .new: return addLink(to: source, state)
        }
    }

    @usableFromInline
    enum FastTrack {
        /// The read matched this link.
        case linked(LinkPointer)
        /// The source was read earlier in this run.
        case repeated
        /// The read needs a new link.
        case new
    }

    /// The comparisons of ``track(_:_:)``.
    @inlinable @inline(__always)
    final func trackFast(_ source: Node) -> FastTrack {
        let sourceBits = Unmanaged.passUnretained(source).toOpaque()
        let next: LinkPointer?
        if let last = lastTracked {
            if last.pointee.source.toOpaque() == sourceBits { return .linked(last) }
            next = last.pointee.nextDependency
        } else {
            next = firstDependency
        }
        if let next, next.pointee.source.toOpaque() == sourceBits {
            next.pointee.version = source.version.load(ordering: .relaxed)
            lastTracked = next
            source.readMark.store(runMark, ordering: .relaxed)
            return .linked(next)
        }
        if source.readMark.load(ordering: .relaxed) == runMark { return .repeated }
        return .new
    }

    /// Whether a read that ``trackFast(_:)`` found new was made earlier in
    /// this run after all: a derived value computed inside this run, on this
    /// thread (its marks lie between this run's and the thread's latest),
    /// read the source since, and took its mark. The source then gets this
    /// run's mark back, so that further reads of it are repeats again.
    /// Called on the way to a new link (out of line), so that the usual read
    /// pays nothing. The walk looks at the run's first
    /// ``duplicateSearchLength`` reads at most: a run that reads thousands
    /// of new sources after such a computation must not take quadratic
    /// time, and a read found later than that gets a second link, as any
    /// read did before (harmless: the run sees each change once).
    @inline(__always)
    final func readEarlierInThisRun(_ source: Node, _ state: ThreadState) -> Bool {
        let mark = source.readMark.load(ordering: .relaxed)
        guard mark > runMark, mark <= state.runMark, let last = lastTracked else { return false }
        // This run's reads so far, in order: the list up to `lastTracked`.
        let sourceBits = Unmanaged.passUnretained(source).toOpaque()
        var cursor = firstDependency
        var steps = 0
        while let link = cursor, steps < SubscriberNode.duplicateSearchLength {
            if link.pointee.source.toOpaque() == sourceBits {
                source.readMark.store(runMark, ordering: .relaxed)
                return true
            }
            if link == last { return false }
            cursor = link.pointee.nextDependency
            steps &+= 1
        }
        return false
    }

    /// How many of a run's reads ``readEarlierInThisRun(_:_:)`` looks at.
    static let duplicateSearchLength = 64

    /// Adds a link for `source` after ``lastTracked``. It joins the source's
    /// subscriber list when the run ends; meanwhile, counting it in the
    /// source's ``Node/linkCount`` (and clearing the source's fast-write
    /// mark) puts writes to the source on the path that bumps its version,
    /// which the end of the run checks.
    @usableFromInline @inline(__always)
    final func addLink(to source: Node, _ state: ThreadState) -> LinkPointer {
        source.linkCount.wrappingAdd(1, ordering: .relaxed)
        if !source.isDerived {
            unsafeDowncast(source, to: SourceNode.self).fastWriteMark.store(0, ordering: .relaxed)
        }
        let link = state.makeLink(
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
        source.readMark.store(runMark, ordering: .relaxed)
        state.newLinks.push(UnsafeMutableRawPointer(link))
        return link
    }

    /// A read that ``trackFast(_:)`` found new, out of line: ``addLink(to:_:)``
    /// with this thread's state, unless the run made it earlier
    /// (``readEarlierInThisRun(_:_:)``); then nil. Every kind of source
    /// links through it.
    @usableFromInline @inline(never) @discardableResult
    final func addLinkOnThisThread(to source: Node) -> LinkPointer? {
        ThreadState.withCurrent { state in
            readEarlierInThisRun(source, state) ? nil : addLink(to: source, state)
        }
    }

    // MARK: Runs

    /// Makes this subscriber the current scope of this thread and starts a
    /// new run of its dependency list. Returns the scope to restore.
    @inlinable @inline(__always)
    final func beginTracking(_ state: ThreadState) -> TrackingFrame {
        let previous = TrackingFrame(scope: tracking_current_scope(), runMark: tracking_current_run_mark())
        previousScope = previous.scope
        lastTracked = nil
        runMark = state.nextRunMark()
        newLinksStart = state.newLinks.count
        tracking_set_current_scope(Unmanaged.passUnretained(self).toOpaque())
        tracking_set_current_run_mark(runMark)
        return previous
    }

    /// Whether the current scope of this thread is a derived value's
    /// computation, or its comparison (for `onCleanup`): `isEqual`
    /// (or `==`) runs with no scope but keeps the computation's run mark
    /// (`TypedDerivedNode.recomputeLocked`), while outside every run, and
    /// in `untracked`, the mark is `.max`. (A flush asks
    /// ``ThreadState/derivedComputations``.)
    static var isComputingDerivedValue: Bool {
        guard let scope = tracking_current_scope() else { return tracking_current_run_mark() != .max }
        return Unmanaged<SubscriberNode>.fromOpaque(scope)._withUnsafeGuaranteedRef { $0.isDerived }
    }

    /// Restores the previous scope after a run. (``previousScope`` is left
    /// as it is: only a running subscriber's is ever read.)
    @inlinable @inline(__always)
    final func endTracking(restoring previous: TrackingFrame) {
        tracking_set_current_scope(previous.scope)
        tracking_set_current_run_mark(previous.runMark)
    }

    /// Ends a run: locks this subscriber's component, joining into it the
    /// components of what the run read for the first time, drops the reads
    /// the run did not repeat, puts the new links in their sources'
    /// subscriber lists, and reports what changed while it ran.
    ///
    /// - Returns: The component's root, locked, and `.dirty` if a source it
    ///   read for the first time changed during the run (or died), `.pending`
    ///   if a derived value it read may have, else `[]`. Changes to sources
    ///   it had read before reach it through their subscriber lists, as
    ///   flags, even while it runs.
    @inline(__always)
    final func lockAndFinishTracking(_ state: ThreadState) -> (Unmanaged<Component>, SubscriberFlags) {
        lockAndFinishTracking(state, linksEnd: state.newLinks.count)
    }

    /// ``lockAndFinishTracking(_:)`` for a run whose new links end at
    /// `linksEnd` in ``ThreadState/newLinks``: the links above it, which an
    /// enclosing run added after this one's (a scope nested in it reports its
    /// reads to it), stay for the enclosing run's own end.
    ///
    /// Inline for the usual run, which read what it read last time: a lock,
    /// and a check that no read is left over.
    @inline(__always)
    final func lockAndFinishTracking(_ state: ThreadState, linksEnd end: Int) -> (Unmanaged<Component>, SubscriberFlags) {
        if newLinksStart < end { return lockAndAttachNewLinks(state, linksEnd: end) }
        let component = Component.lock(self)
        dropUnrepeatedReadsLocked(state)
        return (component, [])
    }

    /// Drops the reads of the previous run that this one did not repeat (the
    /// links after the cursor). Call under the component's lock.
    @inline(__always)
    final func dropUnrepeatedReadsLocked(_ state: ThreadState) {
        if let last = lastTracked {
            if last.pointee.nextDependency != nil { Graph.truncateLocked(self, state: state) }
        } else if firstDependency != nil {
            Graph.truncateLocked(self, state: state)
        }
    }

    /// ``lockAndFinishTracking(_:linksEnd:)`` for a run that made new links.
    ///
    /// Each new link's source is checked against the locked root, most often
    /// by a comparison; one in another component makes it unlock, merge the
    /// two and lock again (links attached before then stay attached, as a
    /// previous run's links are while it runs).
    private func lockAndAttachNewLinks(
        _ state: ThreadState, linksEnd end: Int
    ) -> (Unmanaged<Component>, SubscriberFlags) {
        let start = newLinksStart
        let links = state.newLinks.elements.baseAddress.unsafelyUnwrapped
        var component: Unmanaged<Component>
        if componentBits.load(ordering: .relaxed) == 0 {
            // No component yet (a new subscriber's first run): join the
            // first new source's as it is.
            component = Component.lockJoining(self, links[start].assumingMemoryBound(to: Link.self).pointee.source)
        } else {
            component = Component.lock(self)
        }
        dropUnrepeatedReadsLocked(state)
        var changed: SubscriberFlags = []
        var ownBits = componentBits.load(ordering: .relaxed)
        // By pointer, and the merge out of line: the loop then keeps its
        // state in registers.
        var cursor = links + start
        let stop = links + end
        repeat {
            let link = cursor.pointee.assumingMemoryBound(to: Link.self)
            let source = link.pointee.source
            if !source._withUnsafeGuaranteedRef({ Component.containsOrAdopts(component, $0, sharing: ownBits) }) {
                component = relockJoining(source, unlocking: component)
                ownBits = componentBits.load(ordering: .relaxed)
            }
            changed.insert(source._withUnsafeGuaranteedRef { source in
                // Read for the first time, then dead before the run ended
                // (an object made and dropped inside it): its value cannot
                // change any more, so the run is not due again for it, as
                // with Apple's tracking. Counting it as a change re-ran a
                // body that makes such an object for good.
                if source.isDead { return [] }
                if !link.pointee.isAttached { Graph.attachLocked(link, to: source) }
                return Graph.changeSeenLocked(by: link, of: source)
            })
            cursor += 1
        } while cursor < stop
        let above = state.newLinks.count &- end
        if above > 0 {
            for index in 0..<above { links[start &+ index] = links[end &+ index] }
        }
        state.newLinks.truncate(to: start &+ above)
        return (component, changed)
    }

    /// Unlocks `component`, joins `source`'s component, and locks the
    /// merged one: a new link's source in another component.
    @inline(never)
    private func relockJoining(
        _ source: Unmanaged<Node>, unlocking component: Unmanaged<Component>
    ) -> Unmanaged<Component> {
        component._withUnsafeGuaranteedRef { $0.unlock() }
        source._withUnsafeGuaranteedRef { Component.join(self, $0) }
        return Component.lock(self)
    }

    /// How diagnostics name the subscriber.
    var subscriberName: String { "observer" }
}

/// The scope of this thread, and its run mark, when a run began: what the
/// run's end restores.
@usableFromInline
struct TrackingFrame {
    /// The scope to restore, or nil.
    @usableFromInline
    let scope: UnsafeMutableRawPointer?
    /// Its run mark (`UInt64.max` for none).
    @usableFromInline
    let runMark: UInt64

    @inlinable @inline(__always)
    init(scope: UnsafeMutableRawPointer?, runMark: UInt64) {
        self.scope = scope
        self.runMark = runMark
    }
}
