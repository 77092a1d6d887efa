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
        framework.effect {
            _ = current.read()
            effectRuns.count += 1
        }

        let expect = Expectations()
        let writes = writes
        return kairoRun(expect, effectRuns: effectRuns, expected: writes) {
            framework.batch { head.write(1) }
            expect.equal(current.read(), size, "current")
            effectRuns.count = 0
            for i in 0..<writes {
                framework.batch { head.write(i) }
                expect.equal(current.read(), i * size, "current")
            }
        }
    }
}
