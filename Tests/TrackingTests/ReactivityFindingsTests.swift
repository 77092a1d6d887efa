import Synchronization
import Testing
@testable import Tracking

/// Engine problems found while porting js-reactivity-benchmark, each reduced
/// to a minimal case and kept as a regression test.
@Suite struct ReactivityFindingsTests {
    final class Source: Trackable, @unchecked Sendable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var value = 1
    }

    /// A lattice of derived values that nothing observes: each layer has two
    /// values, each reading both values of the layer below. A read of the
    /// top checks each value's dependencies at most once, not once per path
    /// (2^depth), whether nothing changed or a source did. (In
    /// js-reactivity-benchmark's dependency graphs, the first run of an
    /// effect reads values that nothing observes yet; before the fix it did
    /// not end.)
    @Test func readingAnUnobservedLatticeAgainChecksEachValueOnce() {
        let depth = 16
        let sources = [Source(), Source()]
        let computations = ComputationCounter()
        var layer = sources.map { source in Derived { source.value } }
        for _ in 0..<depth {
            let below = layer
            layer = [
                Derived { computations.add(); return below[0].value + below[1].value },
                Derived { computations.add(); return below[0].value - below[1].value },
            ]
        }
        let top = layer[0]
        _ = top.value
        #expect(computations.count == 2 * depth - 1)

        // Each of the 2 * depth + 2 values checks at most its two dependencies
        // once per read (and none at all if no linked source changed since;
        // other tests running in parallel may change theirs).
        let bound = 2 * (2 * depth + 2)
        let checks = { ThreadState.withCurrent { $0.dependencyChecks } }
        let before = checks()
        _ = top.value
        #expect(computations.count == 2 * depth - 1)
        #expect(checks() - before <= bound)

        sources[0].value = 2
        let beforeChange = checks()
        _ = top.value
        #expect(computations.count == 2 * (2 * depth - 1))
        #expect(checks() - beforeChange <= bound)
    }
}

extension ReactivityFindingsTests {
    /// The same lattice read while another thread keeps changing a source
    /// that something links to, so that the change epoch moves during the
    /// read: the read still checks each value at most once. (Before the fix,
    /// every move of the epoch made the rest of the read check values again,
    /// once per path: the test, run in parallel with the others, failed now
    /// and then with up to four times the bound.)
    @Test func writesOnAnotherThreadDoNotMakeAReadCheckValuesAgain() async {
        let depth = 16
        let sources = [Source(), Source()]
        var layer = sources.map { source in Derived { source.value } }
        for _ in 0..<depth {
            let below = layer
            layer = [
                Derived { below[0].value + below[1].value },
                Derived { below[0].value - below[1].value },
            ]
        }
        let top = layer[0]
        _ = top.value

        let unrelated = Source()
        let unrelatedReader = Derived { unrelated.value }
        _ = unrelatedReader.value   // links `unrelated`: its writes move the epoch
        let stop = Atomic<Bool>(false)
        let writer = Task.detached {
            var value = 0
            while !stop.load(ordering: .relaxed) {
                value += 1
                unrelated.value = value
            }
        }
        let bound = 2 * (2 * depth + 2)
        var worst = 0
        for round in 0..<200 {
            sources[round % 2].value = round + 10
            let before = ThreadState.withCurrent { $0.dependencyChecks }
            _ = top.value
            worst = max(worst, ThreadState.withCurrent { $0.dependencyChecks } - before)
        }
        stop.store(true, ordering: .relaxed)
        await writer.value
        #expect(worst <= bound)
        withExtendedLifetime(unrelatedReader) {}
    }
}

/// Counts computations; the test reads on one thread.
private final class ComputationCounter: @unchecked Sendable {
    private(set) var count = 0
    func add() { count += 1 }
}
