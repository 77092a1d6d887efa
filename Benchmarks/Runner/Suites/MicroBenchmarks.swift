import Observation
import Tracking

/// The micro suite: single operations of Tracking against Apple's
/// Observation and, where it applies, a plain stored property. The `bridged`
/// variants run the same operation on a Tracking model that declares
/// `Observable` (so Apple's Observation sees it too), with Tracking's APIs;
/// `bridged, Observation` with Apple's: against `Tracking`, what the bridge
/// costs.
func microBenchmarks(quick: Bool) -> [Benchmark] {
    trackingMicroBenchmarks(quick: quick) + publishingMicroBenchmarks()
}

private let objectCount = 16

func trackingMicroBenchmarks(quick: Bool) -> [Benchmark] {
    var list: [Benchmark] = []
    let fanOut = quick ? 100 : 1_000

    // Reads and writes through a reference the caller guarantees (as in a
    // method, or a closure that captured the model): one object, read or
    // written n times. The plain read is loop-invariant, so the optimizer
    // hoists it; what remains for the others is their own cost.
    do {
        let plain = PlainModel()
        let tracked = TrackedModel()
        let observed = ObservedModel()
        let bridged = BridgedModel()
        // A model that something has read has its Apple registrar, as every
        // model a view shows does: from then on, each write tells it.
        _ = bridged.value
        list.append(Benchmark(suite: "micro", name: "untracked read", variant: "plain") { n in
            blackHole(readLoop(plain, n))
        })
        list.append(Benchmark(suite: "micro", name: "untracked read", variant: "Tracking") { n in
            blackHole(readLoop(tracked, n))
        })
        list.append(Benchmark(suite: "micro", name: "untracked read", variant: "Observation") { n in
            blackHole(readLoop(observed, n))
        })
        list.append(Benchmark(suite: "micro", name: "untracked read", variant: "bridged") { n in
            blackHole(readLoop(bridged, n))
        })
        list.append(Benchmark(suite: "micro", name: "write, no observers", variant: "plain") { n in
            writeLoop(plain, n)
        })
        list.append(Benchmark(suite: "micro", name: "write, no observers", variant: "Tracking") { n in
            writeLoop(tracked, n)
        })
        list.append(Benchmark(suite: "micro", name: "write, no observers", variant: "Observation") { n in
            writeLoop(observed, n)
        })
        list.append(Benchmark(suite: "micro", name: "write, no observers", variant: "bridged") { n in
            writeLoop(bridged, n)
        })
    }
    // The same over 16 objects taken from an array by index: the loop cannot
    // hoist anything, and each element is retained around any call.
    do {
        let plain = (0..<objectCount).map { _ in PlainModel() }
        let tracked = (0..<objectCount).map { _ in TrackedModel() }
        let observed = (0..<objectCount).map { _ in ObservedModel() }
        let bridged = (0..<objectCount).map { _ in BridgedModel() }
        list.append(Benchmark(suite: "micro", name: "untracked read, 16 objects by index", variant: "plain") { n in
            var sum = 0
            for i in 0..<n { sum &+= plain[i & (objectCount - 1)].value }
            blackHole(sum)
        })
        list.append(Benchmark(suite: "micro", name: "untracked read, 16 objects by index", variant: "Tracking") { n in
            var sum = 0
            for i in 0..<n { sum &+= tracked[i & (objectCount - 1)].value }
            blackHole(sum)
        })
        list.append(Benchmark(suite: "micro", name: "untracked read, 16 objects by index", variant: "Observation") { n in
            var sum = 0
            for i in 0..<n { sum &+= observed[i & (objectCount - 1)].value }
            blackHole(sum)
        })
        list.append(Benchmark(suite: "micro", name: "untracked read, 16 objects by index", variant: "bridged") { n in
            var sum = 0
            for i in 0..<n { sum &+= bridged[i & (objectCount - 1)].value }
            blackHole(sum)
        })
    }
    // One scope reads 16 properties over and over: each read after the first
    // 16 is a repeat that the scope must recognize.
    list.append(readInsideAScope(TrackedModel.self, "Tracking", .tracking))
    list.append(readInsideAScope(ObservedModel.self, "Observation", .observation))
    // The same reads of bridged models: each also asks Apple's registrar,
    // which records it only inside Apple's scope.
    list.append(readInsideAScope(BridgedModel.self, "bridged", .tracking))
    list.append(readInsideAScope(BridgedModel.self, "bridged, Observation", .observation))

    list.append(oneShotRound(TrackedModel.self, "Tracking", .tracking) { model, fired in
        guard fired.count > 0, model.trackingRegistrar.registeredPropertyCount == 3 else {
            throw BenchmarkFailure("one-shot did not fire (fired \(fired.count))")
        }
    })
    list.append(oneShotRound(ObservedModel.self, "Observation", .observation))
    list.append(oneShotRound(BridgedModel.self, "bridged", .tracking) { try expectRan($1, "one-shot") })
    list.append(oneShotRound(BridgedModel.self, "bridged, Observation", .observation) { try expectRan($1, "one-shot") })

    // The writes below always store a new value: Observation skips notifying
    // when an Equatable value is written again, and a sample may be n = 1.
    // A write re-runs one observer that reads the same three properties.
    list.append(observerReRun(TrackedModel.self, "Tracking", .tracking) { _, token, _ in
        guard token?.dependencies == ["\\TrackedModel.a", "\\TrackedModel.b", "\\TrackedModel.c"] else {
            throw BenchmarkFailure("unexpected dependencies \(token?.dependencies ?? [])")
        }
    })
    list.append(observerReRun(ObservedModel.self, "Observation", .observation))
    list.append(observerReRun(BridgedModel.self, "bridged", .tracking) { model, _, runs in
        runs.count = 0
        model.a = -1
        try expectRan(runs, "observer")
    })
    list.append(observerReRun(BridgedModel.self, "bridged, Observation", .observation) { model, _, runs in
        runs.count = 0
        model.a = -2
        try expectRan(runs, "re-armed one-shot")
    })
    do {
        let tracked = TrackedModel()
        let runs = RunCounter()
        let tokens = (0..<fanOut).map { _ in
            observe {
                blackHole(tracked.value)
                runs.count += 1
            }
        }
        list.append(Benchmark(
            suite: "micro", name: "write fanning out to observers", variant: "Tracking",
            parameters: [("observers", "\(fanOut)")],
            body: { n in
                let first = opaque(tracked.value) &+ 1
                for i in 0..<n { tracked.value = first &+ i }
                blackHole(tokens)
            },
            check: {
                runs.count = 0
                tracked.value = -1
                guard runs.count == fanOut else {
                    throw BenchmarkFailure("a write re-ran \(runs.count) observers, expected \(fanOut)")
                }
            }))
        let observed = ObservedModel()
        let observedRuns = RunCounter()
        for _ in 0..<fanOut { rearmValue(observed, observedRuns) }
        list.append(Benchmark(
            suite: "micro", name: "write fanning out to observers", variant: "Observation",
            parameters: [("observers", "\(fanOut)")],
            body: { n in
                let first = opaque(observed.value) &+ 1
                for i in 0..<n { observed.value = first &+ i }
            },
            check: {
                observedRuns.count = 0
                observed.value = -1
                guard observedRuns.count == fanOut else {
                    throw BenchmarkFailure("a write re-ran \(observedRuns.count) observers, expected \(fanOut)")
                }
            }))
    }
    return list
}

