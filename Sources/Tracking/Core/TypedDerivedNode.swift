import CTrackingSupport

/// The typed half of a derived value: its closure, equality and results.
/// Built only by inlinable code (a surface's initializers), so that its
/// ``DerivedNode/recompute`` is specialized for `Value`.
///
/// Two result slots, each a value or an error: the current one
/// (``DerivedNode/secondIsCurrent``), which readers copy under the lock, and
/// the spare one, which only the thread computing the value writes, outside
/// the lock. A recomputation that changes the value makes the spare slot
/// current; the result it replaces is dropped by the next computation, so
/// that no deinitializer runs under the lock.
@usableFromInline
final class TypedDerivedNode<Value>: DerivedNode, @unchecked Sendable {
    @usableFromInline
    let compute: @Sendable () throws -> Value

    @usableFromInline
    @exclusivity(unchecked)
    var firstValue: Value?

    @usableFromInline
    @exclusivity(unchecked)
    var secondValue: Value?

    /// The error of a computation that threw, in place of the slot's value.
    @usableFromInline
    @exclusivity(unchecked)
    var firstError: (any Error)?

    @usableFromInline
    @exclusivity(unchecked)
    var secondError: (any Error)?

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
        let second = secondIsCurrent
        let changed: Bool
        do {
            let new = try compute()
            // The comparison is no part of the computation: what an
            // `isEqual` (or a custom `==`) reads is nobody's dependency. The
            // run mark stays, by which onCleanup there knows it is in the
            // computation (``SubscriberNode/isComputingDerivedValue``).
            tracking_set_current_scope(nil)
            changed = keep(new, second: second, comparing: comparing && hadResult, isEqual: isEqual)
        } catch {
            keep(error, second: second)
            changed = true
        }
        endRecomputation(state, &component, restoring: previous, changed: changed)
    }

    /// Puts a new result in the spare slot, unless it equals the current one
    /// (then returns false); `second`: the current slot is the second.
    /// Runs outside the lock, on the thread holding `.running`: the only one
    /// that writes the slots or flips them, so the current slot can be read
    /// without the lock. Overwriting the spare slot drops the result
    /// replaced two computations ago.
    @inlinable @inline(__always)
    func keep(_ new: Value, second: Bool, comparing: Bool, isEqual: (Value, Value) -> Bool) -> Bool {
        if second {
            if comparing, let old = secondValue, isEqual(old, new) {
                // Equal: the spare slot lets go of what it held.
                if firstValue != nil { firstValue = nil }
                return false
            }
            firstValue = new
            if firstError != nil { firstError = nil }
        } else {
            if comparing, let old = firstValue, isEqual(old, new) {
                if secondValue != nil { secondValue = nil }
                return false
            }
            secondValue = new
            if secondError != nil { secondError = nil }
        }
        return true
    }

    /// Puts a thrown error in the spare slot, in place of a value (an error
    /// is always a change). Out of line: rare, and only for throwing values.
    @usableFromInline @inline(never)
    func keep(_ error: any Error, second: Bool) {
        if second {
            firstValue = nil
            firstError = error
        } else {
            secondValue = nil
            secondError = error
        }
    }

    /// The current value, or nil if the last computation threw. Read it under
    /// the lock, or while this thread holds the node (``DerivedNode/beginRead()``).
    @inlinable
    var currentValue: Value? {
        secondIsCurrent ? secondValue : firstValue
    }

    /// The current error, if the last computation threw.
    @inlinable
    var currentError: (any Error)? {
        secondIsCurrent ? secondError : firstError
    }

    /// The current value, read under the lock, whatever the flags say: the
    /// previous value, for a cycle.
    @usableFromInline
    var previousValue: Value? {
        let component = Component.lock(self)
        defer { component._withUnsafeGuaranteedRef { $0.unlock() } }
        return hasResult ? currentValue : nil
    }
}
