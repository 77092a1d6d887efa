/// A derived value over an actor's state whose computation can throw: the
/// ``ThrowingDerived`` counterpart of ``IsolatedDerived``.
///
/// ```swift
/// @MainActor final class OrderForm: Trackable {       // a @MainActor model
///     let trackingRegistrar = TrackingRegistrar()
///     @Tracked var quantityText = "2"
/// }
/// let form = OrderForm()
/// let quantity = IsolatedThrowingDerived { () throws -> Int in
///     guard let value = Int(form.quantityText) else { throw NotANumber() }
///     return value
/// }
/// ```
///
/// Its closure is not `@Sendable`: written in actor-isolated code, it is
/// isolated to that actor and may read the actor's state. The value is not
/// `Sendable`, so the compiler keeps it on that actor, and only that actor
/// runs the closure.
///
/// Everything else is as for ``ThrowingDerived``: the error is cached and
/// rethrown by every read until a dependency changes, a cycle is thrown as a
/// ``DerivedCycleError``; and as for ``IsolatedDerived``: lazy, cached,
/// equality cut-off, and a scope told of a change on another thread counts
/// it as changed.
///
/// Thread-safety: confined to the actor of the code that creates it, by the
/// compiler. Use ``ThrowingDerived`` for a value over `Sendable` state that
/// any thread may read.
public final class IsolatedThrowingDerived<Value> {
    @usableFromInline
    let derived: ThrowingDerived<Value>

    /// Creates a throwing derived value, on the caller's actor, that treats
    /// every result as a change unless `isEqual` says otherwise.
    ///
    /// - Parameters:
    ///   - name: How diagnostics and cycle errors name it; by default its type
    ///     and where it was created.
    ///   - fileID: Where it is created, for its default name.
    ///   - line: Where it is created, for its default name.
    ///   - isolation: The actor of the caller, which you do not pass: the
    ///     value is bound to it. A `lazy` property's initializer does not
    ///     pass its actor (`#isolation` is `nil` there): pass it yourself,
    ///     `isolation: MainActor.shared`. Code that runs on no actor uses
    ///     ``ThrowingDerived``.
    ///   - isEqual: When given, a result equal to the previous one does not
    ///     count as a change. Errors always count as changes.
    ///   - compute: Computes the value from the actor's tracked state, on the
    ///     actor, or throws.
    @inlinable
    public init(
        _ name: String? = nil,
        fileID: StaticString = #fileID, line: UInt = #line,
        isolation: isolated any Actor = #isolation,
        isEqual: ((Value, Value) -> Bool)? = nil,
        _ compute: @escaping () throws -> Value
    ) {
        derived = ThrowingDerived(node: TypedDerivedNode(
            name: name ?? derivedName("IsolatedThrowingDerived", Value.self, fileID, line),
            compute: onItsActor(compute), isEqual: isEqual))
        bind(derived.node, to: isolation)
    }

    /// The current value, computed now if it is stale. A tracked read.
    ///
    /// - Throws: The error of the last computation, until a dependency
    ///   changes; or a ``DerivedCycleError`` if this value reads itself.
    @inlinable
    public var value: Value {
        get throws { try derived.value }
    }

    /// The derived value's name, as diagnostics show it.
    public var name: String { derived.name }

    /// What the last computation read, as `\Type.property` or derived-value
    /// names, in order of first read.
    public var dependencies: [String] { derived.dependencies }
}

extension IsolatedThrowingDerived where Value: Equatable {
    /// Creates a throwing derived value, on the caller's actor, whose equal
    /// results (`==`) do not count as changes.
    ///
    /// - Parameters:
    ///   - name: How diagnostics and cycle errors name it.
    ///   - fileID: Where it is created, for its default name.
    ///   - line: Where it is created, for its default name.
    ///   - isolation: The actor of the caller, which you do not pass.
    ///   - compute: Computes the value from the actor's tracked state, on
    ///     the actor, or throws.
    @inlinable
    public convenience init(
        _ name: String? = nil,
        fileID: StaticString = #fileID, line: UInt = #line,
        isolation: isolated any Actor = #isolation,
        _ compute: @escaping () throws -> Value
    ) {
        self.init(name, fileID: fileID, line: line, isolation: isolation, isEqual: { $0 == $1 }, compute)
    }
}
