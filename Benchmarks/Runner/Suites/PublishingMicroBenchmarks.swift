import CAllocationCounter
import Publishing

// Micro benchmarks of the whole-object baseline (suite "micro", variant
// "Publishing"): the cost of a @Published assignment as the number of
// objectWillChange subscribers grows, and the cost of reading
// objectWillChange, which must not grow with the number of @Published
// properties.

/// A model with one @Published property.
private final class OnePublished: ObservableObject {
    @Published var value = 0
}

/// A model with fifty @Published properties.
private final class FiftyPublished: ObservableObject {
    @Published var p00 = 0
    @Published var p01 = 1
    @Published var p02 = 2
    @Published var p03 = 3
    @Published var p04 = 4
    @Published var p05 = 5
    @Published var p06 = 6
    @Published var p07 = 7
    @Published var p08 = 8
    @Published var p09 = 9
    @Published var p10 = 10
    @Published var p11 = 11
    @Published var p12 = 12
    @Published var p13 = 13
    @Published var p14 = 14
    @Published var p15 = 15
    @Published var p16 = 16
    @Published var p17 = 17
    @Published var p18 = 18
    @Published var p19 = 19
    @Published var p20 = 20
    @Published var p21 = 21
    @Published var p22 = 22
    @Published var p23 = 23
    @Published var p24 = 24
    @Published var p25 = 25
    @Published var p26 = 26
    @Published var p27 = 27
    @Published var p28 = 28
    @Published var p29 = 29
    @Published var p30 = 30
    @Published var p31 = 31
    @Published var p32 = 32
    @Published var p33 = 33
    @Published var p34 = 34
    @Published var p35 = 35
    @Published var p36 = 36
    @Published var p37 = 37
    @Published var p38 = 38
    @Published var p39 = 39
    @Published var p40 = 40
    @Published var p41 = 41
    @Published var p42 = 42
    @Published var p43 = 43
    @Published var p44 = 44
    @Published var p45 = 45
    @Published var p46 = 46
    @Published var p47 = 47
    @Published var p48 = 48
    @Published var p49 = 49
}

/// The micro benchmarks of the `Publishing` module.
func publishingMicroBenchmarks() -> [Benchmark] {
    var benchmarks: [Benchmark] = []

    for subscribers in [0, 1, 1_000] {
        let model = OnePublished()
        let signals = SignalCount()
        // Zero subscribers: the model was never observed (objectWillChange
        // never read), the common case for most objects of an app.
        let cancellables = (0..<subscribers).map { _ in model.objectWillChange.sink { signals.value &+= 1 } }
        benchmarks.append(
            Benchmark(
                suite: "micro", name: "@Published write", variant: "Publishing",
                parameters: [("objectWillChange subscribers", "\(subscribers)")],
                body: { n in
                    let target = opaque(model)
                    for i in 0..<n { target.value = i }
                    blackHole(target)
                },
                check: {
                    withExtendedLifetime(cancellables) {}
                    let before = signals.value
                    model.value = -1
                    guard signals.value == before + subscribers, model.value == -1 else {
                        throw BenchmarkFailure("a write did not reach every objectWillChange subscriber once")
                    }
                    if subscribers <= 1 {
                        try expectNoAllocation("@Published write with \(subscribers) subscribers") {
                            for i in 0..<100 { model.value = i }
                        }
                    }
                }))
    }

    // The publisher read but nobody subscribed: the write sends to an empty list.
    do {
        let model = OnePublished()
        _ = model.objectWillChange
        benchmarks.append(
            Benchmark(
                suite: "micro", name: "@Published write", variant: "Publishing",
                parameters: [("objectWillChange subscribers", "0, publisher read")],
                body: { n in
                    let target = opaque(model)
                    for i in 0..<n { target.value = i }
                    blackHole(target)
                },
                check: {
                    try expectNoAllocation("@Published write, publisher read, 0 subscribers") {
                        for i in 0..<100 { model.value = i }
                    }
                }))
    }

    let one = OnePublished()
    let fifty = FiftyPublished()
    let onePublisher = one.objectWillChange
    let fiftyPublisher = fifty.objectWillChange
    benchmarks.append(
        Benchmark(
            suite: "micro", name: "objectWillChange read", variant: "Publishing",
            parameters: [("@Published properties", "1")],
            body: { n in
                for _ in 0..<n { blackHole(opaque(one).objectWillChange) }
            },
            check: {
                guard one.objectWillChange === onePublisher else {
                    throw BenchmarkFailure("objectWillChange changed identity")
                }
                try expectNoAllocation("objectWillChange read") { blackHole(one.objectWillChange) }
            }))
    benchmarks.append(
        Benchmark(
            suite: "micro", name: "objectWillChange read", variant: "Publishing",
            parameters: [("@Published properties", "50")],
            body: { n in
                for _ in 0..<n { blackHole(opaque(fifty).objectWillChange) }
            },
            check: {
                guard fifty.objectWillChange === fiftyPublisher else {
                    throw BenchmarkFailure("objectWillChange changed identity")
                }
                var signals = 0
                let c = fifty.objectWillChange.sink { signals += 1 }
                fifty.p49 += 1
                fifty.p00 += 1
                c.cancel()
                guard signals == 2 else {
                    throw BenchmarkFailure("the first and last of 50 @Published properties must both signal")
                }
            }))

    return benchmarks
}

/// A counter the subscribers of a benchmark increment (single-threaded).
private final class SignalCount {
    var value = 0
}

/// Fails if `body` allocates on this thread (when the allocation counter is
/// linked in).
private func expectNoAllocation(_ what: String, _ body: () -> Void) throws {
    guard allocation_counter_is_active() != 0 else { return }
    let before = allocation_counter_thread_total()
    body()
    let allocations = allocation_counter_thread_total() - before
    guard allocations == 0 else {
        throw BenchmarkFailure("\(what) allocated \(allocations) times")
    }
}
