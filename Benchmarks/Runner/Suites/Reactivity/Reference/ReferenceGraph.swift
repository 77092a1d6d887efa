/// The reference engine's graph: the links between nodes, made and removed
/// as closures run (alien-signals' `link` and `unlink`), and the state of the
/// running closure.
///
/// A run (of a computed value or an effect) resets its node's `depsTail`,
/// and each read links the value read after `depsTail`: if the link that
/// follows already points at that value (the same read as last run, the
/// common case), the run reuses it by moving `depsTail` forward; otherwise it
/// inserts a new link there. At the end of the run, the links after
/// `depsTail` are the dependencies the run did not read again, and are
/// removed. A run that reads what it read last time touches no list and
/// allocates nothing.
///
/// Single-threaded, like alien-signals: module-wide state, no locks.
enum ReferenceGraph {
    /// The node whose closure is running, whose reads are dependencies.
    nonisolated(unsafe) static var activeSub: ReferenceNodeRef?
    nonisolated(unsafe) private static var lastVersion: UInt64 = 0

    /// A number for a new run, unique to it.
    @inline(__always)
    static func nextVersion() -> UInt64 {
        lastVersion &+= 1
        return lastVersion
    }

    /// Records that the running `sub` read `dep`.
    @inline(__always)
    static func link(_ dep: ReferenceNodeRef, _ sub: ReferenceNodeRef) {
        let previousDep = sub.depsTail
        if let previousDep, previousDep.pointee.dep == dep { return }  // read twice in a row
        let nextDep = previousDep == nil ? sub.deps : previousDep.unsafelyUnwrapped.pointee.nextDep
        if let nextDep, nextDep.pointee.dep == dep {  // as in the last run: reuse the link
            nextDep.pointee.version = sub.version
            sub.depsTail = nextDep
            return
        }
        insertLink(dep, sub, after: previousDep, before: nextDep)
    }

    @inline(never)
    private static func insertLink(
        _ dep: ReferenceNodeRef, _ sub: ReferenceNodeRef, after previousDep: ReferenceLinkPointer?,
        before nextDep: ReferenceLinkPointer?
    ) {
        let previousSub = dep.subsTail
        // Already linked in this run, further back in the list.
        if let previousSub, previousSub.pointee.version == sub.version, previousSub.pointee.sub == sub { return }
        let link = ReferenceLinkPool.take()
        link.initialize(
            to: ReferenceLink(
                dep: dep, sub: sub, prevSub: previousSub, nextSub: nil, nextDep: nextDep, version: sub.version))
        sub.depsTail = link
        dep.subsTail = link
        if let previousDep { previousDep.pointee.nextDep = link } else { sub.deps = link }
        if let previousSub { previousSub.pointee.nextSub = link } else { dep.subs = link }
    }

    /// Starts a run of `sub`'s closure: a new version, the cursor at the
    /// start, `flags` as given (with `recursedCheck`).
    @inline(__always)
    static func beginRun(_ sub: ReferenceNodeRef, flags: UInt32) -> ReferenceNodeRef? {
        sub.version = nextVersion()
        sub.depsTail = nil
        sub.flags = flags | ReferenceFlags.recursedCheck
        let previous = activeSub
        activeSub = sub
        return previous
    }

    /// Ends the run of `sub`'s closure: the links it did not confirm go.
    @inline(__always)
    static func endRun(_ sub: ReferenceNodeRef, restoring previous: ReferenceNodeRef?) {
        activeSub = previous
        let tail = sub.depsTail
        let stale = tail == nil ? sub.deps : tail.unsafelyUnwrapped.pointee.nextDep
        if let stale { removeDependencies(from: stale, of: sub) }
        sub.flags &= ~ReferenceFlags.recursedCheck
    }

    /// Removes `first` and every later dependency of `sub`.
    @inline(never)
    static func removeDependencies(from first: ReferenceLinkPointer, of sub: ReferenceNodeRef) {
        if let tail = sub.depsTail { tail.pointee.nextDep = nil } else { sub.deps = nil }
        var next: ReferenceLinkPointer? = first
        while let link = next {
            next = link.pointee.nextDep
            removeFromSubscribers(link)
            ReferenceLinkPool.give(link)
        }
    }

    /// Removes every dependency of `sub` (an effect disposed of, a node
    /// freed, a computed value nobody reads any more).
    static func removeAllDependencies(of sub: ReferenceNodeRef) {
        sub.depsTail = nil
        if let first = sub.deps { removeDependencies(from: first, of: sub) }
    }

    /// Takes `link` out of its dependency's list of subscribers. A computed
    /// value that loses its last subscriber lets go of its own dependencies
    /// and will recompute when next read (alien-signals' `unwatched`).
    @inline(__always)
    private static func removeFromSubscribers(_ link: ReferenceLinkPointer) {
        let dep = link.pointee.dep
        let previous = link.pointee.prevSub
        let next = link.pointee.nextSub
        if let next { next.pointee.prevSub = previous } else { dep.subsTail = previous }
        if let previous {
            previous.pointee.nextSub = next
        } else {
            dep.subs = next
            if next == nil, dep.deps != nil { unwatched(dep) }
        }
    }

    @inline(never)
    private static func unwatched(_ node: ReferenceNodeRef) {
        guard node.flags & ReferenceFlags.mutable != 0 else { return }
        node.flags = ReferenceFlags.mutable | ReferenceFlags.dirty
        removeAllDependencies(of: node)
    }

    /// Takes `node`'s links to its subscribers out of their lists of
    /// dependencies, before `node` is freed. Never needed while closures
    /// capture what they read (subscribers keep their dependencies alive);
    /// kept so that a node freed early cannot leave dangling links.
    static func detachSubscribers(of node: ReferenceNodeRef) {
        var next = node.subs
        node.subs = nil
        node.subsTail = nil
        while let link = next {
            next = link.pointee.nextSub
            let sub = link.pointee.sub
            if sub.deps == link {
                sub.deps = link.pointee.nextDep
                if sub.depsTail == link { sub.depsTail = nil }
            } else {
                var previous = sub.deps
                while let candidate = previous, candidate.pointee.nextDep != link {
                    previous = candidate.pointee.nextDep
                }
                if let previous {
                    previous.pointee.nextDep = link.pointee.nextDep
                    if sub.depsTail == link { sub.depsTail = previous }
                }
            }
            ReferenceLinkPool.give(link)
        }
    }

    /// Whether `link` is among the dependencies `sub` confirmed so far in its
    /// current run.
    static func isConfirmed(_ link: ReferenceLinkPointer, in sub: ReferenceNodeRef) -> Bool {
        guard let tail = sub.depsTail else { return false }
        var next = sub.deps
        while let candidate = next {
            if candidate == link { return true }
            if candidate == tail { return false }
            next = candidate.pointee.nextDep
        }
        return false
    }
}
