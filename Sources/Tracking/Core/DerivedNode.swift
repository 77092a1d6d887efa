import CTrackingSupport

/// A derived value in the graph: a subscriber of what its closure reads, and
/// a source for what reads it. It computes lazily, caches the result (or the
/// error), and recomputes only when a dependency changed and someone reads it.
///
/// - Subscribed (something observed depends on it): changes mark it dirty or
///   pending, and a read with neither flag returns the cache at once.
/// - Unsubscribed: its sources keep no links to it, so it can be freed; a read
///   checks the versions of its dependencies instead of trusting flags.
///
/// Its version moves only when a recomputation gives a different result, so
/// what depends on it is not re-run for an equal one (equality cut-off).
class DerivedNode<Value>: SubscriberNode, @unchecked Sendable {
    private let compute: @Sendable () throws -> Value
    private let areEqual: (@Sendable (Value, Value) -> Bool)?
    let name: String

    /// The ``Graph/changeEpoch`` at which the cache was last known current.
    /// Guarded by ``GraphLock``.
    @exclusivity(unchecked)
    private var validatedEpoch: UInt64 = 0

    /// The last result. Written by the thread that holds `.running`, under
    /// the lock; read under the lock.
    @exclusivity(unchecked)
    private var cache: Result<Value, any Error>?

    init(
        name: String,
        areEqual: (@Sendable (Value, Value) -> Bool)?,
        compute: @escaping @Sendable () throws -> Value
    ) {
        self.name = name
        self.areEqual = areEqual
        self.compute = compute
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

    override var displayName: String { name }

    /// Whether a new result equal to the cached one is no change.
    func isEqual(_ old: Value, _ new: Value) -> Bool {
        areEqual?(old, new) ?? false
    }
    override var subscriberName: String { name }

    // MARK: Reading

    /// The up-to-date result, recording the read in the current scope.
    func read() throws(DerivedCycleError) -> Result<Value, any Error> {
        let state = ThreadState.current
        var link: LinkPointer?
        if let scope = tracking_current_scope() {
            // Link first, so that a change from now on reaches the reader.
            link = Unmanaged<SubscriberNode>.fromOpaque(scope).takeUnretainedValue().track(self, state)
        }
        if try refresh(state) {
            GraphLock.lock()
            let result = cache.unsafelyUnwrapped
            link?.pointee.version = version.load(ordering: .relaxed)
            GraphLock.unlock()
            return result
        }
        // Another thread is computing it: evaluate here, uncached.
        return Result { try compute() }
    }

    /// The cached result without bringing it up to date, if there is one.
    func cachedResult() -> Result<Value, any Error>? {
        GraphLock.lock()
        defer { GraphLock.unlock() }
        return cache
    }

    // MARK: Updating

    /// Brings the cache up to date. Returns false if another thread is
    /// computing it; throws if this thread is (a cycle).
    override func refresh(_ state: ThreadState) throws(DerivedCycleError) -> Bool {
        GraphLock.lock()
        let epoch = Graph.changeEpoch.load(ordering: .relaxed)
        if cache != nil, flags.isDisjoint(with: [.dirty, .pending]),
           isSubscribed || validatedEpoch == epoch {
            GraphLock.unlock()
            return true
        }
        if flags.contains(.running) {
            let isThisThread = runningThread == state.identity
            GraphLock.unlock()
            if isThisThread { throw cycleError() }
            return false
        }
        let mustCompute = cache == nil || flags.contains(.dirty)
        flags.remove([.dirty, .pending])
        flags.insert(.running)
        runningThread = state.identity
        GraphLock.unlock()

        if mustCompute || dependenciesChanged(state) {
            recompute(state, epoch: epoch)
        } else {
            GraphLock.lock()
            if flags.contains(.subscriptionChanged) { Graph.syncSubscriptionLocked(self) }
            validatedEpoch = epoch
            flags.remove(.running)
            runningThread = nil
            GraphLock.unlock()
        }
        return true
    }

    private func recompute(_ state: ThreadState, epoch: UInt64) {
        let previous = beginTracking(state)
        let result: Result<Value, any Error>
        do {
            result = .success(try compute())
        } catch {
            result = .failure(error)
        }
        endTracking(restoring: previous)

        // Only this thread writes the cache while it holds `.running`.
        var changed = true
        if case .success(let old)? = cache, case .success(let new) = result {
            changed = !isEqual(old, new)
        }
        var dropped: Result<Value, any Error>? = result
        GraphLock.lock()
        flags.insert(finishTrackingLocked(state))
        if flags.contains(.subscriptionChanged) { Graph.syncSubscriptionLocked(self) }
        if changed {
            swap(&cache, &dropped)
            version.add(1, ordering: .relaxed)
        }
        validatedEpoch = epoch
        flags.remove(.running)
        runningThread = nil
        GraphLock.unlock()
        state.drainReleases()
        withExtendedLifetime(dropped) {}
    }

    /// Names the derived values in the cycle that reached this one again.
    private func cycleError() -> DerivedCycleError {
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

/// A derived value of an `Equatable` type: an equal result (`==`) is no change.
final class EquatableDerivedNode<Value: Equatable>: DerivedNode<Value>, @unchecked Sendable {
    override func isEqual(_ old: Value, _ new: Value) -> Bool { old == new }
}
