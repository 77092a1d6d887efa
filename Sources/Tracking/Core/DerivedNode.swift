import CTrackingSupport

/// A derived value in the graph: a subscriber of what its closure reads, and
/// a source for what reads it. It computes lazily, caches the result (or the
/// error), and recomputes only when a dependency changed and someone reads it.
///
/// Changes mark it dirty or pending (it is in the subscriber lists of what it
/// read, observed or not: links do not keep subscribers alive, and its
/// deinitializer removes them); a read with neither flag returns the cache at
/// once, and a pending one is validated by ``Pull``.
///
/// Its version moves only when a recomputation gives a different result, so
/// what depends on it is not re-run for an equal one (equality cut-off).
///
/// The graph logic is not generic: the typed half (the closure, the two
/// result slots, the equality) lives in the subclass ``TypedDerivedNode``,
/// which ``evaluate`` reaches. `TypedDerivedNode`'s inlinable initializer
/// builds that function in the client's module, where it is specialized for
/// the value's type, so computing and comparing a result costs no
/// generic-runtime lookup (a generic class's overridden methods would run
/// unspecialized); readers copy the result in specialized code too.
@usableFromInline
class DerivedNode: SubscriberNode, @unchecked Sendable {
    /// Runs the computation into the typed half's spare slot (outside the
    /// lock, by the thread holding `.running`) and compares it with the
    /// current result if there is one (the flag); returns whether it differs.
    /// An equal result is dropped at once; a different one waits in the spare
    /// slot for ``recomputeLocked(_:_:)`` to make it current. The result it
    /// replaces stays in the other slot until the next computation
    /// overwrites it, outside the lock (its deinitializer may run user code).
    @usableFromInline
    final let evaluate: (DerivedNode, _ hasResult: Bool) -> Bool

    final let name: String

    /// Whether there is a current result. Guarded by the component lock.
    @exclusivity(unchecked)
    final var hasResult = false

    /// Which of the two result slots is current. Flipped under the lock by
    /// the thread holding `.running`; read under it.
    @usableFromInline
    @exclusivity(unchecked)
    final var currentIsFirst = true

    /// The actor whose state the closure reads (an ``IsolatedDerived``), or
    /// nil. Set once, before anything can read the node. A validation on a
    /// thread that is not on that actor does not compute the value: it counts
    /// it as changed (``Pull``).
    final var binding: ActorBinding?

    @usableFromInline
    init(name: String, evaluate: @escaping (DerivedNode, _ hasResult: Bool) -> Bool) {
        self.name = name
        self.evaluate = evaluate
        super.init(kind: .derived)
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

    /// Reads the value: records the read in the current scope, brings the
    /// cached result up to date, and returns the component's lock held, so
    /// that the caller copies the current result (``currentIsFirst``) in the
    /// same critical section that found it current, then calls
    /// ``unlockAfterRead(_:)``. Returns nil (no lock held) when another thread
    /// is computing the value: the caller then computes directly, uncached.
    ///
    /// - Throws: A ``DerivedCycleError`` if this value is already computing on
    ///   this thread.
    @usableFromInline
    final func lockCurrent() throws(DerivedCycleError) -> Unmanaged<Component>? {
        let state = Unmanaged<ThreadState>.fromOpaque(ThreadState.currentPointer)
        var link: LinkPointer?
        // A value that reads itself gets no link to itself (the read is a
        // cycle, reported below): such a link would make each of its
        // computations look stale, and run its observers again.
        if let scope = tracking_current_scope(), scope != Unmanaged.passUnretained(self).toOpaque() {
            // Link first, so that a change from now on reaches the reader.
            link = state._withUnsafeGuaranteedRef { state in
                Unmanaged<SubscriberNode>.fromOpaque(scope)._withUnsafeGuaranteedRef { $0.track(self, state) }
            }
        }
        while true {
            var component = Component.lock(self)
            if flags.contains(.running) {
                let cycle = state._withUnsafeGuaranteedRef { runningThread == $0.identity }
                component._withUnsafeGuaranteedRef { $0.unlock() }
                if cycle { throw cycleError() }
                return nil
            }
            if hasResult, flags.isDisjoint(with: [.dirty, .pending]) {
                // The reader saw this version (its own list: no lock needed).
                link?.pointee.version = version.load(ordering: .relaxed)
                return component
            }
            state._withUnsafeGuaranteedRef { state in
                claimLocked(state)
                _ = Pull.run(self, state, &component)
                releaseClaimLocked()
                component._withUnsafeGuaranteedRef { $0.unlock() }
                state.drainReleases()
            }
            // Current now, unless another write came meanwhile: look again.
        }
    }

    /// Ends a read begun by ``lockCurrent()``.
    @usableFromInline
    final func unlockAfterRead(_ component: Unmanaged<Component>) {
        component._withUnsafeGuaranteedRef { $0.unlock() }
    }

    // MARK: Recomputing

    /// Recomputes the value. Call with `component` locked and the node
    /// claimed; the lock is released while the closure runs and held again
    /// (on the current root) when this returns.
    final func recomputeLocked(_ state: ThreadState, _ component: inout Unmanaged<Component>) {
        flags.remove([.dirty, .pending])
        let hadResult = hasResult
        component._withUnsafeGuaranteedRef { $0.unlock() }
        let previous = beginTracking(state)
        let changed = evaluate(self, hadResult)
        endTracking(restoring: previous)
        component = lockForFinish(state)
        let seen = finishTrackingLocked(state)
        if !seen.isEmpty {
            // Something read for the first time changed during the run: this
            // value and what depends on it must be checked again.
            flags.insert(seen)
            Graph.propagateLocked(from: self, direct: .pending, state: state)
        }
        if changed || !hadResult {
            currentIsFirst.toggle()
            hasResult = true
            // Only ever written under the lock: no read-modify-write needed.
            version.store(version.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        }
    }

    /// Names the derived values in the cycle that reached this one again.
    private final func cycleError() -> DerivedCycleError {
        var chain: [String] = []
        var scope = tracking_current_scope()
        let me = Unmanaged.passUnretained(self).toOpaque()
        while let current = scope, current != me {
            let node = Unmanaged<SubscriberNode>.fromOpaque(current).takeUnretainedValue()
            if node.isDerived { chain.append(node.displayName) }
            scope = node.previousScope
        }
        return DerivedCycleError(cycle: [name] + chain.reversed() + [name])
    }
}
