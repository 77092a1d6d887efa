import CTrackingSupport

/// A derived value in the graph: a subscriber of what its closure reads, and
/// a source for what reads it. It computes lazily, caches the result (or the
/// error), and recomputes only when a dependency changed and someone reads it.
///
/// - Subscribed (something observed depends on it): changes mark it dirty or
///   pending, and a read with neither flag returns the cache at once.
/// - Unsubscribed: its sources keep no links to it, so it can be freed; a read
///   checks the versions of its dependencies (unless no linked source changed
///   since it was last known current, see ``Graph/changeEpoch``).
///
/// Its version moves only when a recomputation gives a different result, so
/// what depends on it is not re-run for an equal one (equality cut-off).
///
/// The graph logic is not generic: the typed half (the closure, the cached
/// result, the equality) lives in the subclass ``TypedDerivedNode``, which
/// ``operation`` reaches. `TypedDerivedNode`'s inlinable initializer builds
/// that function in the client's module, where it is specialized for the
/// value's type, so computing, comparing and storing a result costs no
/// generic-runtime lookup (a generic class's overridden methods would run
/// unspecialized).
@usableFromInline
class DerivedNode: SubscriberNode, @unchecked Sendable {
    /// What ``operation`` does with the typed storage.
    @usableFromInline
    enum Operation {
        /// Runs the computation (outside the lock, by the thread holding
        /// `.running`) into the storage's candidate slot; returns whether the
        /// result differs from the cached one.
        case evaluate
        /// Under the lock, after `evaluate`, in one call: makes the candidate
        /// the cached result if `commits`, copies the cached result to
        /// `destination` (as ``copy(_:)``), then drops the candidate if that
        /// runs no code (a trivial type); returns whether it did.
        case settle(commits: Bool, destination: UnsafeMutableRawPointer?)
        /// After the lock, by the thread holding `.running`: drops the
        /// candidate (the replaced result, or an unused equal one).
        case discard
        /// Under the lock: copies the cached result into the
        /// `Result<Value, any Error>?` at this address.
        case copy(UnsafeMutableRawPointer)
    }

    /// Applies an ``Operation`` to the node's typed half.
    @usableFromInline
    final let operation: (DerivedNode, Operation) -> Bool

    final let name: String

    /// Whether there is a cached result. Guarded by ``GraphLock``.
    @exclusivity(unchecked)
    private var hasResult = false

    /// The ``Graph/changeEpoch`` at which the cache was last known current.
    /// Guarded by ``GraphLock``.
    @exclusivity(unchecked)
    private var validatedEpoch: UInt64 = 0

    @usableFromInline
    init(name: String, operation: @escaping (DerivedNode, Operation) -> Bool) {
        self.name = name
        self.operation = operation
        super.init(kind: .derived)
    }

    deinit {
        // Runs outside the lock: nodes dropped under it are released later.
        if firstDependency != nil {
            let state = ThreadState.current
            GraphLock.lock()
            Graph.removeAllLocked(self, state: state)
            GraphLock.unlock()
            state.drainReleases()
        }
    }

    final override var displayName: String { name }
    final override var subscriberName: String { name }

    // MARK: Reading

    /// Reads the value: records the read in the current scope, brings the
    /// cached result up to date, and copies it into `destination` (a
    /// `Result<Value, any Error>?`) under the lock, in the same critical
    /// section that found the cache current. Returns false (copying nothing)
    /// when another thread is computing the value: the caller then computes
    /// directly, uncached.
    ///
    /// - Throws: A ``DerivedCycleError`` if this value is already computing on
    ///   this thread.
    @usableFromInline
    final func read(into destination: UnsafeMutableRawPointer) throws(DerivedCycleError) -> Bool {
        var cycle: DerivedCycleError?
        let isCurrent = ThreadState.withCurrent { state -> Bool in
            var link: LinkPointer?
            // A value that reads itself gets no link to itself (the read is a
            // cycle, reported by `refresh`): such a link would make each of
            // its computations look stale, and run its observers again.
            if let scope = tracking_current_scope(), scope != Unmanaged.passUnretained(self).toOpaque() {
                // Link first, so that a change from now on reaches the reader.
                link = Unmanaged<SubscriberNode>.fromOpaque(scope)._withUnsafeGuaranteedRef {
                    $0.track(self, state)
                }
            }
            do throws(DerivedCycleError) {
                guard try refresh(state, copyInto: destination) else { return false }
            } catch {
                cycle = error
                return false
            }
            // The reader saw the current version (its own list: no lock).
            link?.pointee.version = version.load(ordering: .relaxed)
            return true
        }
        if let cycle { throw cycle }
        return isCurrent
    }

    // MARK: Updating

    /// Brings the cache up to date. Returns false if another thread is
    /// computing it; throws if this thread is (a cycle).
    final override func refresh(_ state: ThreadState) throws(DerivedCycleError) -> Bool {
        try refresh(state, copyInto: nil)
    }

