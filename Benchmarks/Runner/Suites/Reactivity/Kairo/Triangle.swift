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
        framework.effect {
            _ = sum.read()
            effectRuns.count += 1
        }

        let expect = Expectations()
        let (width, writes) = (width, writes)
        let constant = width * (width + 1) / 2
        return kairoRun(expect, effectRuns: effectRuns, expected: writes) {
            framework.batch { head.write(1) }
            expect.equal(sum.read(), constant, "sum")
            effectRuns.count = 0
            for i in 0..<writes {
                framework.batch { head.write(i) }
                expect.equal(sum.read(), constant - width + i * width, "sum")
            }
        }
    }
}
