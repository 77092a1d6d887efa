/// sBench's update cases: `updateNtoM` has M effects that each read the
/// same N signals, and writes the first signal over and over, all the
/// writes in one batch, so that each effect runs once, at its end. An
/// operation is that batch, with the original's number of writes (COUNT =
/// 100,000; a hundredth in quick runs).
///
/// The check (also asserted after every batch while timing): each effect ran
/// exactly once per batch and saw the last value written.
struct SUpdate: ReactivityCase {
    /// The original's name, e.g. `update1to4`.
    let caseName: String
    /// Signals each effect reads.
    let sources: Int
    /// Effects.
    let effects: Int
    /// Writes in the batch.
    let writes: Int

    var name: String { "sBench: \(caseName)" }
    var parameters: [(String, String)] { [("writes", "\(writes)")] }

    /// The original's seven update cases, with writes scaled by `scale`.
    static func all(scale: Double) -> [SUpdate] {
        let count = 100_000.0 * scale
        let cases: [(Int, Int, Double)] = [
            (1, 1, count * 4), (2, 1, count * 2), (4, 1, count), (1_000, 1, count / 250),
            (1, 2, count), (1, 4, count), (1, 1_000, count / 10),
        ]
        return cases.map {
            SUpdate(caseName: "update\($0.0)to\($0.1)", sources: $0.0, effects: $0.1, writes: Int($0.2))
        }
    }

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let signals = (0..<sources).map { framework.signal($0) }
        let tally = Tally()
        for _ in 0..<effects {
            framework.effect {
                var sum = 0
                for signal in signals { sum &+= signal.read() }
                tally.add(sum)
            }
        }
        let first = signals[0]
        let others = (1..<sources).reduce(0, +)
        let expect = Expectations()
        let (effects, writes) = (effects, writes)
        var value = 0
        let update = {
            let before = tally.runs
            tally.sum = 0
            framework.batch {
                for _ in 0..<writes {
                    value += 1
                    first.write(value)
                }
            }
            expect.equal(tally.runs - before, effects, "effect runs after one batch")
            expect.equal(tally.sum, effects * (value + others), "sum of what the effects saw")
        }
        return ReactivityRun(repeating: update) {
            update()
            try expect.verify()
        }
    }
}
