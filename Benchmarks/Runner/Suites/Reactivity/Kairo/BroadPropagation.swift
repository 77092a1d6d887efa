/// kairo `broadPropagation`: one head, fifty pairs of computed values and
/// fifty effects on it. The original expects 50 × 50 effect runs.
struct BroadPropagation: ReactivityCase {
    let name = "kairo: broad propagation"
    let width = 50
    var parameters: [(String, String)] { [("width", "\(width)")] }

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let head = framework.signal(0)
        let effectRuns = Counter()
        var last = head.computed
        for i in 0..<width {
            let current = framework.computed { head.read() + i }
            let current2 = framework.computed { current.read() + 1 }
            framework.countedEffect(reading: current2, into: effectRuns)
            last = current2
        }
        let width = width
        return kairoRun(
            framework, head: head, asserting: last, named: "last", effectRuns: effectRuns,
            writes: width, expectedEffectRuns: width * width
        ) { i in i + width }
    }
}
