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
/// cut-off). The walk keeps its frames on the thread's
/// ``ThreadState/pullFrames`` (one word each: the link it followed down,
/// whose subscriber is the node to go back to), so validating a chain of
/// thousands of derived values needs no stack depth (a first computation
/// recurses through the closures, which read what they depend on).
///
/// Every node on the frame stack is claimed (`.running`) by this thread, so
/// no other thread computes it meanwhile and its dependency list is this
/// thread's. A dependency the walk has found changed is *held* (`.held`)
/// while its parent recomputes: the parent's closure, and the closures of
/// the values it reads, then copy its result without taking the lock
/// (meanwhile other threads compute it themselves, uncached). A changed
/// dependency ends its parent's scan, so the walk holds at most one. The component
/// lock is held throughout, except while a derived value's closure runs: then
/// other threads may mark nodes of the frames again, which the walk notices
/// when it comes back to them.
enum Pull {
    /// Brings `start` up to date: a derived value is recomputed if a
    /// dependency changed (or if it has no result yet); for an observer or a
    /// scope, the answer is whether it must run.
    ///
    /// Call with `component` (the root of `start`'s component) locked and
    /// `start` claimed by this thread; returns with the lock of the current
    /// root held (it may have changed: the walk joins the components of what
    /// recomputations read for the first time) and `start` still claimed,
    /// holding nothing. Node references dropped meanwhile are in
    /// `state.releases`.
    ///
    /// - Returns: For an observer or a scope, whether a dependency changed.
    ///   For a derived value, whether it recomputed.
    static func run(_ start: SubscriberNode, _ state: ThreadState, _ component: inout Unmanaged<Component>) -> Bool {
        let frameBase = state.pullFrames.count
        let identity = state.identity
        let startBits = Unmanaged.passUnretained(start).toOpaque()
        var node = Unmanaged.passUnretained(start)
        var changed = false
        var recomputedStart = false
        // The changed dependency held for the recomputation of `node`: at
        // most one, as a changed dependency ends the scan of its parent.
        var held: Unmanaged<SubscriberNode>?
        var link = begin(node, &changed)
        while true {
            // Scan the dependencies of `node` from `link`.
            while !changed, let current = link {
                state.dependencyChecks &+= 1
                let descend = current.pointee.source._withUnsafeGuaranteedRef { source -> Bool in
                    if source.isDead {
                        changed = true
                        return false
                    }
                    if source.isDerived {
                        let derived = unsafeDowncast(source, to: DerivedNode.self)
                        let flags = derived.flags
                        if !flags.isDisjoint(with: [.running, .held, .bound]) {
                            if !flags.isDisjoint(with: [.running, .held]) {
                                // Held by this thread: current, compare versions.
                                // Claimed by another thread (computing: it cannot
                                // be known yet) or running on this one (a cycle,
                                // which the recomputation reports): recompute.
                                if !flags.contains(.held) || derived.runningThread != identity {
                                    changed = true
                                    return false
                                }
                            } else if !derived.hasResult || !flags.isDisjoint(with: [.dirty, .pending]) {
                                // Bound to an actor this thread is not on: its
                                // closure may not run here, so it may have
                                // changed.
                                if !derived.binding.unsafelyUnwrapped.isCurrent(state) {
                                    changed = true
                                    return false
                                }
                                return true
                            }
                        } else if !derived.hasResult || !flags.isDisjoint(with: [.dirty, .pending]) {
                            return true
                        }
                    }
                    if source.version.load(ordering: .relaxed) != current.pointee.version { changed = true }
                    return false
                }
                if descend {
                    // The frame is the link alone: its subscriber is `node`.
                    state.pullFrames.push(UnsafeMutableRawPointer(current))
                    node = current.pointee.source._withUnsafeGuaranteedRef {
                        let derived = unsafeDowncast($0, to: SubscriberNode.self)
                        // Claimed, and its scan begun, in one write of the flags.
                        let flags = derived.flags
                        derived.flags = flags.union(.running).subtracting(.pending)
                        derived.runningThread = identity
                        if flags.contains(.dirty) { changed = true }
                        return Unmanaged.passUnretained(derived)
                    }
                    link = node._withUnsafeGuaranteedRef { $0.firstDependency }
                    continue
                }
                if !changed { link = current.pointee.nextDependency }
            }
            // Done scanning `node`: recompute it if something changed.
            let isStart = node.toOpaque() == startBits
            let mustRecompute = node._withUnsafeGuaranteedRef { node in
                changed || node.flags.contains(.dirty)
                    || (node.isDerived && !unsafeDowncast(node, to: DerivedNode.self).hasResult)
            }
            if mustRecompute {
                if isStart && !start.isDerived {
                    if let held { release(held) }
                    state.pullFrames.truncate(to: frameBase)
                    return true
                }
                node._withUnsafeGuaranteedRef {
                    let derived = unsafeDowncast($0, to: DerivedNode.self)
                    derived.recompute(derived, state, &component)
                }
                // Its closure has read what was held for it.
                if let current = held {
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
            // Back to the parent, which now holds `node`.
            let child = node
            let parentLink = state.pullFrames.popNonEmpty().assumingMemoryBound(to: Link.self)
            node = parentLink.pointee.subscriber
            changed = child._withUnsafeGuaranteedRef { child in
                if child.version.load(ordering: .relaxed) == parentLink.pointee.version {
                    // Unchanged: the parent may not recompute at all.
                    child.releaseClaimLocked()
                    return false
                }
                // Changed: the parent recomputes, and its closure reads it.
                child.flags.remove(.running)
                child.flags.insert(.held)
                unsafeDowncast(child, to: DerivedNode.self).heldBy.store(UInt(bitPattern: identity), ordering: .relaxed)
                return true
            }
            if changed {
                held = child
                link = nil
            } else {
                link = parentLink.pointee.nextDependency
            }
        }
        state.pullFrames.truncate(to: frameBase)
        return recomputedStart
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

    /// The recomputation a value was held for is done: the value goes back
    /// to everyone.
    @inline(__always)
    private static func release(_ held: Unmanaged<SubscriberNode>) {
        held._withUnsafeGuaranteedRef { held in
            held.flags.remove(.held)
            held.runningThread = nil
            unsafeDowncast(held, to: DerivedNode.self).heldBy.store(0, ordering: .relaxed)
        }
    }
}
