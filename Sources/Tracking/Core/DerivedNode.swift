import CTrackingSupport
import Synchronization

/// A derived value in the graph: a subscriber of what its closure reads, and
/// a source for what reads it. It computes lazily, caches the result (or the
/// error), and recomputes only when a dependency changed and someone reads it.
///
/// Changes mark it dirty or pending (it is in the subscriber lists of what it
/// read, observed or not: links do not keep subscribers alive, and its
/// deinitializer removes them); a read with neither flag returns the cache at
/// once, and a pending one is validated by ``Pull``.
///
/// Whether it has a result is in its ``SubscriberNode/flags``, so that a
/// reader tests one word for "current".
///
/// Its version moves only when a recomputation gives a different result, so
/// what depends on it is not re-run for an equal one (equality cut-off).
///
/// The graph logic is not generic: the typed half (the closure, the result
/// slot, the equality) lives in the subclass ``TypedDerivedNode``,
/// which ``recompute`` reaches. `TypedDerivedNode`'s inlinable initializer
/// builds that function in the client's module, where it is specialized for
/// the value's type, so computing and comparing a result costs no
/// generic-runtime lookup (a generic class's overridden methods would run
/// unspecialized), and a recomputation is one call frame around the
/// closure; readers copy the result in specialized code too.
@usableFromInline
class DerivedNode: SubscriberNode, @unchecked Sendable {
    /// Recomputes the value: ``beginRecomputation(_:_:)`` and
    /// ``endRecomputation(_:_:restoring:changed:)`` around the typed half's
    /// evaluation (`TypedDerivedNode.recomputeLocked`), which runs the
    /// computation (outside the lock, by the thread holding `.running`),
    /// compares it with the current result if there is one, and stores a
    /// different one, still outside the lock, so that the result it
    /// replaces is released there (its deinitializer may run user code).
    /// Call with `component` locked and the node claimed; returns with the
    /// current root locked.
    @usableFromInline
    final let recompute: (DerivedNode, ThreadState, inout Unmanaged<Component>) -> Void

    /// Whether there is a current result (``SubscriberFlags/hasResult``).
    /// Guarded by the component lock.
    @inlinable
    final var hasResult: Bool { flags.rawValue & SubscriberFlags.hasResultBit != 0 }

    /// The link a validation on this thread followed down to this value
    /// while it holds `.running` for that validation (``Pull``): its
    /// subscriber is where the walk goes back to. Nil otherwise. Only the
    /// thread holding `.running` uses it.
    @exclusivity(unchecked)
    final var pullLink: LinkPointer?

    /// The parent that a validation holding this value, claimed, is
    /// recomputing (see ``Pull``), or 0. Set and cleared under the lock;
    /// compared without it with the reader's current scope: the parent's
    /// recomputation runs on the validation's thread, so only that thread
    /// can find it current.
    @usableFromInline
    final let heldFor = Atomic<UInt>(0)

    /// Whether a validation on this thread holds the value for the scope now
    /// running, the parent it recomputes: the result is then read without
    /// the lock (the walk checks after the recomputation whether a write
    /// marked the value meanwhile). Any other reader takes the usual read,
    /// which finds the value claimed by this thread
    /// (``beginStaleRead(_:_:)``).
    @inlinable @inline(__always)
    final var isHeldForCurrentScope: Bool {
        let held = heldFor.load(ordering: .relaxed)
        return held != 0 && held == UInt(bitPattern: tracking_current_scope())
    }

    /// How diagnostics and cycle errors name the value. After the fields the
    /// walks use, as is ``binding``: a validation touches fewer cache lines.
    final let name: String

    /// Records a read of a held value by `scope`, the current scope and the
    /// parent it is held for (the held value's version is final: a matching
    /// link takes it as it matches).
    @inlinable @inline(__always)
    final func recordHeldRead(in scope: UnsafeMutableRawPointer) {
        Unmanaged<SubscriberNode>.fromOpaque(scope)._withUnsafeGuaranteedRef { subscriber in
            if case .new = subscriber.trackFast(self) { subscriber.addLinkOnThisThread(to: self) }
        }
    }

