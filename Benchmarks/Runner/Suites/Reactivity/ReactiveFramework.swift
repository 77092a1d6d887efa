/// A value the cases read: js-reactivity-benchmark's `Computed` (a computed
/// value, or a signal seen as one).
///
/// A closure rather than a class method: the closure is made in code
/// specialized for the value's type, so that a read runs no generic code.
struct Computed<Value>: Sendable {
    let read: @Sendable () -> Value
}

/// A value the cases write: js-reactivity-benchmark's `Signal`. Writing a
/// value equal to the stored one notifies nobody, as in every framework the
/// benchmark measures.
struct Signal<Value>: Sendable {
    let read: @Sendable () -> Value
    let write: @Sendable (Value) -> Void

    /// The signal as a readable value.
    var computed: Computed<Value> { Computed(read: read) }
}

/// What a case needs from an engine: signals, computed values, effects and
/// batches, and the cleanup that disposes of every effect.
///
/// The suite runs on one thread; the closures are `@Sendable` because the
/// engines' are.
protocol ReactiveFramework: AnyObject {
    /// The variant's name in the report.
    static var variant: String { get }
    /// Whether a computed value is cached, and recomputed only when read after
    /// a change, with equality cut-off. Expected counts differ without it.
    static var memoizesComputedValues: Bool { get }
    /// Dependencies the engine holds now, for the checks that disposing of
    /// effects leaves none behind; nil where the engine cannot say.
    static var liveDependencyCount: Int? { get }

    init()

    /// A writable value whose equal writes notify nobody.
    func signal<Value: Equatable & Sendable>(_ value: Value) -> Signal<Value>
    /// A computed value whose every new result counts as a change (a new
    /// object, in the JavaScript original).
    func computed<Value: Sendable>(_ compute: @escaping @Sendable () -> Value) -> Computed<Value>
    /// A computed value whose equal results (`==`) are no change.
    func computed<Value: Equatable & Sendable>(_ compute: @escaping @Sendable () -> Value) -> Computed<Value>
    /// Runs `body` now and again after each batch that changed what it read,
    /// until ``cleanup()``.
    ///
    /// `@isolated(any)`, the type of the body of Tracking's `observe`, so
    /// that a case's closure reaches `observe` as the case wrote it: passing
    /// a plain closure there would wrap it in a conversion thunk, one more
    /// allocation per effect than the engine costs. The cases write their
    /// effects in nonisolated code, so the closures have no isolation, and
    /// the other engines call them as plain closures (``plainBody(_:)``).
    func effect(_ body: @escaping @isolated(any) @Sendable () -> Void)
    /// Runs `body` as one batch: effects run once, at its end.
    func batch(_ body: () -> Void)
    /// Disposes of every effect created so far.
    func cleanup()
}

/// An effect's body, which a case wrote in nonisolated code, as the plain
/// closure it is: an `@isolated(any)` closure differs from a plain one only
/// in that its context also holds its isolation (nil here), so the
/// conversion is a reinterpretation, the one Tracking's `observe` makes for
/// a body it may call where it is (see `callableHere` in Observe.swift).
/// The closures travel in structs, so that the cast, which is generic, does
/// not wrap them in thunks.
func plainBody(_ body: @escaping @isolated(any) @Sendable () -> Void) -> @Sendable () -> Void {
    precondition(body.isolation == nil, "an effect of the reactivity cases must be written in nonisolated code")
    return unsafeBitCast(IsolatedBody(body: body), to: PlainBody.self).body
}

private struct IsolatedBody { let body: @isolated(any) @Sendable () -> Void }
private struct PlainBody { let body: @Sendable () -> Void }
