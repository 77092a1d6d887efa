import Testing
@testable import Tracking

/// The end of a run joins what it read for the first time into the
/// subscriber's component: sources already in it cost a comparison, a
/// source without a component joins it as it is, and a source in another
/// component merges the two, in the middle of attaching the run's links.
@Suite struct ComponentJoiningTests {
    private func node(_ counter: Counter) throws -> PropertyNode {
        try #require(counter.trackingRegistrar.storage.registeredNodes.first)
    }

    @Test func aFirstRunThatReadsTwoComponentsAndAFreshObjectJoinsThemAndHearsEachChange() throws {
        let a = Counter()
        let b = Counter()
        let fresh = Counter()
        let runs = Locked<[String]>([])
        let watchA = observe { runs.append("A \(a.value)") }
        let watchB = observe { runs.append("B \(b.value)") }
        #expect(!Component.areJoined(try node(a), try node(b)))

        // In A's component, then without one, then in B's.
        let both = observe { runs.append("C \(a.value + fresh.value + b.value)") }
        #expect(Component.areJoined(try node(a), try node(fresh)))
        #expect(Component.areJoined(try node(a), try node(b)))
        #expect(both.dependencies == ["\\Counter.value", "\\Counter.value", "\\Counter.value"])

        runs.mutate { $0 = [] }
        a.value = 1
        fresh.value = 10
        b.value = 100
        #expect(runs.current == ["A 1", "C 1", "C 11", "B 100", "C 111"])

        both.cancel()
        #expect(a.trackingRegistrar.activeDependencyCount == 1)
        #expect(b.trackingRegistrar.activeDependencyCount == 1)
        #expect(fresh.trackingRegistrar.activeDependencyCount == 0)
        withExtendedLifetime((watchA, watchB)) {}
    }

    @Test func aRerunThatReadsAnotherComponentAfterItsKeptReadsMergesItAndKeepsThem() throws {
        let kept = Counter()
        let other = Counter()
        let switched = Counter()
        let runs = Locked<[String]>([])
        let watchOther = observe { runs.append("other \(other.value)") }
        let reader = observe {
            // The first run reads `kept`; later runs read `other` after it.
            if switched.value == 0 {
                runs.append("reader \(kept.value)")
            } else {
                runs.append("reader \(kept.value) \(other.value)")
            }
        }
        #expect(!Component.areJoined(try node(kept), try node(other)))

        switched.value = 1
        #expect(Component.areJoined(try node(kept), try node(other)))
        #expect(reader.dependencies == ["\\Counter.value", "\\Counter.value", "\\Counter.value"])

        runs.mutate { $0 = [] }
        kept.value = 2
        other.value = 3
        #expect(runs.current == ["reader 2 0", "other 3", "reader 2 3"])
        #expect(other.trackingRegistrar.activeDependencyCount == 2)
        withExtendedLifetime(watchOther) {}
    }
}
