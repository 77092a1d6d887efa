import CTrackingSupport

/// The typed half of a derived value: its closure, equality and result.
/// Built only by inlinable code (a surface's initializers), so that its
/// ``DerivedNode/recompute`` is specialized for `Value`.
///
/// One result slot, a value or an error. The thread computing the value
/// writes it outside the lock, while it holds `.running`: no other thread
/// reads the slot then (a reader that finds the value claimed computes the
/// closure itself, uncached), so the result it replaces is released there,
/// and no deinitializer runs under the lock. Readers copy it under the lock,
/// or, for the parent a validation holds it for, on the holding thread.
@usableFromInline
final class TypedDerivedNode<Value>: DerivedNode, @unchecked Sendable {
    @usableFromInline
    let compute: @Sendable () throws -> Value

    /// The last computation's value, or nil if it threw (or none ran).
    @usableFromInline
    @exclusivity(unchecked)
    var result: Value?

    /// The error of the last computation, if it threw.
    @usableFromInline
    @exclusivity(unchecked)
    var error: (any Error)?

    /// Call from specialized code only, so that the recompute function is
    /// specialized for `Value`.
    @inlinable
    init(
        name: String, compute: @escaping @Sendable () throws -> Value,
        isEqual: ((Value, Value) -> Bool)?
    ) {
        self.compute = compute
        if let isEqual {
            super.init(name: name) { node, state, component in
                unsafeDowncast(node, to: TypedDerivedNode<Value>.self).recomputeLocked(state, &component, isEqual: isEqual)
            }
        } else {
            super.init(name: name) { node, state, component in
                unsafeDowncast(node, to: TypedDerivedNode<Value>.self).recomputeLocked(state, &component, comparing: false) {
                    _, _ in false
                }
            }
        }
    }

    /// A derived value whose equal results (`==`) are no change: the
    /// comparison is inlined in the specialized recompute function.
    @inlinable
    init(name: String, compute: @escaping @Sendable () throws -> Value) where Value: Equatable {
        self.compute = compute
        super.init(name: name) { node, state, component in
            unsafeDowncast(node, to: TypedDerivedNode<Value>.self).recomputeLocked(state, &component) { $0 == $1 }
        }
    }

    /// ``DerivedNode/recompute``: the evaluation between the start and the
    /// end of a recomputation, in one specialized function. `comparing`
    /// false: every result is a change.
    @inlinable @inline(__always)
    func recomputeLocked(
        _ state: ThreadState, _ component: inout Unmanaged<Component>, comparing: Bool = true,
        isEqual: (Value, Value) -> Bool
    ) {
        let (hadResult, previous) = beginRecomputation(state, component)
        let changed: Bool
        do {
            let new = try compute()
            // The comparison is no part of the computation: what an
            // `isEqual` (or a custom `==`) reads is nobody's dependency. The
            // run mark stays, by which onCleanup there knows it is in the
            // computation (``SubscriberNode/isComputingDerivedValue``).
            tracking_set_current_scope(nil)
            changed = keep(new, comparing: comparing && hadResult, isEqual: isEqual)
        } catch {
            keep(error)
            changed = true
        }
        endRecomputation(state, &component, restoring: previous, changed: changed)
    }

    /// Stores a new result, unless it equals the current one (then returns
    /// false and drops it). Runs outside the lock, on the thread holding
    /// `.running`, the only one that writes the slot.
    @inlinable @inline(__always)
    func keep(_ new: Value, comparing: Bool, isEqual: (Value, Value) -> Bool) -> Bool {
        if comparing, let old = result, isEqual(old, new) { return false }
        result = new
        if error != nil { error = nil }
        return true
    }

    /// Stores a thrown error in place of a value (an error is always a
    /// change). Out of line: rare, and only for throwing values.
    @usableFromInline @inline(never)
    func keep(_ error: any Error) {
        result = nil
        self.error = error
    }

    /// The current value, or nil if the last computation threw. Read it under
    /// the lock, or while this thread holds the node for the current scope
    /// (``DerivedNode/isHeldForCurrentScope``).
    @inlinable
    var currentValue: Value? { result }

    /// The current error, if the last computation threw.
    @inlinable
    var currentError: (any Error)? { error }

    /// The current value, read under the lock, whatever the flags say: the
    /// previous value, for a cycle.
    @usableFromInline
    var previousValue: Value? {
        let component = Component.lock(self)
        defer { component._withUnsafeGuaranteedRef { $0.unlock() } }
        return hasResult ? currentValue : nil
    }
}
