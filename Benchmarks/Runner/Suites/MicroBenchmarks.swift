import Observation
import Tracking

/// The micro suite: single operations of Tracking against Apple's
/// Observation and, where it applies, a plain stored property.
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
        list.append(Benchmark(suite: "micro", name: "untracked read", variant: "plain") { n in
            blackHole(readLoop(plain, n))
        })
        list.append(Benchmark(suite: "micro", name: "untracked read", variant: "Tracking") { n in
            blackHole(readLoop(tracked, n))
        })
        list.append(Benchmark(suite: "micro", name: "untracked read", variant: "Observation") { n in
            blackHole(readLoop(observed, n))
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
    }
    // The same over 16 objects taken from an array by index: the loop cannot
    // hoist anything, and each element is retained around any call.
    do {
        let plain = (0..<objectCount).map { _ in PlainModel() }
        let tracked = (0..<objectCount).map { _ in TrackedModel() }
        let observed = (0..<objectCount).map { _ in ObservedModel() }
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
    }
    do {
        // One scope reads 16 properties over and over: each read after the
        // first 16 is a repeat that the scope must recognize.
        let tracked = (0..<objectCount).map { _ in TrackedModel() }
        let observed = (0..<objectCount).map { _ in ObservedModel() }
        // Each sample leaves a scope waiting for a change; the untimed reset
        // fires it, so that scopes do not pile up (a waiting `.willSet` scope
        // makes every write that something depends on look for it).
        list.append(Benchmark(
            suite: "micro", name: "read inside a tracking scope", variant: "Tracking",
            body: { n in
                let sum = withTracking {
                    var sum = 0
                    for i in 0..<n { sum &+= tracked[i & (objectCount - 1)].value }
                    return sum
                } onChange: {}
                blackHole(sum)
            },
            // An assignment, not `&+=`: see the performance guide on in-place
            // mutation and exclusivity checks.
            reset: { _ in tracked[0].value = tracked[0].value &+ 1 },
            teardown: { tracked[0].value = tracked[0].value &+ 1 }))
        list.append(Benchmark(
            suite: "micro", name: "read inside a tracking scope", variant: "Observation",
            body: { n in
                let sum = withObservationTracking {
                    var sum = 0
                    for i in 0..<n { sum &+= observed[i & (objectCount - 1)].value }
                    return sum
                } onChange: {}
                blackHole(sum)
            },
            reset: { _ in observed[0].value = observed[0].value &+ 1 },
            teardown: { observed[0].value = observed[0].value &+ 1 }))
    }
    do {
        let tracked = TrackedModel()
        let observed = ObservedModel()
        let trackedFired = RunCounter()
        let observedFired = RunCounter()
        list.append(Benchmark(
            suite: "micro", name: "one-shot tracking: 3 reads + write + fire", variant: "Tracking",
            body: { n in
                for _ in 0..<n {
                    let sum = withTracking {
                        tracked.a &+ tracked.b &+ tracked.c
                    } onChange: {
                        trackedFired.count += 1
                    }
                    tracked.a = sum &+ 1
                }
            },
            check: {
                guard trackedFired.count > 0, tracked.trackingRegistrar.registeredPropertyCount == 3 else {
                    throw BenchmarkFailure("one-shot did not fire (fired \(trackedFired.count))")
                }
            }))
        list.append(Benchmark(
            suite: "micro", name: "one-shot tracking: 3 reads + write + fire", variant: "Observation"
        ) { n in
            for _ in 0..<n {
                let sum = withObservationTracking {
                    observed.a &+ observed.b &+ observed.c
                } onChange: {
                    observedFired.count += 1
                }
                observed.a = sum &+ 1
            }
        })
    }
    // The writes below always store a new value: Observation skips notifying
    // when an Equatable value is written again, and a sample may be n = 1.
    do {
        // A write re-runs one observer that reads the same three properties.
        let tracked = TrackedModel()
        let runs = RunCounter()
        let token = observe {
            runs.count &+= tracked.a &+ tracked.b &+ tracked.c
        }
        list.append(Benchmark(
            suite: "micro", name: "observe re-run, unchanged dependencies", variant: "Tracking",
            body: { n in
                let first = opaque(tracked.a) &+ 1
                for i in 0..<n { tracked.a = first &+ i }
                blackHole(token)
            },
            check: {
                guard token.dependencies == ["\\TrackedModel.a", "\\TrackedModel.b", "\\TrackedModel.c"] else {
                    throw BenchmarkFailure("unexpected dependencies \(token.dependencies)")
                }
            }))
        let observed = ObservedModel()
        let observedRuns = RunCounter()
        rearm(observed, observedRuns)
        list.append(Benchmark(
            suite: "micro", name: "observe re-run, unchanged dependencies", variant: "Observation"
        ) { n in
            let first = opaque(observed.a) &+ 1
            for i in 0..<n { observed.a = first &+ i }
        })
    }
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

/// Apple's continuous-observation idiom: re-arm the one-shot in `onChange`.
private func rearm(_ model: ObservedModel, _ runs: RunCounter) {
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
