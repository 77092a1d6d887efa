import Tracking

/// The cases on Tracking: signals are `@Tracked` properties, computed values
/// are `Derived`, effects are `observe`, batches are `withTransaction`.
final class TrackingFramework: ReactiveFramework {
    static let variant = "Tracking"
    static let memoizesComputedValues = true
    static var liveDependencyCount: Int? { TrackingStatistics.liveDependencyCount }

    private var tokens: [TrackingToken] = []

    init() {}

    func signal<Value: Equatable & Sendable>(_ value: Value) -> Signal<Value> {
        let signal = TrackingSignal(value)
        return Signal(read: { signal.value }, write: { signal.value = $0 })
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

/// A signal: one `@Tracked` property. `Value: Equatable` picks the wrapper's
/// `==` policy, so equal writes notify nobody.
final class TrackingSignal<Value: Equatable>: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value: Value

    init(_ value: Value) {
        _value = Tracked(wrappedValue: value)
    }
}
