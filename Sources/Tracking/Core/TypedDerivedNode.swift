/// The typed half of a derived value: its closure, equality and results.
/// Built only by inlinable code (`Derived`'s initializers), so that its
/// ``DerivedNode/operation`` is specialized for `Value`.
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
        case .evaluate(let hasResult):
            let result: Result<Value, any Error>
            do {
                result = .success(try compute())
            } catch {
                result = .failure(error)
            }
            var changed = true
            if hasResult, let isEqual, case .success(let new) = result,
               case .success(let old)? = currentIsFirst ? first : second {
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
        case .copy(let destination):
            destination.assumingMemoryBound(to: Result<Value, any Error>?.self).pointee =
                currentIsFirst ? first : second
            return true
        }
    }

    /// The current result, read under the lock.
    @usableFromInline
    var currentResult: Result<Value, any Error>? {
        let component = Component.lock(self)
        defer { component._withUnsafeGuaranteedRef { $0.unlock() } }
        return currentIsFirst ? first : second
    }
}
