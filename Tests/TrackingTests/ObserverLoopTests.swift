import Testing
@testable import Tracking

@Suite struct ObserverLoopTests {
    @Test func aLoopThatNeverSettlesIsStoppedWithADiagnosticNamingTheProperty() {
        let counter = Counter()
        var token: TrackingToken?
        let diagnostics = collectingDiagnostics {
            token = observe { counter.value += 1 }
        }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.kind == .observerLoop)
        #expect(diagnostics.first?.properties == ["\\Counter.value"])
        #expect(diagnostics.first?.message.contains("\\Counter.value") == true)
        #expect(diagnostics.first?.message.contains("100 rounds") == true)
        // The first run, then one run per round.
        #expect(counter.value == 101)
        // The observer stays subscribed: the next change starts it again,
        // for 100 rounds (this time there is no first run outside them).
        let again = collectingDiagnostics { counter.value = 0 }
        #expect(again.count == 1)
        #expect(counter.value == 100)
        withExtendedLifetime(token) {}
    }

    @Test func twoObserversFeedingEachOtherAreStoppedToo() {
        let a = Counter()
        let b = Counter()
        var tokens: [TrackingToken] = []
        let diagnostics = collectingDiagnostics {
            observe { b.value = a.value + 1 }.store(in: &tokens)
            observe { a.value = b.value + 1 }.store(in: &tokens)
        }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.properties.isEmpty == false)
        #expect(diagnostics.first?.properties.allSatisfy { $0 == "\\Counter.value" } == true)
    }

    /// A pipeline longer than the round limit: each observer copies one
    /// counter into the next, so each runs once per change and the change
    /// reaches the end (150 stages; the limit is 100 rounds).
    @Test func aPipelineLongerThanTheRoundLimitRunsToItsEnd() {
        let counters = (0...150).map { _ in Counter() }
        let runs = Locked(0)
        var tokens: [TrackingToken] = []
        for stage in 0..<150 {
            observe {
                counters[stage + 1].value = counters[stage].value
                runs.increment()
            }.store(in: &tokens)
        }
        let diagnostics = collectingDiagnostics { counters[0].value = 7 }
        #expect(diagnostics.isEmpty)
        #expect(counters.map(\.value) == Array(repeating: 7, count: 151))
        // The first runs, then one run per stage for the change.
        #expect(runs.current == 300)
        withExtendedLifetime(tokens) {}
    }
}
