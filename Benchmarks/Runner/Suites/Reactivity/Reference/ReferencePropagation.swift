/// The reference engine's push and pull (alien-signals' `propagate`,
/// `checkDirty` and `shallowPropagate`), iterative, with an explicit stack
/// only where the graph branches.
///
/// - Push: a write marks everything downstream `pending` (maybe stale) and
///   queues the effects it reaches. Nothing recomputes.
/// - Pull: an effect or a computed value that is `pending` walks up its
///   dependencies, depth first, to the written signals; on the way back down
///   it recomputes exactly the nodes whose dependency really changed (equality
///   cut-off stops the rest), and clears `pending` on the others.
/// - A node that recomputed to a new value marks its other subscribers
///   `dirty` (shallow: one level), so that their own check needs no walk.
extension ReferenceGraph {
    /// Marks the subscribers reachable from `start` (the first link of a
    /// written node's subscribers) `pending`, and queues the effects among
    /// them.
    ///
    /// A node with one subscriber continues the walk in place; the stack
    /// holds where to resume only at nodes with several.
    static func propagate(_ start: ReferenceLinkPointer) {
        typealias F = ReferenceFlags
        var link = start
        var next = start.pointee.nextSub
        let stackBase = ReferenceStack.count
        while true {
            let sub = link.pointee.sub
            var flags = sub.flags
            if flags & (F.recursedCheck | F.recursed | F.dirty | F.pending) == 0 {
                sub.flags = flags | F.pending
            } else if flags & (F.recursedCheck | F.recursed) == 0 {
                flags = 0  // already marked: so is everything below it
            } else if flags & F.recursedCheck == 0 {
                sub.flags = (flags & ~F.recursed) | F.pending
            } else if flags & (F.dirty | F.pending) == 0 && isConfirmed(link, in: sub) {
                // Running, and already read this dependency in this run.
                sub.flags = flags | F.recursed | F.pending
                flags &= F.mutable
            } else {
                flags = 0
            }
            if flags & F.watching != 0 { enqueue(sub) }
            if flags & F.mutable != 0, let subSubs = sub.subs {
                link = subSubs
                if let sibling = subSubs.pointee.nextSub {
                    ReferenceStack.push(next)
                    next = sibling
                }
                continue
            }
            if let sibling = next {
                link = sibling
                next = sibling.pointee.nextSub
                continue
            }
            var resumed = false
            while ReferenceStack.count > stackBase {
                if let saved = ReferenceStack.pop() {
                    link = saved
                    next = saved.pointee.nextSub
                    resumed = true
                    break
                }
            }
            if !resumed { return }
        }
    }

    /// Whether `startSub`, which is `pending`, must recompute: walks its
    /// dependencies from `start` (its first link), refreshing the signals and
    /// computed values on the way that are stale, and stops at the first one
    /// that changed. Clears `pending` on the nodes found up to date.
    ///
    /// Descends into a pending dependency in place; the stack keeps the way
    /// back only through dependencies that have several subscribers (with
    /// one, the way back is its only subscriber link).
    static func checkDirty(_ start: ReferenceLinkPointer, of startSub: ReferenceNodeRef) -> Bool {
        typealias F = ReferenceFlags
        var link = start
        var sub = startSub
        var depth = 0
        while true {
            let dep = link.pointee.dep
            let depFlags = dep.flags
            var dirty = false
            if sub.flags & F.dirty != 0 {
                dirty = true  // a dependency refreshed earlier already said so
            } else if depFlags & (F.mutable | F.dirty) == F.mutable | F.dirty {
                if dep.refresh() {
                    let depSubs = dep.subs.unsafelyUnwrapped
                    if depSubs.pointee.nextSub != nil { shallowPropagate(depSubs) }
                    dirty = true
                }
            } else if depFlags & (F.mutable | F.pending) == F.mutable | F.pending {
                if link.pointee.nextSub != nil || link.pointee.prevSub != nil { ReferenceStack.push(link) }
                link = dep.deps.unsafelyUnwrapped
                sub = dep
                depth &+= 1
                continue
            }
            if !dirty, let nextDep = link.pointee.nextDep {
                link = nextDep
                continue
            }
            // Back down towards `startSub`, recomputing while the answer is yes.
            var resumed = false
            while depth > 0 {
                depth &-= 1
                let firstSub = sub.subs.unsafelyUnwrapped
                let hasSeveral = firstSub.pointee.nextSub != nil
                link = hasSeveral ? ReferenceStack.pop().unsafelyUnwrapped : firstSub
                if dirty {
                    if sub.refresh() {
                        if hasSeveral { shallowPropagate(firstSub) }
                        sub = link.pointee.sub
                        continue
                    }
                } else {
                    sub.flags &= ~F.pending
                }
                sub = link.pointee.sub
                if let nextDep = link.pointee.nextDep {
                    link = nextDep
                    resumed = true
                    break
                }
                dirty = false
            }
            if !resumed { return dirty }
        }
    }

    /// Marks the `pending` subscribers from `start` on `dirty` (one level:
    /// their dependency did change), queueing the effects among them.
    static func shallowPropagate(_ start: ReferenceLinkPointer) {
        typealias F = ReferenceFlags
        var next: ReferenceLinkPointer? = start
        while let link = next {
            let sub = link.pointee.sub
            let flags = sub.flags
            if flags & (F.pending | F.dirty) == F.pending {
                sub.flags = flags | F.dirty
                if flags & F.watching != 0 { enqueue(sub) }
            }
            next = link.pointee.nextSub
        }
    }
}
