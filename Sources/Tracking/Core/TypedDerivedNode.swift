/// The typed half of a derived value: its closure, equality and results.
/// Built only by inlinable code (`Derived`'s initializers), so that its
/// ``DerivedNode/evaluate`` is specialized for `Value`.
///
/// Two result slots: the current one (``DerivedNode/currentIsFirst``), which
/// readers copy under the lock, and the spare one, which only the thread
/// computing the value writes, outside the lock. A recomputation that changes
/// the value makes the spare slot current; the result it replaces is dropped
/// by the next computation, so that no deinitializer runs under the lock.
@usableFromInline
final class TypedDerivedNode<Value>: DerivedNode, @unchecked Sendable {
    @usableFromInline
    let compute: @Sendable () throws -> Value
    @usableFromInline
    let isEqual: ((Value, Value) -> Bool)?

    @usableFromInline
    @exclusivity(unchecked)
    var first: Result<Value, any Error>?

    @usableFromInline
    @exclusivity(unchecked)
    var second: Result<Value, any Error>?

    /// Call from specialized code only, so that the evaluate function is
    /// specialized for `Value`.
    @inlinable
    init(
        name: String, compute: @escaping @Sendable () throws -> Value,
        isEqual: ((Value, Value) -> Bool)?
    ) {
        self.compute = compute
        self.isEqual = isEqual
        super.init(name: name) { node, hasResult in
            unsafeDowncast(node, to: TypedDerivedNode<Value>.self).evaluateIntoSpare(hasResult: hasResult)
        }
    }

    /// See ``DerivedNode/evaluate``.
    @inlinable
    func evaluateIntoSpare(hasResult: Bool) -> Bool {
        let result: Result<Value, any Error>
        do {
            result = .success(try compute())
        } catch {
            result = .failure(error)
        }
        var changed = true
        if hasResult, let isEqual, case .success(let new) = result,
            case .success(let old)? = currentIsFirst ? first : second
        {
            changed = !isEqual(old, new)
        }
        // Overwriting the spare slot drops the result replaced two
        // computations ago; an equal result is dropped now.
        if currentIsFirst {
            second = changed ? result : nil
        } else {
            first = changed ? result : nil
        }
        return changed
    }

    /// The current result. Read it under the lock (``DerivedNode/lockCurrent()``).
    @inlinable
    var current: Result<Value, any Error>? {
        currentIsFirst ? first : second
    }

    /// The current result, read under the lock, whatever the flags say: the
    /// previous value, for a cycle.
    @usableFromInline
    var currentResult: Result<Value, any Error>? {
        let component = Component.lock(self)
        defer { component._withUnsafeGuaranteedRef { $0.unlock() } }
        return current
    }
}
