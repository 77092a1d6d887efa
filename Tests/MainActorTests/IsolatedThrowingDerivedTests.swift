import Testing
import Tracking

/// `IsolatedThrowingDerived` over main-actor state: its closure reads the
/// model directly, runs on the main actor only, and its error is cached until
/// a dependency changes.
@MainActor
@Suite struct IsolatedThrowingDerivedTests {
    struct Negative: Error, Equatable { let value: Int }

    @Test func cachesTheErrorUntilADependencyChanges() throws {
        let pair = Pair()
        pair.a = -1
        let computations = RunLog<Int>()
        let root = IsolatedThrowingDerived("root") { () throws -> Int in
            computations.record(pair.a)
            guard pair.a >= 0 else { throw Negative(value: pair.a) }
            return pair.a * 10
        }
        #expect(throws: Negative(value: -1)) { try root.value }
        #expect(throws: Negative(value: -1)) { try root.value }
        #expect(computations.values == [-1])        // the error was cached
        pair.b = 5                                  // not read: still cached
        #expect(throws: Negative(value: -1)) { try root.value }
        #expect(computations.values == [-1])
        pair.a = 4
        #expect(try root.value == 40)
        #expect(computations.values == [-1, 4])
        #expect(computations.onTheMainActor == [true, true])
        #expect(root.name == "root")
        #expect(root.dependencies == ["\\Pair.a"])
    }

    /// An observer that reads it runs when the result changes, and not when
    /// it recomputes to an equal value; a change on another thread is
    /// computed on the main actor, not on the writer's thread.
    @Test func anObserverRunsOnlyWhenTheResultChanges() async {
        let counter = SharedCounter()
        let computations = RunLog<Int>()
        let parity = IsolatedThrowingDerived { () throws -> Int in
            computations.record(counter.value)
            guard counter.value < 100 else { throw Negative(value: -counter.value) }
            return counter.value % 2
        }
        let log = RunLog<String>()
        let token = observe {
            do { log.record("parity \(try parity.value)") } catch { log.record("error") }
        }
        #expect(log.values == ["parity 0"])
        whileTheMainActorWaits { counter.value = 2 }
        #expect(computations.values == [0])         // nothing ran on the writer's thread
        for _ in 0..<20 { await Task.yield() }
        #expect(computations.values == [0, 2])      // still even: the observer did not run
        #expect(log.values == ["parity 0"])
        whileTheMainActorWaits { counter.value = 100 }
        await yield(until: "the error") { log.count == 2 }
        #expect(log.values == ["parity 0", "error"])
        #expect(computations.onTheMainActor == [true, true, true])
        withExtendedLifetime(token) {}
    }
}
