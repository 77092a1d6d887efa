/// kairo `diamond`: five computed values on one head, summed by one more,
/// read by one effect. The original expects one effect run per write.
struct Diamond: ReactivityCase {
    let name = "kairo: diamond"
    let width = 5
    let writes = 500
    var parameters: [(String, String)] { [("width", "\(width)")] }

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let head = framework.signal(0)
        let branches = (0..<width).map { _ in framework.computed { head.read() + 1 } }
        let sum = framework.computed { branches.reduce(0) { $0 + $1.read() } }
        let effectRuns = Counter()
        framework.countedEffect(reading: sum, into: effectRuns)
        let width = width
        return kairoRun(
            framework, head: head, asserting: sum, named: "sum", effectRuns: effectRuns,
            writes: writes, expectedEffectRuns: writes, afterFirstWrite: 2 * width
        ) { i in (i + 1) * width }
    }
}
