/// A derived value over an actor's state, such as a `@MainActor` view
/// model's: memoized and glitch-free like ``Derived``, computed only on that
/// actor.
///
/// ```swift
/// @MainActor final class CartScreen {
///     let cart: Cart                                    // a @MainActor model
///     let summary: IsolatedDerived<String>
///
///     init(cart: Cart) {
///         self.cart = cart
///         summary = IsolatedDerived { "\(cart.items.count) items, \(cart.total) €" }
///     }
/// }
/// ```
///
/// Its closure is not `@Sendable`: written in actor-isolated code, it is
/// isolated to that actor and may read the actor's state. The derived value
/// is not `Sendable` either, so the compiler keeps it on that actor: only
/// code there reads ``value``, and so only that actor runs the closure.
///
/// Everything else is as for ``Derived``: lazy, cached, recomputed only
/// after a dependency changed and only when read, equality cut-off,
/// cycles reported. Reading it inside a tracking scope makes the scope
/// depend on it: an observer on the actor (see
/// ``observe(fileID:line:isolation:_:)``) that reads it runs again only if
/// its value changed. A scope that is told of a change on another thread
/// cannot compute the value there to compare it, and counts it as changed.
///
/// Thread-safety: confined to the actor of the code that creates it, by the
/// compiler. Use ``Derived`` for a value over `Sendable` state that any
/// thread may read.
public final class IsolatedDerived<Value> {
    @usableFromInline
    let derived: Derived<Value>

    /// Creates a derived value, on the caller's actor, that treats every
    /// result as a change unless `isEqual` says otherwise.
    ///
    /// - Parameters:
    ///   - name: How diagnostics and cycle errors name it; by default its type
    ///     and where it was created.
    ///   - fileID: Where it is created, for its default name.
    ///   - line: Where it is created, for its default name.
    ///   - isolation: The actor of the caller, which you do not pass: the
    ///     value is bound to it. A `lazy` property's initializer does not
    ///     pass its actor (`#isolation` is `nil` there): pass it yourself,
    ///     `isolation: MainActor.shared`. Code that runs on no actor uses ``Derived``.
    ///   - isEqual: When given, a result equal to the previous one does not
    ///     count as a change.
    ///   - compute: Computes the value from the actor's tracked state and
    ///     other derived values, on the actor.
    @inlinable
    public init(
        _ name: String? = nil,
        fileID: StaticString = #fileID, line: UInt = #line,
        isolation: isolated any Actor = #isolation,
        isEqual: ((Value, Value) -> Bool)? = nil,
        _ compute: @escaping () -> Value
    ) {
        derived = Derived(node: TypedDerivedNode(
            name: name ?? derivedName("IsolatedDerived", Value.self, fileID, line),
            compute: onItsActor(compute), isEqual: isEqual))
        bind(derived.node, to: isolation)
    }

    /// The current value, computed now if it is stale. A tracked read.
    @inlinable
    public var value: Value { derived.value }

    /// The derived value's name, as diagnostics show it.
    public var name: String { derived.name }

    /// What the last computation read, as `\Type.property` or derived-value
    /// names, in order of first read.
    public var dependencies: [String] { derived.dependencies }
}

extension IsolatedDerived where Value: Equatable {
    /// Creates a derived value, on the caller's actor, whose equal results
    /// (`==`) do not count as changes.
    ///
    /// - Parameters:
    ///   - name: How diagnostics and cycle errors name it.
    ///   - fileID: Where it is created, for its default name.
    ///   - line: Where it is created, for its default name.
    ///   - isolation: The actor of the caller, which you do not pass.
    ///   - compute: Computes the value from the actor's tracked state, on
    ///     the actor.
    @inlinable
    public convenience init(
        _ name: String? = nil,
        fileID: StaticString = #fileID, line: UInt = #line,
        isolation: isolated any Actor = #isolation,
        _ compute: @escaping () -> Value
    ) {
        self.init(name, fileID: fileID, line: line, isolation: isolation, isEqual: { $0 == $1 }, compute)
    }
}

/// Binds a derived value's node to `actor`: a validation elsewhere does not
/// run its closure.
@usableFromInline
func bind(_ node: DerivedNode, to actor: any Actor) {
    if let binding = ActorBinding.binding(for: actor) { node.bind(to: binding) }
}

/// A closure of the actor's (throwing or not), as the `@Sendable` closure
/// the node stores.
/// Only the actor calls it: the value is not `Sendable`, so only code on the
/// actor reads it, and validations elsewhere do not compute it. The two
/// types have one representation; the closures travel in structs so that the
/// generic cast does not wrap them in thunks.
@inlinable @inline(__always)
func onItsActor<Value>(_ compute: @escaping () throws -> Value) -> @Sendable () throws -> Value {
    unsafeBitCast(ActorClosure(body: compute), to: SendableClosure<Value>.self).body
}

@usableFromInline
struct ActorClosure<Value> {
    @usableFromInline let body: () throws -> Value
    @inlinable init(body: @escaping () throws -> Value) { self.body = body }
}

@usableFromInline
struct SendableClosure<Value> {
    @usableFromInline let body: @Sendable () throws -> Value
}
