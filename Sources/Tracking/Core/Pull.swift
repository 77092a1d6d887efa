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
/// ``ThreadState/pullFrames``, so a chain of thousands of derived values
/// needs no stack depth.
///
/// Every node on the frame stack is claimed (`.running`) by this thread, so
/// no other thread computes it meanwhile and its dependency list is this
/// thread's. The component lock is held throughout, except while a derived
/// value's closure runs: then other threads may mark nodes of the frames
/// again, which the walk notices when it comes back to them.
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
        let base = state.pullFrames.count
        push(start, state)
        var recomputedStart = false
        while state.pullFrames.count > base {
            let top = state.pullFrames.count - 2
            let node = Unmanaged<SubscriberNode>.fromOpaque(state.pullFrames[top])
            let isStart = node.toOpaque() == Unmanaged.passUnretained(start).toOpaque()
            let mustRecompute = node._withUnsafeGuaranteedRef { node in
                node.flags.contains(.dirty)
                    || (node.isDerived && !unsafeDowncast(node, to: DerivedNode.self).hasResult)
            }
            if mustRecompute {
                if isStart && !start.isDerived {
                    state.pullFrames.truncate(to: base)
                    return true
                }
                node._withUnsafeGuaranteedRef {
                    unsafeDowncast($0, to: DerivedNode.self).recomputeLocked(state, &component)
                }
                state.pullFrames.truncate(to: top)
                if isStart {
                    recomputedStart = true
                } else {
                    childFinished(node, state)
                }
                continue
            }
            switch scan(node, frame: top, state) {
            case .descended:
                continue
            case .changed:
                node._withUnsafeGuaranteedRef { _ = $0.flags.insert(.dirty) }
            case .unchanged:
                state.pullFrames.truncate(to: top)
                if !isStart { childFinished(node, state) }
            }
        }
        return recomputedStart
    }

    private enum ScanResult {
        /// A dependency changed: the node must recompute (or run).
        case changed
        /// None did.
        case unchanged
        /// A derived dependency must be validated first; its frame is pushed.
        case descended
    }

    /// Scans the dependencies of the node of the frame at `frame`, from the
    /// link after the frame's cursor.
    private static func scan(_ nodeReference: Unmanaged<SubscriberNode>, frame: Int, _ state: ThreadState) -> ScanResult {
        nodeReference._withUnsafeGuaranteedRef { node -> ScanResult in
            var link: LinkPointer?
            let cursor = state.pullFrames[frame + 1]
            if cursor == noCursor {
                // A mark another thread adds while the scan runs shows again
                // at its end: the scan then starts over instead of losing it.
                node.flags.remove(.pending)
                link = node.firstDependency
            } else {
                link = cursor.assumingMemoryBound(to: Link.self).pointee.nextDependency
            }
            while let current = link {
                state.dependencyChecks &+= 1
                let verdict = current.pointee.source._withUnsafeGuaranteedRef { source -> ScanResult? in
                    if source.isDead { return .changed }
                    if source.isDerived {
                        let derived = unsafeDowncast(source, to: DerivedNode.self)
                        // Claimed by another thread (computing: it cannot be
                        // known yet) or by this one (a cycle, which the
                        // recomputation reports): either way, recompute.
                        if derived.flags.contains(.running) { return .changed }
                        // Bound to an actor this thread is not on: its
                        // closure may not run here, so it may have changed.
                        if let binding = derived.binding, !binding.isCurrent(state) { return .changed }
                        if !derived.hasResult || !derived.flags.isDisjoint(with: [.dirty, .pending]) {
                            state.pullFrames[frame + 1] = UnsafeMutableRawPointer(current)
                            derived.claimLocked(state)
                            push(derived, state)
                            return .descended
                        }
                    }
                    return source.version.load(ordering: .relaxed) == current.pointee.version ? nil : .changed
                }
                if let verdict { return verdict }
                link = current.pointee.nextDependency
            }
            if node.flags.contains(.pending) {
                state.pullFrames[frame + 1] = noCursor
                return .descended      // scan again from the start
            }
            return .unchanged
        }
    }

    /// A derived dependency is up to date: its parent (the frame now on top)
    /// continues after it, or recomputes if its version moved.
    private static func childFinished(_ child: Unmanaged<SubscriberNode>, _ state: ThreadState) {
        let top = state.pullFrames.count - 2
        let link = state.pullFrames[top + 1].assumingMemoryBound(to: Link.self)
        child._withUnsafeGuaranteedRef { child in
            if child.version.load(ordering: .relaxed) != link.pointee.version {
                Unmanaged<SubscriberNode>.fromOpaque(state.pullFrames[top])
                    ._withUnsafeGuaranteedRef { _ = $0.flags.insert(.dirty) }
            }
            child.releaseClaimLocked()
        }
    }

    @inline(__always)
    private static func push(_ node: SubscriberNode, _ state: ThreadState) {
        state.pullFrames.push(Unmanaged.passUnretained(node).toOpaque())
        state.pullFrames.push(noCursor)
    }

    /// The cursor of a frame whose scan has not started. Not a valid address.
    private static var noCursor: UnsafeMutableRawPointer {
        @inline(__always) get { UnsafeMutableRawPointer(bitPattern: 0x8).unsafelyUnwrapped }
    }
}
