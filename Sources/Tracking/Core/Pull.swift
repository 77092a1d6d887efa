/// Bringing a subscriber's derived dependencies up to date, depth first,
/// without recursion: the pull half of the push-pull algorithm.
///
/// A write only marks (``Graph/propagateLocked(from:direct:state:)``): direct
/// subscribers dirty, the rest pending. A pending subscriber asks, before it
/// runs or returns its cache, whether any dependency really changed. Each
/// derived dependency that is itself pending or dirty is validated first,
/// deepest first, each at most once per pull, and recomputed only if one of
/// its own dependencies changed; a recomputation whose result equals the old
/// one leaves its version alone, so nothing above it recomputes (equality
/// cut-off).
///
/// The walk needs no stack: a derived value it descends into keeps the link
/// it came down (``DerivedNode/pullLink``), whose subscriber is the node to
/// go back to, so validating a chain of thousands of derived values needs no
/// stack depth (a first computation recurses through the closures, which
/// read what they depend on).
///
/// Every node the walk has descended into is claimed (`.running`) by this
/// thread, so no other thread computes it meanwhile and its dependency list
/// is this thread's. The component lock is held throughout, except while a
/// derived value's closure runs: then other threads may mark nodes of the
/// walk again (a claimed node loses its marks when claimed, so a new mark
/// shows), which the walk notices when it comes back to them.
///
/// A dependency the walk has found changed stays claimed and is *held*
/// (``DerivedNode/heldFor``) while its parent recomputes: the parent's
/// closure reads it without taking the lock, and other threads, which see it
/// claimed, compute it themselves, uncached. Another reader on this thread
/// (a value the parent's closure validates) reads it under the lock, and
/// only if no write has marked it since: the parent is checked for such a
/// write after its recomputation, that reader would not be. A changed
/// dependency ends its parent's scan, so the walk holds at most one.
enum Pull {
    /// Brings `start` up to date: a derived value is recomputed if a
    /// dependency changed (or if it has no result yet); for an observer or a
    /// scope, the answer is whether it must run.
    ///
    /// Call with `component` (the root of `start`'s component) locked and
    /// `start` claimed by this thread; returns with the lock of the current
    /// root held (it may have changed: the walk joins the components of what
    /// recomputations read for the first time) and `start` still claimed.
    /// Node references dropped meanwhile are in `state.releases`.
    ///
    /// - Returns: For an observer or a scope, whether a dependency changed.
    ///   For a derived value, whether it recomputed.
    static func run(_ start: SubscriberNode, _ state: ThreadState, _ component: inout Unmanaged<Component>) -> Bool {
        let identity = state.identity
        let startBits = Unmanaged.passUnretained(start).toOpaque()
        var node = Unmanaged.passUnretained(start)
        var changed = false
        var recomputedStart = false
        // The changed dependency held for the recomputation of `node`.
        var held: Unmanaged<DerivedNode>?
        var link = begin(node, &changed)
        while true {
            // Scan the dependencies of `node` from `link`.
            while !changed, let current = link {
                state.dependencyChecks &+= 1
                let source = current.pointee.source
                if source._withUnsafeGuaranteedRef({ $0.isDerived }) {
                    let derived = unsafeBitCast(source, to: Unmanaged<DerivedNode>.self)
                    let flags = derived._withUnsafeGuaranteedRef { $0.flags }
                    if flags.rawValue & SubscriberFlags.validationMask != SubscriberFlags.hasResultBit {
                        if mustDescend(into: derived, flags, state, &changed) {
                            node = descend(into: derived, through: current, flags, identity, &changed)
                            link = node._withUnsafeGuaranteedRef { $0.firstDependency }
                            continue
                        }
                        if changed { break }
                    }
                } else if source._withUnsafeGuaranteedRef({ $0.isDead }) {
                    changed = true
                    break
                }
                if source._withUnsafeGuaranteedRef({ $0.version.load(ordering: .relaxed) }) != current.pointee.version {
                    changed = true
                    break
                }
                link = current.pointee.nextDependency
            }
            // Done scanning `node`: recompute it if something changed.
            let isStart = node.toOpaque() == startBits
            if changed || !node._withUnsafeGuaranteedRef(hasResultIfDerived) {
                if isStart && !start.isDerived {
                    if let held { release(held) }
                    return true
                }
                node._withUnsafeGuaranteedRef {
                    let derived = unsafeDowncast($0, to: DerivedNode.self)
                    derived.recompute(derived, state, &component)
                }
                // Its closure has read what was held for it.
                if let current = held {
                    // Marked again since it was held (a write on another
                    // thread): the closure read its older result, so the
                    // value is not current. The mark that said so reached
                    // `node` before its recomputation cleared it.
                    if !current._withUnsafeGuaranteedRef({ $0.flags.isDisjoint(with: .dirtyOrPending) }) {
                        node._withUnsafeGuaranteedRef { _ = $0.flags.insert(.pending) }
                    }
                    release(current)
                    held = nil
                }
                if isStart { recomputedStart = true }
            } else if node._withUnsafeGuaranteedRef({ $0.flags.contains(.pending) }) {
                // Marked again by another thread meanwhile: scan again.
                link = begin(node, &changed)
                continue
            }
            if isStart { break }
            // Back to the value that read `node`.
            let child = unsafeBitCast(node, to: Unmanaged<DerivedNode>.self)
            let parentLink = child._withUnsafeGuaranteedRef { child in
                let parentLink = child.pullLink.unsafelyUnwrapped
                child.pullLink = nil
                return parentLink
            }
            node = parentLink.pointee.subscriber
            changed = child._withUnsafeGuaranteedRef { $0.version.load(ordering: .relaxed) } != parentLink.pointee.version
            if changed {
                // The parent recomputes, and its closure reads it, held.
                child._withUnsafeGuaranteedRef { $0.heldFor.store(UInt(bitPattern: node.toOpaque()), ordering: .relaxed) }
                held = child
                link = nil
            } else {
                child._withUnsafeGuaranteedRef { $0.releaseClaimLocked() }
                link = parentLink.pointee.nextDependency
            }
        }
        return recomputedStart
    }