    /// The actor whose state the closure reads, or nil. Set once, before
    /// anything can read the node. A validation on a thread that is not on
    /// that actor does not compute a stale value: it counts it as changed
    /// (``Pull``).
    private(set) final var binding: ActorBinding?

    /// Binds the value to the actor of `binding`. Call before anything can
    /// read the node.
    final func bind(to binding: ActorBinding) {
        self.binding = binding
        flags.insert(.bound)
    }

    @usableFromInline
    init(name: String, recompute: @escaping (DerivedNode, ThreadState, inout Unmanaged<Component>) -> Void) {
        self.name = name
        self.recompute = recompute
        super.init(kind: .derived)
        assert(SubscriberFlags.readerMask == SubscriberFlags([.dirty, .pending, .running, .hasResult]).rawValue)
        assert(SubscriberFlags.validationMask == SubscriberFlags([.dirty, .pending, .running, .hasResult, .bound]).rawValue)
        assert(SubscriberFlags.hasResultBit == SubscriberFlags.hasResult.rawValue)
        assert(SubscriberFlags.dirtyOrPending == [.dirty, .pending])
    }

    deinit {
        // Runs outside the lock: nodes dropped under it are released later.
        if firstDependency != nil {
            let state = ThreadState.current
            let component = Component.lock(self)
            Graph.removeAllLocked(self, state: state)
            component._withUnsafeGuaranteedRef { $0.unlock() }
            state.drainReleases()
        }
    }

    final override var displayName: String { name }
    final override var subscriberName: String { name }

    // MARK: Reading

    /// Begins a read of the value: records the read in the current scope,
    /// locks the component and brings the cached result up to date. The
    /// caller then copies the current result and calls ``endRead(_:)``, so
    /// that the copy happens in the critical section that found the result
    /// current.
    ///
    /// The surfaces try ``fastRead()`` first, inline, and come here
    /// (inlined into their out-of-line `lockedValue`) when it could not tell
    /// without a call. A value that is not current, or that a thread is
    /// computing, takes ``beginStaleRead(_:_:)``. When another thread is
    /// computing it, the access is ``ReadAccess/busy`` and the caller
    /// computes directly, uncached.
    ///
    /// - Throws: A ``DerivedValueCycle`` if this value is already computing on
    ///   this thread.
    @inlinable @inline(__always)
    final func beginRead() throws(DerivedValueCycle) -> ReadAccess {
        // Link first, so that a change from now on reaches the reader.
        let link = linkRead()
        var component = Component.lock(self)
        if !isCurrentForReaderLocked { return try beginStaleRead(&component, link) }
        // The reader saw this version (its own list: no lock needed).
        link?.pointee.version = version.load(ordering: .relaxed)
        return ReadAccess(locked: component)
    }

    /// Whether a reader may copy the result as it is: there is one, nothing
    /// marked the value since, and no thread computes it. Call under the
    /// component's lock.
    @inlinable @inline(__always)
    final var isCurrentForReaderLocked: Bool {
        flags.rawValue & SubscriberFlags.readerMask == SubscriberFlags.hasResultBit
    }

    /// Records the read in the current scope; returns the link to this
    /// node's version in it, or nil. The read of the last run at the
    /// cursor costs a comparison; a new one takes the outlined path.
    @inlinable @inline(__always)
    final func linkRead() -> LinkPointer? {
        // A value that reads itself gets no link to itself (the read is a
        // cycle, reported by the caller): such a link would make each of its
        // computations look stale, and run its observers again.
        guard let scope = tracking_current_scope(), scope != Unmanaged.passUnretained(self).toOpaque() else {
            return nil
        }
        let subscriber = Unmanaged<SubscriberNode>.fromOpaque(scope)
        switch subscriber._withUnsafeGuaranteedRef({ $0.trackFast(self) }) {
        case .linked(let link): return link
        case .repeated: return nil
        case .new: return subscriber._withUnsafeGuaranteedRef { $0.addLinkOnThisThread(to: self) }
        }
    }

