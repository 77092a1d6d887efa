/// kairo `mux`: a hundred heads gathered into one computed record, split
/// again into a hundred computed values, each read by an effect.
///
/// The original asserts values only. The check also counts effect runs: a
/// write changes one head, so with equality cut-off only its effect runs
/// (9 + 9 changing writes per iteration; writing 0 over 0 changes nothing).
/// Without cut-off (the Observation adapter) every effect depends on every
/// head through the record, and all hundred run for each changing write.
struct Mux: ReactivityCase {
    let name = "kairo: mux"
    let width = 100
    var parameters: [(String, String)] { [("heads", "\(width)")] }

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let heads = (0..<width).map { _ in framework.signal(0) }
        // A new record on every run, as `Object.fromEntries` makes a new
        // object: not `Equatable`, so every recomputation is a change.
        let mux = framework.computed { MuxRecord(values: heads.map { $0.read() }) }
        let split = (0..<width)
            .map { index in framework.computed { mux.read().values[index] } }
            .map { value in framework.computed { value.read() + 1 } }
        let effectRuns = Counter()
        for value in split {
            framework.countedEffect(reading: value, into: effectRuns)
        }

        let expect = Expectations()
        let changingWrites = 18
        let expected = F.memoizesComputedValues ? changingWrites : changingWrites * width
        let iterate = {
            effectRuns.count = 0
            for i in 0..<10 {
                framework.batch { heads[i].write(i) }
                expect.equal(split[i].read(), i + 1, "split[\(i)]")
            }
            for i in 0..<10 {
                framework.batch { heads[i].write(i * 2) }
                expect.equal(split[i].read(), i * 2 + 1, "split[\(i)]")
            }
        }
        return ReactivityRun(repeating: iterate) {
            iterate()
            try expect.verify(effectRuns.count, expected, "effect runs in one iteration")
        }
    }
}

/// The gathered heads.
struct MuxRecord {
    var values: [Int]
}
