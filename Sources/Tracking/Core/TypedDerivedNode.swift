/// The typed half of a derived value: its closure, equality and results.
/// Built only by inlinable code (a surface's initializers), so that its
/// ``DerivedNode/recompute`` is specialized for `Value`.
///
/// Two result slots, each a value or an error: the current one
/// (``DerivedNode/currentIsFirst``), which readers copy under the lock, and
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
        let changed = evaluateIntoSpare(hasResult: comparing && hadResult, isEqual: isEqual)
        endRecomputation(state, &component, restoring: previous, changed: changed, hadResult: hadResult)
    }

    /// The typed half of ``DerivedNode/recompute``: computes into the spare
    /// slot; returns whether the result differs from the current one.
    @inlinable @inline(__always)
    func evaluateIntoSpare(hasResult: Bool, isEqual: (Value, Value) -> Bool) -> Bool {
        var value: Value?
        var error: (any Error)?
        do {
            value = try compute()
        } catch let thrown {
            error = thrown
        }
        var changed = true
        if hasResult, let new = value, let old = currentIsFirst ? firstValue : secondValue {
            changed = !isEqual(old, new)
        }
        if !changed {
            // Equal: dropped now, outside the lock.
            value = nil
        }
        // Overwriting the spare slot drops the result replaced two
        // computations ago. An error slot is written only when it or the new
        // result holds an error (existentials cost a metadata lookup).
        if currentIsFirst {
            secondValue = value
            if error != nil || secondError != nil { secondError = error }
        } else {
            firstValue = value
            if error != nil || firstError != nil { firstError = error }
        }
        return changed
    }

    /// The current value, or nil if the last computation threw. Read it under
    /// the lock, or while this thread holds the node (``DerivedNode/beginRead()``).
    @inlinable
    var currentValue: Value? {
        currentIsFirst ? firstValue : secondValue
    }

    /// The current error, if the last computation threw.
    @inlinable
    var currentError: (any Error)? {
        currentIsFirst ? firstError : secondError
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
