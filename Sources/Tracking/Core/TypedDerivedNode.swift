/// The typed half of a derived value: its closure, equality and results.
/// Built only by inlinable code (a surface's initializers), so that its
/// ``DerivedNode/evaluate`` is specialized for `Value`.
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

    /// Call from specialized code only, so that the evaluate function is
    /// specialized for `Value`.
    @inlinable
    init(
        name: String, compute: @escaping @Sendable () throws -> Value,
        isEqual: ((Value, Value) -> Bool)?
    ) {
        self.compute = compute
        if let isEqual {
            super.init(name: name) { node, hasResult in
                unsafeDowncast(node, to: TypedDerivedNode<Value>.self).evaluateIntoSpare(hasResult: hasResult, isEqual: isEqual)
            }
        } else {
            super.init(name: name) { node, _ in
                unsafeDowncast(node, to: TypedDerivedNode<Value>.self).evaluateIntoSpare(hasResult: false) { _, _ in false }
            }
        }
    }

    /// A derived value whose equal results (`==`) are no change: the
    /// comparison is inlined in the specialized evaluate function.
    @inlinable
    init(name: String, compute: @escaping @Sendable () throws -> Value) where Value: Equatable {
        self.compute = compute
        super.init(name: name) { node, hasResult in
            unsafeDowncast(node, to: TypedDerivedNode<Value>.self).evaluateIntoSpare(hasResult: hasResult) { $0 == $1 }
        }
    }

    /// See ``DerivedNode/evaluate``.
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
