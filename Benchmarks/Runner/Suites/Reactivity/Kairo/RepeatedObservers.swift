/// kairo `repeatedObservers`: one computed value reads the head thirty
/// times. The original expects one effect run per write.
struct RepeatedObservers: ReactivityCase {
    let name = "kairo: repeated observers"
    let size = 30
    let writes = 100
    var parameters: [(String, String)] { [("reads", "\(size)")] }

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let head = framework.signal(0)
        let size = size
        let current = framework.computed { () -> Int in
            var result = 0
            for _ in 0..<size { result += head.read() }
            return result
        }
        let effectRuns = Counter()
        framework.countedEffect(reading: current, into: effectRuns)
        return kairoRun(
            framework, head: head, asserting: current, named: "current", effectRuns: effectRuns,
            writes: writes, expectedEffectRuns: writes, afterFirstWrite: size
        ) { i in i * size }
    }
}