/// Whose one-shot scopes a benchmark uses: Tracking's `withTracking` or
/// Apple's `withObservationTracking`.
private enum Scope {
    case tracking
    case observation
}

/// A one-shot scope of `scope`'s kind around `reads`.
@inline(__always)
private func oneShot<R>(_ scope: Scope, _ reads: () -> R, onChange: @escaping @Sendable () -> Void) -> R {
    switch scope {
    case .tracking: withTracking(reads, onChange: onChange)
    case .observation: withObservationTracking(reads, onChange: onChange)
    }
}

/// Reads of 16 objects inside one scope. Each sample leaves a scope waiting
/// for a change; the untimed reset fires it, so that scopes do not pile up
/// (a waiting `.willSet` scope makes every write that something depends on
/// look for it).
private func readInsideAScope<Model: MicroModel>(_: Model.Type, _ variant: String, _ scope: Scope) -> Benchmark {
    let models = (0..<objectCount).map { _ in Model() }
    return Benchmark(
        suite: "micro", name: "read inside a tracking scope", variant: variant,
        body: { n in
            let sum = oneShot(scope) {
                var sum = 0
                for i in 0..<n { sum &+= models[i & (objectCount - 1)].value }
                return sum
            } onChange: {}
            blackHole(sum)
        },
        // An assignment, not `&+=`: see the performance guide on in-place
        // mutation and exclusivity checks.
        reset: { _ in models[0].value = models[0].value &+ 1 },
        teardown: { models[0].value = models[0].value &+ 1 })
}

