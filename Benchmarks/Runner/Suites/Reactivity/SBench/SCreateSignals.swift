/// sBench's `createSignals`: an operation is one signal created (and
/// released with the others at the end of the benchmark body). The check
/// reads back what a thousand new signals hold.
struct SCreateSignals: ReactivityCase {
    let name = "sBench: createSignals"

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let expect = Expectations()
        var signals: [Signal<Int>] = []
        let create = { (n: Int) in
            signals.reserveCapacity(n)
            for i in 0..<n { signals.append(framework.signal(i)) }
            expect.equal(signals.count, n, "signals created")
            signals.removeAll()
        }
        return ReactivityRun(body: create) {
            for i in 0..<1_000 { signals.append(framework.signal(i)) }
            let sum = signals.reduce(0) { $0 + $1.read() }
            signals.removeAll()
            try expect.verify(sum, 999 * 1_000 / 2, "sum of the new signals")
        }
    }
}
