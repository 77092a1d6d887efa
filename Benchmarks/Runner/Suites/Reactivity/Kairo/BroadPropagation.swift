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
            framework.effect {
                _ = current2.read()
                effectRuns.count += 1
            }
            last = current2
        }

        let tail = last
        let expect = Expectations()
        let width = width
        return kairoRun(expect, effectRuns: effectRuns, expected: width * width) {
            framework.batch { head.write(1) }
            effectRuns.count = 0
            for i in 0..<width {
                framework.batch { head.write(i) }
                expect.equal(tail.read(), i + width, "last")
            }
        }
    }
}
