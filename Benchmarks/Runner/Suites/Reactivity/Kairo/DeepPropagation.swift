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
        let end = current
        let effectRuns = Counter()
        framework.effect {
            _ = end.read()
            effectRuns.count += 1
        }

        let expect = Expectations()
        let (length, writes) = (length, writes)
        return kairoRun(expect, effectRuns: effectRuns, expected: writes) {
            framework.batch { head.write(1) }
            effectRuns.count = 0
            for i in 0..<writes {
                framework.batch { head.write(i) }
                expect.equal(end.read(), length + i, "end of the chain")
            }
        }
    }
}