    /// The read of a current value, without a call: records the read where
    /// the current scope's last run read this value (or finds it already
    /// read), locks the component and tests the flags. ``FastRead/current``:
    /// the caller copies the current result and unlocks.
    /// ``FastRead/stale``: locked, not current or busy; the caller goes on
    /// with ``beginStaleRead(_:_:)``. ``FastRead/slow``: no lock held (a new
    /// link, a contended lock, a merge meanwhile); the caller takes
    /// ``beginRead()``, whose link check finds what this one recorded.
    @inlinable @inline(__always)
    final func fastRead() -> FastRead {
        var link: LinkPointer?
        if let scope = tracking_current_scope(), scope != Unmanaged.passUnretained(self).toOpaque() {
            switch Unmanaged<SubscriberNode>.fromOpaque(scope)._withUnsafeGuaranteedRef({ $0.trackFast(self) }) {
            case .linked(let found): link = found
            case .repeated: break
            case .new: return .slow
            }
        }
        guard let component = tryLockRoot() else { return .slow }
        if !isCurrentForReaderLocked { return .stale(component, link) }
        // The reader saw this version (its own list: no lock needed).
        link?.pointee.version = version.load(ordering: .relaxed)
        return .current(component)
    }

    /// ``beginRead()`` of a value that is not current, or that a thread is
    /// computing. Call with `component` locked.
    @usableFromInline @inline(never)
    final func beginStaleRead(
        _ component: inout Unmanaged<Component>, _ link: LinkPointer?
    ) throws(DerivedValueCycle) -> ReadAccess {
        if flags.contains(.running) {
            let onThisThread = runningThread == ThreadState.currentPointer
            if onThisThread && heldFor.load(ordering: .relaxed) != 0 {
                let access = readHeldOutsideItsParent(component, link)
                if access.isBusy && isComputedUncachedOnThisThread { throw cycleError() }
                return access
            }
            component._withUnsafeGuaranteedRef { $0.unlock() }
            // Running here, or computed here uncached (its closure read it
            // again): a cycle. Computing it uncached once more would recurse
            // for as long as the claim lasts.
            if onThisThread || isComputedUncachedOnThisThread { throw cycleError() }
            return .busy
        }
        // Brought up to date now; its result is copied in the same critical
        // section. What the walk dropped is released once the read ends
        // (``endRead(_:)``).
        _ = ThreadState.withCurrent { refreshStaleLocked($0, &component, link) }
        return ReadAccess(locked: component, drainingReleases: true)
    }

    /// A read, on this thread, of a value a validation here holds for the
    /// recomputation of another scope (``heldFor``), `component` locked. If
    /// no write has marked the value since it was computed, its result is
    /// current: read under the lock. Otherwise it is older than its sources,
    /// and a reader that kept what it computed from it as current would
    /// never hear that the value recomputed (the walk checks the parent it
    /// is held for, not this reader): the read is ``ReadAccess/busy``, and
    /// the reader computes the closure itself, uncached, as when another
    /// thread computes the value.
    private final func readHeldOutsideItsParent(_ component: Unmanaged<Component>, _ link: LinkPointer?) -> ReadAccess {
        if flags.isDisjoint(with: .dirtyOrPending) {
            link?.pointee.version = version.load(ordering: .relaxed)
            return ReadAccess(locked: component)
        }
        component._withUnsafeGuaranteedRef { $0.unlock() }
        return .busy
    }

