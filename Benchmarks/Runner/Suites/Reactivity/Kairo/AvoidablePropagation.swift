/// kairo `avoidablePropagation`: a chain whose second link always computes
/// 0, so a change of the head should stop there. The heavy computed value
/// and the heavy effect after it never need to run again.
///
/// The original asserts the chain's value only; the check also counts the
/// heavy computations and effect runs, which equality cut-off makes zero.
/// Without it (the Observation adapter) every write re-runs the effect, and
/// every read recomputes the chain.
struct AvoidablePropagation: ReactivityCase {
    let name = "kairo: avoidable propagation"

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let head = framework.signal(0)
        let heavyRuns = Counter()
        let effectRuns = Counter()
        let computed1 = framework.computed { head.read() }
        let computed2 = framework.computed { () -> Int in
            _ = computed1.read()
            return 0
        }
        let computed3 = framework.computed { () -> Int in
            heavyRuns.count += 1
            busy()
            return computed2.read() + 1
        }
        let computed4 = framework.computed { computed3.read() + 2 }
        let computed5 = framework.computed { computed4.read() + 3 }
        framework.effect {
            _ = computed5.read()
            effectRuns.count += 1
            busy()
        }

        let writes = 1_001
        let expect = Expectations()
        let iterate = {
            heavyRuns.count = 0
            effectRuns.count = 0
            framework.batch { head.write(1) }
            expect.equal(computed5.read(), 6, "computed5")
            for i in 0..<1_000 {
                framework.batch { head.write(i) }
                expect.equal(computed5.read(), 6, "computed5")
            }
        }
        let memoized = F.memoizesComputedValues
        return ReactivityRun(repeating: iterate) {
            iterate()
            // Every write changes the head; each is followed by one read.
            try expect.verify(effectRuns.count, memoized ? 0 : writes, "effect runs in one iteration")
            try expect.verify(heavyRuns.count, memoized ? 0 : 2 * writes, "heavy computations in one iteration")
        }
    }
}
