/// `molBench` (from $mol_wire): two signals, five computed values of which
/// some are expensive (`hard` adds fib(16)), three effects that log. Each
/// operation is two batches that change both signals.
///
/// The original asserts nothing. The check compares the log of one
/// iteration with what the graph must produce: with equality cut-off, `F`
/// recomputes to the same value, so effect J never runs again, and H and I
/// run once per batch, in creation order. Without it (the Observation
/// adapter) J runs in every batch too, and effects run in `onChange` order,
/// so the log is compared sorted.
struct MolBench: ReactivityCase {
    let name = "kairo: molBench"

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let log = Log()
        let a = framework.signal(0)
        let b = framework.signal(0)
        let c = framework.computed { a.read() % 2 + b.read() % 2 }
        // A new array of new objects on every run: not `Equatable`.
        let d = framework.computed { MolFragments(x: (0..<5).map { $0 + a.read() % 2 - b.read() % 2 }) }
        let e = framework.computed { hard(c.read() + a.read() + d.read().x[0]) }
        let f = framework.computed { () -> Int in
            let x = d.read().x[2]
            return hard(x != 0 ? x : b.read())
        }
        let g = framework.computed { () -> Int in
            let first = c.read()
            let second = c.read()
            return first + (second != 0 ? second : e.read() % 2) + d.read().x[4] + f.read()
        }
        framework.effect { log.values.append(hard(g.read())) }  // H
        framework.effect { log.values.append(g.read()) }  // I
        framework.effect { log.values.append(hard(f.read())) }  // J

        let base = fib(16)
        let (g1, g2, f1) = (8 + 2 + base, 4 + 1 + 2 + base, 2 + base)
        let expected = F.memoizesComputedValues
            ? [g1 + base, g1, g2 + base, g2]
            : [g1 + base, g1, f1 + base, g2 + base, g2, f1 + base].sorted()
        let ordered = F.memoizesComputedValues
        let expect = Expectations()
        var iteration = 0
        let iterate = {
            iteration += 1
            log.values.removeAll(keepingCapacity: true)
            framework.batch {
                b.write(1)
                a.write(1 + iteration * 2)
            }
            framework.batch {
                a.write(2 + iteration * 2)
                b.write(2)
            }
            expect.equal(ordered ? log.values : log.values.sorted(), expected, "log of one iteration")
        }
        return ReactivityRun(repeating: iterate) {
            iterate()
            try expect.verify()
        }
    }
}

/// The effects' log.
final class Log: @unchecked Sendable {
    var values: [Int] = []
}

/// `D`'s value: five fragments.
struct MolFragments {
    var x: [Int]
}

/// `fib(16)` plus `n`: the expensive part of the computed values.
private func hard(_ n: Int) -> Int {
    n + fib(opaque(16))
}

private func fib(_ n: Int) -> Int {
    n < 2 ? 1 : fib(n - 1) + fib(n - 2)
}