    /// The recomputation a value was held for is done: the value goes back
    /// to everyone.
    @inline(__always)
    private static func release(_ held: Unmanaged<DerivedNode>) {
        held._withUnsafeGuaranteedRef { held in
            held.heldFor.store(0, ordering: .relaxed)
            held.releaseClaimLocked()
        }
    }

    /// Whether a subscriber's scan may end without recomputing it: true for
    /// observers and scopes, and for a derived value that has a result.
    @inline(__always)
    private static func hasResultIfDerived(_ node: SubscriberNode) -> Bool {
        !node.isDerived || node.flags.rawValue & SubscriberFlags.hasResultBit != 0
    }

    /// A derived dependency whose flags say more than "current, with a
    /// result": whether the walk must validate it, or (`changed`) count it
    /// as changed without computing it here; false for neither, when only
    /// its version tells.
    @inline(__always)
    private static func mustDescend(
        into derived: Unmanaged<DerivedNode>, _ flags: SubscriberFlags, _ state: ThreadState, _ changed: inout Bool
    ) -> Bool {
        if flags.contains(.running) {
            // Claimed by another thread (computing: it cannot be known yet)
            // or running on this one (a cycle, which the recomputation
            // reports): count it as changed.
            changed = true
            return false
        }
        if flags.rawValue & SubscriberFlags.hasResultBit != 0 && flags.isDisjoint(with: .dirtyOrPending) {
            return false
        }
        // Bound to an actor this thread is not on: its closure may not run
        // here, so it may have changed.
        if flags.contains(.bound), !derived._withUnsafeGuaranteedRef({ $0.binding.unsafelyUnwrapped.isCurrent(state) }) {
            changed = true
            return false
        }
        return true
    }

    /// Claims `derived` for the walk, which came down `link`, and begins its
    /// scan, in one write of its flags. A dirty one (a source it read
    /// changed) is recomputed without a scan (`changed`).
    @inline(__always)
    private static func descend(
        into derived: Unmanaged<DerivedNode>, through link: LinkPointer, _ flags: SubscriberFlags,
        _ identity: UnsafeMutableRawPointer, _ changed: inout Bool
    ) -> Unmanaged<SubscriberNode> {
        derived._withUnsafeGuaranteedRef { derived in
            derived.flags = flags.union(.running).subtracting(.pending)
            derived.runningThread = identity
            derived.pullLink = link
        }
        if flags.contains(.dirty) { changed = true }
        return unsafeBitCast(derived, to: Unmanaged<SubscriberNode>.self)
    }

    /// Starts (or restarts) the scan of a claimed node: returns its first
    /// dependency. A mark another thread adds while the scan runs shows again
    /// at its end: the scan then starts over instead of losing it. A dirty
    /// node (a source it read changed) recomputes whatever its derived
    /// dependencies say: its scan is skipped (`changed`).
    @inline(__always)
    private static func begin(_ node: Unmanaged<SubscriberNode>, _ changed: inout Bool) -> LinkPointer? {
        node._withUnsafeGuaranteedRef { node in
            let flags = node.flags
            if flags.contains(.pending) { node.flags = flags.subtracting(.pending) }
            if flags.contains(.dirty) { changed = true }
            return node.firstDependency
        }
    }
}
