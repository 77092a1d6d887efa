/// kairo `deepPropagation`: a chain of fifty computed values and one effect
/// at its end. The original expects one effect run per write.
struct DeepPropagation: ReactivityCase {
    let name = "kairo: deep propagation"
    let length = 50
    let writes = 50
    var parameters: [(String, String)] { [("length", "\(length)")] }

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let head = framework.signal(0)
        var current = head.computed
        for _ in 0..<length {
            let previous = current
            current = framework.computed { previous.read() + 1 }
        }
        let effectRuns = Counter()
        framework.countedEffect(reading: current, into: effectRuns)
        let length = length
        return kairoRun(
            framework, head: head, asserting: current, named: "end of the chain", effectRuns: effectRuns,
            writes: writes, expectedEffectRuns: writes
        ) { i in length + i }
    }
}
