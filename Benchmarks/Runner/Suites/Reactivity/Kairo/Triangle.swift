/// kairo `triangle`: a chain of ten values, all of them summed by one
/// computed value that one effect reads. The original expects one effect run
/// per write.
struct Triangle: ReactivityCase {
    let name = "kairo: triangle"
    let width = 10
    let writes = 100
    var parameters: [(String, String)] { [("width", "\(width)")] }

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let head = framework.signal(0)
        var current = head.computed
        var list: [Computed<Int>] = []
        for _ in 0..<width {
            let previous = current
            list.append(current)
            current = framework.computed { previous.read() + 1 }
        }
        let members = list
        let sum = framework.computed { members.reduce(0) { $0 + $1.read() } }
        let effectRuns = Counter()
        framework.countedEffect(reading: sum, into: effectRuns)
        let width = width
        let constant = width * (width + 1) / 2
        return kairoRun(
            framework, head: head, asserting: sum, named: "sum", effectRuns: effectRuns,
            writes: writes, expectedEffectRuns: writes, afterFirstWrite: constant
        ) { i in constant - width + i * width }
    }
}
