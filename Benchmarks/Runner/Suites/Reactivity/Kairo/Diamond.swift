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
        framework.effect {
            _ = sum.read()
            effectRuns.count += 1
        }

        let expect = Expectations()
        let (width, writes) = (width, writes)
        return kairoRun(expect, effectRuns: effectRuns, expected: writes) {
            framework.batch { head.write(1) }
            expect.equal(sum.read(), 2 * width, "sum")
            effectRuns.count = 0
            for i in 0..<writes {
                framework.batch { head.write(i) }
                expect.equal(sum.read(), (i + 1) * width, "sum")
            }
        }
    }
}
