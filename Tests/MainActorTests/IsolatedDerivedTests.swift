import Testing
import Tracking

/// `IsolatedDerived` over main-actor state, read from main-actor code: its
/// closure reads the model directly and runs on the main actor only.
@MainActor
@Suite struct IsolatedDerivedTests {
    @Test func computesOnTheMainActorAndCutsOffEqualResults() {
        let pair = Pair()
        let computations = RunLog<Int>()
        let isLarge = IsolatedDerived {
            computations.record(pair.a + pair.b)
            return pair.a + pair.b > 10
        }
        let log = RunLog<Bool>()
        let token = observe { log.record(isLarge.value) }
        #expect(log.values == [false])
        pair.a = 3          // still small: computed again, the observer does not run
        #expect(computations.values == [0, 3])
        #expect(log.values == [false])
        pair.b = 20
        #expect(log.values == [false, true])
        #expect(computations.onTheMainActor == [true, true, true])
        #expect(isLarge.dependencies == ["\\Pair.a", "\\Pair.b"])
        withExtendedLifetime(token) {}
    }

    /// A change on another thread reaches a main-actor observer of the
    /// derived value; the value is computed on the main actor, where the
    /// observer runs, not on the writer's thread.
    @Test func aChangeOnAnotherThreadIsComputedOnTheMainActor() async {
        let counter = SharedCounter()
        let computations = RunLog<Int>()
        let parity = IsolatedDerived {
            computations.record(counter.value)
            return counter.value % 2
        }
        let log = RunLog<Int>()
        let token = observe { log.record(parity.value) }
        whileTheMainActorWaits { counter.value = 2 }
        // Nothing ran on the writer's thread.
        #expect(computations.values == [0])
        for _ in 0..<20 { await Task.yield() }
        // Validated on the main actor: computed again, still even, so the
        // observer did not run.
        #expect(computations.values == [0, 2])
        #expect(log.values == [0])
        whileTheMainActorWaits { counter.value = 3 }
        await yield(until: "the odd value") { log.count == 2 }
        #expect(log.values == [0, 1])
        #expect(computations.onTheMainActor == [true, true, true])
        withExtendedLifetime(token) {}
    }

    /// A sequence of values iterated on the main actor over the derived
    /// value: a change on another thread invalidates it there without
    /// computing the value, and the main actor computes the next element.
    @Test func valuesOverItAreComputedOnTheMainActor() async {
        let counter = SharedCounter()
        let computations = RunLog<Int>()
        let doubled = IsolatedDerived {
            computations.record(counter.value)
            return counter.value * 2
        }
        var iterator = values { doubled.value }.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        whileTheMainActorWaits { counter.value = 4 }
        #expect(computations.values == [0])
        #expect(await iterator.next() == 8)
        #expect(computations.values == [0, 4])
        #expect(computations.onTheMainActor == [true, true])
    }
}
