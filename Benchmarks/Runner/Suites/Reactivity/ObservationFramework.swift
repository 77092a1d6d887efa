import Observation

/// The cases on an adapter over Apple's Observation, which has signals and
/// one-shot tracking but no computed values, effects or batches:
/// - a signal is an `@Observable` class (its `Equatable` value skips equal
///   writes, as Observation does since Swift 6.2);
/// - a computed value recomputes on every read, with no cache and no
///   equality cut-off: Observation has nothing to tell a cache it is stale;
/// - an effect re-arms `withObservationTracking` each time it runs; its
///   `onChange` (called before the value is stored) queues it, and the queue
///   runs after the write, or at the end of the outermost batch.
/// - disposing of an effect only stops it from running again: Observation
///   keeps its registrations until the next change of what it read.
final class ObservationFramework: ReactiveFramework, @unchecked Sendable {
    static let variant = "Observation"
    static let memoizesComputedValues = false
    /// Observation keeps its registrations out of sight.
    static let liveDependencyCount: Int? = nil

    private var batchDepth = 0
    private var isFlushing = false
    private var queue: [ObservationEffect] = []
    private var effects: [ObservationEffect] = []

    init() {}

    /// Signals of `Int` and `Double`, the cases' types. Each is a class of
    /// its own: a generic `@Observable` class pays for instantiating its
    /// key path on every access (two allocations per write here).
    func signal<Value: Equatable & Sendable>(_ value: Value) -> Signal<Value> {
        if let value = value as? Int { return observed(IntSignal(value)) as! Signal<Value> }
        if let value = value as? Double { return observed(DoubleSignal(value)) as! Signal<Value> }
        fatalError("the Observation adapter has signals of Int and Double only, not \(Value.self)")
    }

    private func observed<Box: ObservableSignal>(_ box: Box) -> Signal<Box.Value> {
        Signal(read: { box.value }) { [unowned(unsafe) self] in
            box.value = $0
            didWrite()
        }
    }

    /// Recomputes on every read: no cache, no cut-off.
    func computed<Value: Sendable>(_ compute: @escaping @Sendable () -> Value) -> Computed<Value> {
        Computed(read: compute)
    }

    func computed<Value: Equatable & Sendable>(_ compute: @escaping @Sendable () -> Value) -> Computed<Value> {
        Computed(read: compute)
    }

    func effect(_ body: @escaping @isolated(any) @Sendable () -> Void) {
        let effect = ObservationEffect(plainBody(body), framework: self)
        effects.append(effect)
        effect.run()
    }

    func batch(_ body: () -> Void) {
        batchDepth += 1
        body()
        batchDepth -= 1
        if batchDepth == 0 { flush() }
    }

    func cleanup() {
        for effect in effects { effect.isDisposed = true }
        effects.removeAll(keepingCapacity: true)
    }

    /// Called from `onChange`, before the new value is stored.
    fileprivate func enqueue(_ effect: ObservationEffect) {
        if effect.isQueued { return }
        effect.isQueued = true
        queue.append(effect)
    }

    /// Called after a signal stored a value: outside a batch, the write is a
    /// batch of its own.
    private func didWrite() {
        if batchDepth == 0 { flush() }
    }

    private func flush() {
        if isFlushing || queue.isEmpty { return }
        isFlushing = true
        while !queue.isEmpty {
            let round = queue
            queue.removeAll(keepingCapacity: true)
            for effect in round {
                effect.isQueued = false
                if !effect.isDisposed { effect.run() }
            }
        }
        isFlushing = false
    }
}

/// A signal's storage: an `@Observable` class with one property.
protocol ObservableSignal: AnyObject, Sendable {
    associatedtype Value: Sendable
    var value: Value { get set }
}

@Observable
final class IntSignal: ObservableSignal, @unchecked Sendable {
    var value: Int

    init(_ value: Int) {
        self.value = value
    }
}

@Observable
final class DoubleSignal: ObservableSignal, @unchecked Sendable {
    var value: Double

    init(_ value: Double) {
        self.value = value
    }
}

/// An effect: runs its body inside `withObservationTracking`, and queues
/// itself when `onChange` fires.
final class ObservationEffect: @unchecked Sendable {
    private let body: @Sendable () -> Void
    private unowned(unsafe) let framework: ObservationFramework
    var isQueued = false
    var isDisposed = false

    init(_ body: @escaping @Sendable () -> Void, framework: ObservationFramework) {
        self.body = body
        self.framework = framework
    }

    func run() {
        withObservationTracking(body) { [self] in framework.enqueue(self) }
    }
}