    /// ``refresh(_:)``, copying the result into `destination` under the lock
    /// once the cache is current.
    private final func refresh(_ state: ThreadState, copyInto destination: UnsafeMutableRawPointer?) throws(DerivedCycleError) -> Bool {
        if state.validationDepth == 0 {
            state.validationEpoch = Graph.changeEpoch.load(ordering: .relaxed)
        }
        state.validationDepth += 1
        defer { state.validationDepth -= 1 }
        GraphLock.lock()
        let epoch = state.validationEpoch
        // A value computing on this thread is being read by its own closure,
        // directly or through others: a cycle, even if its cache looks current.
        if flags.contains(.running), runningThread == state.identity {
            GraphLock.unlock()
            throw cycleError()
        }
        if hasResult, flags.isDisjoint(with: [.dirty, .pending]),
           isSubscribed || validatedEpoch == epoch {
            if let destination { _ = operation(self, .copy(destination)) }
            GraphLock.unlock()
            return true
        }
        if flags.contains(.running) {
            // Computing on another thread (this thread's case is a cycle, above).
            GraphLock.unlock()
            return false
        }
        let mustCompute = !hasResult || flags.contains(.dirty)
        flags.remove([.dirty, .pending])
        flags.insert(.running)
        runningThread = state.identity
        GraphLock.unlock()

        if mustCompute || dependenciesChanged(state) {
            recompute(state, epoch: epoch, copyInto: destination)
        } else {
            GraphLock.lock()
            validatedEpoch = epoch
            endRunLocked()
            if let destination { _ = operation(self, .copy(destination)) }
            GraphLock.unlock()
        }
        return true
    }

    private final func recompute(_ state: ThreadState, epoch: UInt64, copyInto destination: UnsafeMutableRawPointer?) {
        let previous = beginTracking(state)
        let changed = operation(self, .evaluate)
        endTracking(restoring: previous)

        GraphLock.lock()
        flags.insert(finishTrackingLocked(state))
        let commits = changed || !hasResult
        if commits {
            hasResult = true
            // Only ever written under the lock: no read-modify-write needed.
            version.store(version.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        }
        validatedEpoch = epoch
        // After the commit, the candidate slot holds the replaced result (or
        // an unused equal one). Another thread may claim the node as soon as
        // it stops running, so the slot must be empty by then. Dropping a
        // trivial value runs no code: `settle` does it here. Anything else may
        // run a deinit that uses the graph, so it is dropped after the lock,
        // the node still running.
        let dropped = operation(self, .settle(commits: commits, destination: destination))
        if dropped { endRunLocked() }
        GraphLock.unlock()
        state.drainReleases()
        if !dropped {
            _ = operation(self, .discard)
            GraphLock.lock()
            endRunLocked()
            GraphLock.unlock()
        }
    }

    /// Ends a run (a validation or a computation), under the lock: applies a
    /// subscription change that waited for it, and frees the node for the
    /// next reader.
    private final func endRunLocked() {
        if flags.contains(.subscriptionChanged) { Graph.syncSubscriptionLocked(self) }
        flags.remove(.running)
        runningThread = nil
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

/// The typed half of a derived value: its closure, equality and results.
/// Built only by inlinable code (`Derived`'s initializers), so that its
/// ``DerivedNode/operation`` is specialized for `Value`.
@usableFromInline
final class TypedDerivedNode<Value>: DerivedNode, @unchecked Sendable {
    @usableFromInline
    let compute: @Sendable () throws -> Value
    @usableFromInline
    let isEqual: ((Value, Value) -> Bool)?

    /// The current result. Written under the lock (by `settle`), read under it.
    @usableFromInline
    @exclusivity(unchecked)
    var cached: Result<Value, any Error>?

    /// The result being computed; owned by the thread holding `.running`.
    @usableFromInline
    @exclusivity(unchecked)
    var candidate: Result<Value, any Error>?

    /// Call from specialized code only, so that the operation function is
    /// specialized for `Value`.
    @inlinable
    init(name: String, compute: @escaping @Sendable () throws -> Value, isEqual: ((Value, Value) -> Bool)?) {
        self.compute = compute
        self.isEqual = isEqual
        super.init(name: name) { node, operation in
            unsafeDowncast(node, to: TypedDerivedNode<Value>.self).perform(operation)
        }
    }

    /// Performs one ``DerivedNode/Operation``.
    @inlinable
    func perform(_ operation: DerivedNode.Operation) -> Bool {
        switch operation {
        case .evaluate:
            let result: Result<Value, any Error>
            do {
                result = .success(try compute())
            } catch {
                result = .failure(error)
            }
            var changed = true
            if case .success(let old)? = cached, case .success(let new) = result, let isEqual {
                changed = !isEqual(old, new)
            }
            candidate = result
            return changed
        case .settle(let commits, let destination):
            if commits { swap(&cached, &candidate) }
            if let destination {
                destination.assumingMemoryBound(to: Result<Value, any Error>?.self).pointee = cached
            }
            // Drop the candidate here only if that runs no code (an error is
            // an existential: never trivial).
            guard _isPOD(Value.self), case .success? = candidate else { return candidate == nil }
            candidate = nil
            return true
        case .discard:
            candidate = nil
            return true
        case .copy(let destination):
            destination.assumingMemoryBound(to: Result<Value, any Error>?.self).pointee = cached
            return true
        }
    }

    /// The cached result, read under the lock.
    @inlinable
    var currentResult: Result<Value, any Error>? {
        GraphLock.lock()
        defer { GraphLock.unlock() }
        return cached
    }
}
