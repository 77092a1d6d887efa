import Foundation
import Testing
@testable import Tracking

/// Bad input gets a documented outcome: never a hang, never a crash (except
/// the one documented trap, tested in a child process).
@Suite(.timeLimit(.minutes(3)))
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
        // The child process inherits the environment: without the crash
        // backtracer, which symbolicates the whole test binary, it ends at
        // once instead of after half a minute on a busy machine.
        setenv("SWIFT_BACKTRACE", "enable=no", 1)
        await #expect(processExitsWith: .failure) {
            let holder = Locked<Derived<Int>?>(nil)
            let looping = Derived<Int>("looping") { holder.current!.value + 1 }
            holder.mutate { $0 = looping }
            TrackingDiagnostics.handler = { _ in }
            _ = looping.value
        }
    }
}

/// A `withTracking` callback that re-arms its scope and changes what it read
/// fires the next callback from inside itself. Such chains must not grow the
/// stack without bound (found by a fresh-eyes review: 10,000 links overflowed
/// it), and one that never ends is stopped with a diagnostic.
@Suite(.timeLimit(.minutes(3)))
struct OneShotChainTests {
    /// Re-arms a one-shot on `counter.value` from each callback and writes,
    /// until `limit` callbacks have run.
    final class Chain: @unchecked Sendable {
        let counter = Counter()
        let limit: Int
        let options: TrackingOptions
        var fired = 0

        init(limit: Int, options: TrackingOptions) {
            self.limit = limit
            self.options = options
        }

        func arm() {
            withTracking(options: options) { _ = counter.value } onChange: { [self] in
                fired += 1
                guard fired < limit else { return }
                arm()
                counter.value = counter.value + 1
            }
        }
    }

    @Test(arguments: [TrackingOptions.willSet, .didSet])
    func aLongChainRunsToItsEnd(options: TrackingOptions) {
        let chain = Chain(limit: 20_000, options: options)
        chain.arm()
        let diagnostics = collectingDiagnostics {
            chain.counter.value = 1
        }
        #expect(chain.fired == 20_000)
        #expect(diagnostics.isEmpty)
    }

    @Test func aChainThatNeverEndsIsStoppedAndNamesTheProperty() {
        let chain = Chain(limit: .max, options: .willSet)
        chain.arm()
        let diagnostics = collectingDiagnostics {
            chain.counter.value = 1
        }
        // The callbacks nested below the deepest level, then the chain at it.
        #expect(chain.fired == Scheduler.maximumCallbackNesting - 1 + Scheduler.maximumChainedCallbacks)
        #expect(diagnostics.map(\.kind) == [.oneShotChain])
        #expect(diagnostics.first?.properties == ["\\Counter.value"])
        // The engine is usable afterwards: a new scope fires once.
        let fired = Locked(0)
        withTracking { _ = chain.counter.value } onChange: { fired.increment() }
        chain.counter.value = -1
        #expect(fired.current == 1)
    }

    /// A scope that writes what it read inside its own `apply`, and arms a
    /// new one from its callback: the chain is stopped and names the
    /// property, which reached the scope through no announcement (it was
    /// read for the first time in the same run).
    @Test func aChainOfWritesInsideApplyIsStoppedAndNamesTheProperty() {
        final class Render: @unchecked Sendable {
            let counter = Counter()
            var renders = 0
            func render() {
                renders += 1
                withTracking { counter.value += 1 } onChange: { [self] in render() }
            }
        }
        let chain = Render()
        let diagnostics = collectingDiagnostics { chain.render() }
        #expect(diagnostics.map(\.kind) == [.oneShotChain])
        #expect(diagnostics.first?.properties == ["\\Counter.value"])
        #expect(chain.renders == Scheduler.maximumCallbackNesting + Scheduler.maximumChainedCallbacks)
    }

    /// A chain that goes back and forth between two properties names both.
    @Test func aChainBetweenTwoPropertiesNamesBoth() {
        final class PingPong: @unchecked Sendable {
            let book = Book()
            var fired = 0
            func arm(onTitle: Bool) {
                withTracking {
                    _ = onTitle ? book.title : book.author
                } onChange: { [self] in
                    fired += 1
                    arm(onTitle: !onTitle)
                    if onTitle { book.author = "\(fired)" } else { book.title = "\(fired)" }
                }
            }
        }
        let chain = PingPong()
        chain.arm(onTitle: true)
        let diagnostics = collectingDiagnostics {
            chain.book.title = "start"
        }
        #expect(diagnostics.map(\.kind) == [.oneShotChain])
        #expect(diagnostics.first?.properties == ["\\Book.author", "\\Book.title"])
    }
}