/// A one-shot scope that reads three properties, then a write that fires it.
private func oneShotRound<Model: MicroModel>(
    _: Model.Type, _ variant: String, _ scope: Scope,
    check: ((Model, RunCounter) throws -> Void)? = nil
) -> Benchmark {
    let model = Model()
    let fired = RunCounter()
    return Benchmark(
        suite: "micro", name: "one-shot tracking: 3 reads + write + fire", variant: variant,
        body: { n in
            for _ in 0..<n {
                let sum = oneShot(scope) {
                    model.a &+ model.b &+ model.c
                } onChange: {
                    fired.count += 1
                }
                model.a = sum &+ 1
            }
        },
        check: check.map { check in { try check(model, fired) } })
}

/// Writes that re-run one observer of three properties: Tracking's
/// `observe`, or Apple's idiom, a one-shot re-armed in its `onChange`.
private func observerReRun<Model: MicroModel>(
    _: Model.Type, _ variant: String, _ scope: Scope,
    check: ((Model, TrackingToken?, RunCounter) throws -> Void)? = nil
) -> Benchmark {
    let model = Model()
    let runs = RunCounter()
    var token: TrackingToken?
    switch scope {
    case .tracking: token = observe { runs.count &+= model.a &+ model.b &+ model.c }
    case .observation: rearm(model, runs)
    }
    return Benchmark(
        suite: "micro", name: "observe re-run, unchanged dependencies", variant: variant,
        body: { n in
            let first = opaque(model.a) &+ 1
            for i in 0..<n { model.a = first &+ i }
            blackHole(token)
        },
        check: check.map { check in { try check(model, token, runs) } })
}

/// Throws unless `counter` counted something: the observation under test ran.
private func expectRan(_ counter: RunCounter, _ what: String) throws {
    guard counter.count != 0 else { throw BenchmarkFailure("the bridged model's \(what) never ran") }
}

/// Apple's continuous-observation idiom: re-arm the one-shot in `onChange`.
private func rearm<Model: MicroModel>(_ model: Model, _ runs: RunCounter) {
    withObservationTracking {
        runs.count &+= model.a &+ model.b &+ model.c
    } onChange: {
        rearm(model, runs)
    }
}

private func rearmValue(_ model: ObservedModel, _ runs: RunCounter) {
    withObservationTracking {
        blackHole(model.value)
        runs.count += 1
    } onChange: {
        rearmValue(model, runs)
    }
}

@inline(never)
private func readLoop(_ model: PlainModel, _ n: Int) -> Int {
    var sum = 0
    for _ in 0..<n { sum &+= model.value }
    return sum
}

@inline(never)
private func readLoop(_ model: TrackedModel, _ n: Int) -> Int {
    var sum = 0
    for _ in 0..<n { sum &+= model.value }
    return sum
}

@inline(never)
private func readLoop(_ model: ObservedModel, _ n: Int) -> Int {
    var sum = 0
    for _ in 0..<n { sum &+= model.value }
    return sum
}

@inline(never)
private func readLoop(_ model: BridgedModel, _ n: Int) -> Int {
    var sum = 0
    for _ in 0..<n { sum &+= model.value }
    return sum
}

@inline(never)
private func writeLoop(_ model: PlainModel, _ n: Int) {
    for i in 0..<n { model.value = i }
}

@inline(never)
private func writeLoop(_ model: TrackedModel, _ n: Int) {
    for i in 0..<n { model.value = i }
}

@inline(never)
private func writeLoop(_ model: ObservedModel, _ n: Int) {
    for i in 0..<n { model.value = i }
}

@inline(never)
private func writeLoop(_ model: BridgedModel, _ n: Int) {
    for i in 0..<n { model.value = i }
}