    /// Brings a stale value up to date with `component` locked, for a
    /// surface's getter (and ``beginStaleRead(_:_:)``), and returns
    /// ``StaleRefresh/current`` (or ``StaleRefresh/currentAfterDrain``: the
    /// walk dropped node references, which ``endRefreshedRead(_:_:)``
    /// releases after the unlock) with the lock still held, for the caller
    /// to copy the result. When a thread is computing the value (this one:
    /// a cycle), it unlocks and returns ``StaleRefresh/busy``: the caller
    /// takes the general path, which tells the two apart. `state` is this
    /// thread's, passed by the surface so that the read is one frame around
    /// the validation or recomputation.
    @usableFromInline @inline(never)
    final func refreshStaleLocked(
        _ state: ThreadState, _ component: inout Unmanaged<Component>, _ link: LinkPointer?
    ) -> StaleRefresh {
        if flags.contains(.running) {
            component._withUnsafeGuaranteedRef { $0.unlock() }
            return .busy
        }
        claimLocked(state)
        var rounds = 0
        while true {
            let changesBefore = state.changesAnnounced
            if hasResult && !flags.contains(.dirty) {
                _ = Pull.run(self, state, &component)
            } else {
                // Dirty (a source it read changed): nothing to validate.
                recompute(self, state, &component)
            }
            // Marked again while it computed, by a write on another
            // thread: the result may mix values from before and after
            // that write. Validated again, a bounded number of times (a
            // stream of writes must not hold a reader forever; the mark
            // stays for the next read). Marks this thread's own writes
            // made (a closure that writes) are left for the next read.
            if flags.isDisjoint(with: .dirtyOrPending) || state.changesAnnounced != changesBefore
                || rounds == DerivedNode.revalidationsPerRead {
                break
            }
            rounds &+= 1
        }
        releaseClaimLocked()
        link?.pointee.version = version.load(ordering: .relaxed)
        return state.releases.isEmpty && state.queue.isEmpty ? .current : .currentAfterDrain
    }

    /// How many times a read validates a value again that writes on other
    /// threads marked while it computed (``refreshStaleLocked(_:_:)``).
    static let revalidationsPerRead = 8

    /// Ends a read that ``refreshStaleLocked(_:_:)`` brought up to date:
    /// unlocks `component` and releases what the walk dropped.
    @inlinable @inline(__always)
    final func endRefreshedRead(_ component: Unmanaged<Component>, _ refresh: StaleRefresh) {
        component._withUnsafeGuaranteedRef { $0.unlock() }
        if refresh == .currentAfterDrain { DerivedNode.drainReleasesOfThisThread() }
    }

    /// Ends a read begun by ``beginRead()``: unlocks the component, inline,
    /// and releases what a validation dropped (only a read that validated
    /// or recomputed can have dropped nodes).
    @inlinable @inline(__always)
    final func endRead(_ access: ReadAccess) {
        Component.unmanaged(access.bits & ~ReadAccess.drainBit)._withUnsafeGuaranteedRef { $0.unlock() }
        if access.bits & ReadAccess.drainBit != 0 { DerivedNode.drainReleasesOfThisThread() }
    }

    /// Releases what a stale read's validation dropped, and runs the
    /// observers queued during the read (``Scheduler/flushAfterRead(_:)``).
    @usableFromInline @inline(never)
    static func drainReleasesOfThisThread() {
        ThreadState.withCurrent { state in
            state.drainReleases()
            if !state.queue.isEmpty { Scheduler.flushAfterRead(state) }
        }
    }

    // MARK: Recomputing

    /// The start of a recomputation, inlined with its end
    /// (``endRecomputation(_:_:restoring:changed:)``) around the typed
    /// half's evaluation into ``recompute``, specialized for the value's
    /// type. Call with `component` locked and the node claimed: it clears
    /// the marks, unlocks `component` for the closure and makes this node
    /// the current scope. Returns the flags it found (whether there was a
    /// result: read under the lock, as other threads mark the flags), and
    /// the scope to restore.
    @inlinable @inline(__always)
    final func beginRecomputation(
        _ state: ThreadState, _ component: Unmanaged<Component>
    ) -> (hadResult: Bool, previous: TrackingFrame) {
        let current = flags
        flags = current.subtracting(.dirtyOrPending)
        component._withUnsafeGuaranteedRef { $0.unlock() }
        state.derivedComputations &+= 1
        return (current.rawValue & SubscriberFlags.hasResultBit != 0, beginTracking(state))
    }

