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

    // Zero subscribers comes twice: a model never observed (objectWillChange
    // never read, the common case for most objects of an app), and one whose
    // publisher was read but has no subscriber (the write sends to an empty
    // list).
    let writeCases: [(subscribers: Int, label: String, readPublisher: Bool)] = [
        (0, "0", false), (0, "0, publisher read", true), (1, "1", true), (1_000, "1000", true),
    ]
    for writeCase in writeCases {
        let model = OnePublished()
        let signals = SignalCount()
        if writeCase.readPublisher { _ = model.objectWillChange }
        let cancellables = (0..<writeCase.subscribers).map { _ in
            model.objectWillChange.sink { signals.value &+= 1 }
        }
        benchmarks.append(
            Benchmark(
                suite: "micro", name: "@Published write", variant: "Publishing",
                parameters: [("objectWillChange subscribers", writeCase.label)],
                body: { n in
                    let target = opaque(model)
                    for i in 0..<n { target.value = i }
                    blackHole(target)
                },
                check: {
                    withExtendedLifetime(cancellables) {}
                    let before = signals.value
                    model.value = -1
                    guard signals.value == before + writeCase.subscribers, model.value == -1 else {
                        throw BenchmarkFailure("a write did not reach every objectWillChange subscriber once")
                    }
                    if writeCase.subscribers <= 1 {
                        try expectNoAllocation("@Published write with \(writeCase.label) subscribers") {
                            for i in 0..<100 { model.value = i }
                        }
                    }
                }))
    }

    let fifty = FiftyPublished()
    // The first and the last of the fifty properties must both signal.
    benchmarks.append(objectWillChangeRead(on: OnePublished(), properties: 1) { model in
        model.value += 1
        return 1
    })
    benchmarks.append(objectWillChangeRead(on: fifty, properties: 50) { model in
        model.p49 += 1
        model.p00 += 1
        return 2
    })

    return benchmarks
}

/// Reading `objectWillChange` of `model`; the check also verifies that the
/// publisher is stable and that each assignment `assign` makes signals once.
private func objectWillChangeRead<Model: ObservableObject>(
    on model: Model, properties: Int, assign: @escaping (Model) -> Int
) -> Benchmark where Model.ObjectWillChangePublisher == ObservableObjectPublisher {
    let publisher = model.objectWillChange
    return Benchmark(
        suite: "micro", name: "objectWillChange read", variant: "Publishing",
        parameters: [("@Published properties", "\(properties)")],
        body: { n in
            for _ in 0..<n { blackHole(opaque(model).objectWillChange) }
        },
        check: {
            guard model.objectWillChange === publisher else {
                throw BenchmarkFailure("objectWillChange changed identity")
            }
            try expectNoAllocation("objectWillChange read") { blackHole(model.objectWillChange) }
            var signals = 0
            let c = publisher.sink { signals += 1 }
            let assignments = assign(model)
            c.cancel()
            guard signals == assignments else {
                throw BenchmarkFailure("\(assignments) assignments sent \(signals) signals")
            }
        })
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
