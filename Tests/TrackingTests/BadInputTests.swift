import Foundation
import Testing
@testable import Tracking

/// Bad input gets a documented outcome: never a hang, never a crash (except
/// the one documented trap, tested in a child process).
@Suite(.timeLimit(.minutes(1)))
struct BadInputTests {
    @Test func reentrantMutationFromOnChangeStoresTheOuterValueLast() {
        let counter = Counter()
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(counter.value) }
        withTracking { _ = counter.value } onChange: { counter.value = 100 }
        counter.value = 1   // onChange writes 100 first, then 1 is stored
        #expect(counter.value == 1)
        #expect(seen.current.last == 1)
        withExtendedLifetime(token) {}
    }

    @Test func aScopeWhoseBodyThrowsKeepsTheReadsMadeBeforeTheError() {
        struct Failure: Error {}
        let invalidations = Locked(0)
        let book = Book()
        let scope = TrackingScope { invalidations.increment() }
        #expect(throws: Failure.self) {
            try scope.track {
                _ = book.title
                throw Failure()
            }
        }
        book.title = "x"
        #expect(invalidations.current == 1)
        scope.cancel()
    }

    @Test func anObserverWhoseBodyIsCancelledFromAnotherObserverStops() {
        let counter = Counter()
        let runs = Locked(0)
        let victim = observe { _ = counter.value; runs.increment() }
        let killer = observe { if counter.value == 1 { victim.cancel() } }
        counter.value = 1
        counter.value = 2
        #expect(runs.current <= 2)
        #expect(victim.isCancelled)
        withExtendedLifetime(killer) {}
    }

    @Test func observingFromInsideADeinitIsHarmless() {
        final class Observant: Trackable, @unchecked Sendable {
            let trackingRegistrar = TrackingRegistrar()
            let other: Counter
            let runs: Locked<Int>
            init(other: Counter, runs: Locked<Int>) {
                self.other = other
                self.runs = runs
            }
            deinit {
                let runs = self.runs
                let other = self.other
                let token = observe { _ = other.value; runs.increment() }
                withTracking { _ = other.value } onChange: { runs.increment() }
                token.cancel()
            }
        }
        let other = Counter()
        let runs = Locked(0)
        var object: Observant? = Observant(other: other, runs: runs)
        _ = object
        object = nil
        #expect(runs.current == 1)
        other.value = 1                // fires the withTracking made in deinit
        #expect(runs.current == 2)
        #expect(other.trackingRegistrar.activeDependencyCount == 0)
    }

    @Test func mutatingDuringDeallocationIsHarmless() {
        let deinits = Locked(0)
        let mirror = Counter()
        var object: Watched? = Watched(deinits: deinits)
        let token = observe { [weak object] in
            mirror.value = (object?.value ?? -1) + 1    // writes while told of the deallocation
        }
        object?.value = 4
        #expect(mirror.value == 5)
        object = nil
        #expect(mirror.value == 0)
        #expect(deinits.current == 1)
        withExtendedLifetime(token) {}
    }

    @Test func aCycleInANonThrowingDerivedValueWithNoPreviousValueStopsWithAClearMessage() async {
        await #expect(processExitsWith: .failure) {
            let holder = Locked<Derived<Int>?>(nil)
            let looping = Derived<Int>("looping") { holder.current!.value + 1 }
            holder.mutate { $0 = looping }
            TrackingDiagnostics.handler = { _ in }
            _ = looping.value
        }
    }
}
