/// kairo `unstable`: a computed value whose dependencies switch between two
/// others with the parity of the head, twenty reads per run. The original
/// expects one effect run per write.
///
/// The original's per-write value assertion is commented out (its operator
/// precedence made it wrong); this port asserts the intended value:
/// 20 × 2i for an odd head, 20 × -i for an even one.
struct Unstable: ReactivityCase {
    let name = "kairo: unstable"
    let writes = 100

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let head = framework.signal(0)
        let double = framework.computed { head.read() * 2 }
        let inverse = framework.computed { -head.read() }
        let current = framework.computed { () -> Int in
            var result = 0
            for _ in 0..<20 {
                result += head.read() % 2 != 0 ? double.read() : inverse.read()
            }
            return result
        }
        let effectRuns = Counter()
        framework.countedEffect(reading: current, into: effectRuns)
        return kairoRun(
            framework, head: head, asserting: current, named: "current", effectRuns: effectRuns,
            writes: writes, expectedEffectRuns: writes, afterFirstWrite: 40
        ) { i in i % 2 != 0 ? 40 * i : -20 * i }
    }
}