    /// The end of a recomputation: restores the scope, locks the current
    /// root into `component`, drops the reads the run did not repeat, and
    /// moves the version if the evaluation `changed` the result (a first
    /// result always does).
    @inlinable @inline(__always)
    final func endRecomputation(
        _ state: ThreadState, _ component: inout Unmanaged<Component>,
        restoring previous: TrackingFrame, changed: Bool
    ) {
        endTracking(restoring: previous)
        state.derivedComputations &-= 1
        if newLinksStart == state.newLinks.count {
            // The same reads as before, or fewer: the component is the one
            // just unlocked unless a merge moved it meanwhile, and the end
            // of the run only drops the reads it did not repeat.
            component = Component.lockAgain(component, of: self)
            if let last = lastTracked {
                if last.pointee.nextDependency != nil { Graph.truncateLocked(self, state: state) }
            } else if firstDependency != nil {
                Graph.truncateLocked(self, state: state)
            }
        } else {
            component = lockAndFinishRunWithNewLinks(state)
        }
        if changed {
            // A first result is a change.
            flags = SubscriberFlags(rawValue: flags.rawValue | SubscriberFlags.hasResultBit)
            // Only ever written under the lock: no read-modify-write needed.
            version.store(version.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        }
    }

    /// The end of a recomputation that read something for the first time:
    /// locks the component, attaching the new links (out of line: the usual
    /// recomputation repeats its reads). Returns the locked root.
    @usableFromInline @inline(never)
    final func lockAndFinishRunWithNewLinks(_ state: ThreadState) -> Unmanaged<Component> {
        let (component, seen) = lockAndFinishTracking(state)
        if !seen.isEmpty {
            // Something read for the first time changed during the run:
            // this value and what depends on it must be checked again.
            flags.insert(seen)
            Graph.propagateLocked(from: self, direct: .pending, state: state)
        }
        return component
    }

    /// Runs `compute`, this value's closure, for a reader while another
    /// thread computes the value: in the reader's scope (what it reads, the
    /// reader depends on), and without caching the result. The thread
    /// notes the computation meanwhile, so that a cycle through it names
    /// this value, and counts it as a computation, so that the observers a
    /// write in it queues run when the read ends, as for a cached one.
    @usableFromInline @inline(never)
    final func computeUncached<Value>(_ compute: () throws -> Value) rethrows -> Value {
        let state = ThreadState.current
        state.uncachedComputations.append(UncachedComputation(
            node: Unmanaged.passUnretained(self).toOpaque(), reader: tracking_current_scope()))
        state.derivedComputations &+= 1
        defer {
            state.derivedComputations &-= 1
            state.uncachedComputations.removeLast()
            if state.derivedComputations == 0, !state.queue.isEmpty { Scheduler.flushAfterRead(state) }
        }
        return try compute()
    }

    /// Whether this thread is computing the value uncached
    /// (``computeUncached(_:)``): a read of it now comes from its own
    /// closure.
    private final var isComputedUncachedOnThisThread: Bool {
        let me = Unmanaged.passUnretained(self).toOpaque()
        return ThreadState.current.uncachedComputations.contains { $0.node == me }
    }

    /// Names the derived values in the cycle that reached this one again,
    /// from the reader that read it again back to it. Each value on the way
    /// is either running its closure (its reader is the scope it started
    /// in), being validated by ``Pull`` (its reader is the subscriber of
    /// the frame that descended into it), or computed uncached for a reader
    /// (``computeUncached(_:)``).
    private final func cycleError() -> DerivedValueCycle {
        var chain: [String] = []
        var scope = tracking_current_scope()
        let me = Unmanaged.passUnretained(self).toOpaque()
        let uncached = ThreadState.current.uncachedComputations
        var nextUncached = uncached.count - 1
        // The values computed uncached inside the run of `reader`, innermost
        // first.
        func appendUncached(readBy reader: UnsafeMutableRawPointer?) {
            while nextUncached >= 0, uncached[nextUncached].reader == reader {
                chain.append(Unmanaged<DerivedNode>.fromOpaque(uncached[nextUncached].node).takeUnretainedValue().name)
                nextUncached -= 1
            }
        }
        // Bounded: the readers of this thread's running values are finite,
        // but a wrong walk must end rather than hang.
        var steps = 0
        while let current = scope, current != me, steps <= 1_000_000 {
            steps += 1
            appendUncached(readBy: current)
            let node = Unmanaged<SubscriberNode>.fromOpaque(current).takeUnretainedValue()
            var reader = node.previousScope
            if node.isDerived {
                chain.append(node.displayName)
                // Descended into by a validation: its reader is the value
                // the validation came from.
                if let link = unsafeDowncast(node, to: DerivedNode.self).pullLink {
                    reader = link.pointee.subscriber.toOpaque()
                }
            }
            scope = reader
        }
        appendUncached(readBy: me)
        return DerivedValueCycle(names: [name] + chain.reversed() + [name])
    }
}

/// A derived value that a thread computes without caching, and the scope
/// that read it (see ``DerivedNode/computeUncached(_:)``).
struct UncachedComputation {
    let node: UnsafeMutableRawPointer
    let reader: UnsafeMutableRawPointer?
}

/// How a read of a derived value reaches its result (see
/// ``DerivedNode/beginRead()``).
@usableFromInline
struct ReadAccess: Sendable {
    /// 0: busy; otherwise the locked component's address, with
    /// ``drainBit``.
    @usableFromInline
    let bits: UInt

