/// The cases on the reference engine (``ReferenceGraph``): the algorithm of
/// alien-signals, single-threaded, written for speed, as the yardstick for
/// Tracking. Signals are ``ReferenceSignal``, computed values
/// ``ReferenceComputed``, effects ``ReferenceEffect``, batches the graph's
/// batch depth.
///
/// Not thread-safe: the engine's state is module-wide and unlocked, like
/// alien-signals'. The suite runs on one thread.
final class ReferenceFramework: ReactiveFramework, @unchecked Sendable {
    static let variant = "reference"
    static let memoizesComputedValues = true
    static var liveDependencyCount: Int? { ReferenceLinkPool.liveCount }
    /// Bytes of one dependency: a ``ReferenceLink``.
    static let bytesPerLink = MemoryLayout<ReferenceLink>.stride

    /// The effects created since the last cleanup, newest first.
    private var effects: ReferenceEffect?

    init() {}

    deinit {
        cleanup()
    }

    func signal<Value: Equatable & Sendable>(_ value: Value) -> Signal<Value> {
        let node = ReferenceSignal(value)
        return Signal(read: { node.read() }, write: { node.write($0) })
    }

    func computed<Value: Sendable>(_ compute: @escaping @Sendable () -> Value) -> Computed<Value> {
        let node = ReferenceComputed<ReferenceNoCutoff<Value>>(compute)
        return Computed { node.read() }
    }

    func computed<Value: Equatable & Sendable>(_ compute: @escaping @Sendable () -> Value) -> Computed<Value> {
        let node = ReferenceComputed<ReferenceEqualCutoff<Value>>(compute)
        return Computed { node.read() }
    }

    func effect(_ body: @escaping @isolated(any) @Sendable () -> Void) {
        precondition(
            ReferenceGraph.activeSub == nil,
            "ReferenceFramework.effect: an effect created inside a running computed value or effect is not supported")
        let effect = ReferenceEffect(plainBody(body))
        effect.nextOfFramework = effects
        effects = effect
        effect.run()
    }

    func batch(_ body: () -> Void) {
        ReferenceGraph.startBatch()
        body()
        ReferenceGraph.endBatch()
    }

    /// Disposes of the effects one by one, releasing the list as it goes
    /// (a long list released at once would free itself recursively). Not
    /// from inside a running closure: an effect must not free itself.
    func cleanup() {
        precondition(
            ReferenceGraph.activeSub == nil,
            "ReferenceFramework.cleanup: disposing of effects from inside a running computed value or effect "
                + "is not supported")
        var next = effects
        effects = nil
        while let effect = next {
            effect.dispose()
            next = effect.nextOfFramework
            effect.nextOfFramework = nil
        }
    }
}
