import Tracking

/// The cases on Tracking: signals are `@Tracked` properties, computed values
/// are `Derived`, effects are `observe`, batches are `withTransaction`.
final class TrackingFramework: ReactiveFramework {
    static let variant = "Tracking"
    static let memoizesComputedValues = true
    static var liveDependencyCount: Int? { TrackingStatistics.liveDependencyCount }

    /// Unchecked: `cleanup()` calls `cancel()`, which the compiler cannot
    /// see into, while it iterates the array, so every access to it,
    /// `effect`'s append included, was checked for exclusivity at run time
    /// (some 115 instructions per effect that the reference's adapter,
    /// whose calls are all visible, does not pay). The suite runs on one
    /// thread and nothing reenters the adapter.
    @exclusivity(unchecked)
    private var tokens: [TrackingToken] = []

    init() {}

    /// Signals of `Int` and `Double`, the cases' types, are classes of their
    /// own, as on the Observation adapter: a generic class's deinitializer
    /// runs unspecialized, and destroying its `Tracked<Value>` looks that
    /// struct's metadata up in the runtime's generic cache, some 330
    /// instructions per signal. The type tests and casts fold away once the
    /// function is specialized; other types get the generic class.
    func signal<Value: Equatable & Sendable>(_ value: Value) -> Signal<Value> {
        if Value.self == Int.self { return tracked(IntTrackingSignal(value as! Int)) as! Signal<Value> }
        if Value.self == Double.self { return tracked(DoubleTrackingSignal(value as! Double)) as! Signal<Value> }
        return tracked(TrackingSignal(value))
    }

    private func tracked<Box: TrackingSignalBox>(_ box: Box) -> Signal<Box.Value> {
        Signal(read: { box.value }, write: { box.value = $0 })
    }

    func computed<Value: Sendable>(_ compute: @escaping @Sendable () -> Value) -> Computed<Value> {
        let derived = Derived("computed", compute)
        return Computed { derived.value }
    }

    func computed<Value: Equatable & Sendable>(_ compute: @escaping @Sendable () -> Value) -> Computed<Value> {
        let derived = Derived("computed", compute)
        return Computed { derived.value }
    }

    func effect(_ body: @escaping @isolated(any) @Sendable () -> Void) {
        tokens.append(observe(body))
    }

    func batch(_ body: () -> Void) {
        withTransaction(body)
    }

    func cleanup() {
        for token in tokens { token.cancel() }
        tokens.removeAll(keepingCapacity: true)
    }
}

/// A signal's storage: a `Trackable` class with one `@Tracked` property.
/// `Value: Equatable` picks the wrapper's `==` policy, so equal writes notify
/// nobody.
protocol TrackingSignalBox: AnyObject, Sendable {
    associatedtype Value: Equatable & Sendable
    var value: Value { get set }
}

final class TrackingSignal<Value: Equatable & Sendable>: Trackable, TrackingSignalBox, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value: Value

    init(_ value: Value) {
        _value = Tracked(wrappedValue: value)
    }
}

final class IntTrackingSignal: Trackable, TrackingSignalBox, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value: Int

    init(_ value: Int) {
        _value = Tracked(wrappedValue: value)
    }
}

final class DoubleTrackingSignal: Trackable, TrackingSignalBox, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value: Double

    init(_ value: Double) {
        _value = Tracked(wrappedValue: value)
    }
}