    @usableFromInline
    static var busy: ReadAccess { ReadAccess(bits: 0) }

    @usableFromInline
    init(bits: UInt) {
        self.bits = bits
    }

    /// Set in `bits` (components are aligned) when the read validated or
    /// recomputed the value: node references it dropped wait in the thread's
    /// releases until the lock is released.
    @inlinable
    static var drainBit: UInt { 2 }

    @inlinable @inline(__always)
    init(locked component: Unmanaged<Component>, drainingReleases: Bool = false) {
        bits = UInt(bitPattern: component.toOpaque()) | (drainingReleases ? ReadAccess.drainBit : 0)
    }

    /// Whether another thread is computing the value.
    @inlinable
    var isBusy: Bool { bits == 0 }
}

/// What ``DerivedNode/refreshStaleLocked(_:_:)`` did.
@usableFromInline
enum StaleRefresh: UInt8 {
    /// Another thread is computing the value, or this one (a cycle): the
    /// lock is released, nothing was done.
    case busy
    /// Current, the lock held.
    case current
    /// Current, the lock held, and node references to release after it, or
    /// observers queued during the read, to run after it.
    case currentAfterDrain
}

/// What ``DerivedNode/fastRead()`` found.
@usableFromInline
enum FastRead {
    /// Current; the component is locked.
    case current(Unmanaged<Component>)
    /// Not current, or a thread is computing it; the component is locked,
    /// and the link is the reader's, if any.
    case stale(Unmanaged<Component>, LinkPointer?)
    /// Not found without a call; no lock is held.
    case slow
}

/// A derived value read itself while computing, directly or through others:
/// the names of the values in the cycle, from the one read again back to
/// itself. Surfaces turn it into their public error.
@usableFromInline
struct DerivedValueCycle: Error {
    @usableFromInline
    let names: [String]
}
