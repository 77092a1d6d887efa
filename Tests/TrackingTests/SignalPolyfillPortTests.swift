import Testing
import Tracking

// Port of the TC39 Signals polyfill's tests (proposal-signals/signal-polyfill:
// tests/Signal/state, computed, effect, subtle/untrack, subtle/watcher,
// subtle/watch-unwatch, ported/preact, ported/vue; tests/behaviors/
// custom-equality, cycles, dynamic-dependencies, errors, graph, pruning,
// prohibited-contexts, gc) onto Tracking.
// Signal.State → PolyState (a Trackable with one @Tracked var); a State with
// `equals: () => false` → PolyAlwaysState (notifiesEqualValues); a State with
// another `equals` → PolyCustomState (a hand-written property that asks it);
// Signal.Computed → Derived (ThrowingDerived where it throws), its `equals`
// → isEqual; untrack → untracked; a Watcher → a TrackingScope (notify →
// onInvalidate, watch() and flushing the pending → track), an effect on a
// watcher → observe too, a Signal.subtle.Effect re-executed in a microtask →
// values(_:); introspectSources → dependencies; hasSinks →
// trackingRegistrar.activeDependencyCount.
// Not ported, having no counterpart: receivers (`this`), guards and type
// checks, currentComputed, the watched/unwatched hooks (liveness), Volatile,
// Effect.shouldExecute and its sources, an `equals` that throws (isEqual
// cannot throw), and the timing tests of unwatch.
// Where Tracking differs by design, the test asserts what Tracking does and
// its comment gives the original's values.

final class PolyState<T: Equatable>: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var v: T
    init(_ v: T) { self.v = v }
}

/// A State with `equals: () => false`: every write is a change.
final class PolyAlwaysState<T>: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var v: T
    init(_ v: T) { _v = Tracked(wrappedValue: v, notifiesEqualValues: true) }
}

/// A State with a custom `equals`: a hand-written property that stores and
/// announces a write only when `equals` says the new value differs.
final class PolyCustomState: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    private var stored: Int
    private let equals: @Sendable (Int, Int) -> Bool

    init(_ v: Int, equals: @escaping @Sendable (Int, Int) -> Bool) {
        stored = v
        self.equals = equals
    }

    var v: Int {
        get {
            trackingRegistrar.access(self, keyPath: \.v)
            return stored
        }
        set {
            guard !equals(stored, newValue) else { return }
            trackingRegistrar.withMutation(of: self, keyPath: \.v) { stored = newValue }
        }
    }
}

/// A State holding a list of States (the dynamic-dependencies test).
final class PolyStatesState: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var v: [PolyState<String>]
    init(_ v: [PolyState<String>]) { self.v = v }
}

/// Vue's `{ foo?: number }`, held by a State as a value.
struct PolyRecord: Equatable, Sendable {
    var foo: Int?
}

/// Unsynchronised mutable box: every test here is single-threaded.
final class PolyBox<T>: @unchecked Sendable {
    var v: T
    init(_ v: T) { self.v = v }
}

/// The polyfill throws the State's string; a Swift error carries it.
struct PolyThrown: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}

@Suite struct SignalPolyfillPortTests {
    // MARK: tests/Signal/state.test.ts

    @Test func state_works() {
        let state = PolyState(0)
        #expect(state.v == 0)
        state.v = 10
        #expect(state.v == 10)
    }

    @Test func state_aNaNWrittenOverNaNIsAChange() {
        let state = PolyState(Double.nan)
        let calls = PolyBox(0)
        let computed = Derived { () -> Double in
            calls.v += 1
            return state.v
        }
        #expect(calls.v == 0)
        #expect(computed.value.isNaN)
        #expect(calls.v == 1)
        state.v = .nan
        #expect(computed.value.isNaN)
        // The polyfill: 1 (Object.is(NaN, NaN) is true). Tracking compares
        // with ==, and NaN != NaN: the write is a change (SemanticsReference,
        // Equality).
        #expect(calls.v == 2)
    }

    @Test func state_customEqualityInState() {
        let equalityCalls = PolyBox(0)
        let state = PolyCustomState(1) { _, _ in
            equalityCalls.v += 1
            return false
        }
        let calls = PolyBox(0)
        let computed = Derived { () -> Int in
            calls.v += 1
            return state.v
        }
        #expect(calls.v == 0)
        #expect(equalityCalls.v == 0)
        #expect(computed.value == 1)
        #expect(equalityCalls.v == 0)
        #expect(calls.v == 1)
        state.v = 1
        #expect(computed.value == 1)
        #expect(equalityCalls.v == 1)
        #expect(calls.v == 2)

        // The same with @Tracked's own opt-out of the equality check.
        let always = PolyAlwaysState(1)
        let alwaysCalls = PolyBox(0)
        let overAlways = Derived { () -> Int in
            alwaysCalls.v += 1
            return always.v
        }
        #expect(overAlways.value == 1)
        always.v = 1
        #expect(overAlways.value == 1)
        #expect(alwaysCalls.v == 2)
    }

    // MARK: tests/Signal/computed.test.ts

    @Test func computed_works() {
        let state = PolyState(1)
        let computed = Derived { state.v * 2 }
        #expect(computed.value == 2)
        state.v = 5
        #expect(state.v == 5)
        #expect(computed.value == 10)
    }

    @Test func computed_resultsAreComparedWithEquals() {
        let state = PolyState(1)
        let value = PolyBox(5.0)
        let calls = PolyBox(0)
        let computed = Derived { () -> Double in
            _ = state.v
            return value.v
        }
        let c2 = Derived { () -> Double in
            calls.v += 1
            return computed.value
        }
        #expect(calls.v == 0)
        #expect(c2.value == 5)
        #expect(calls.v == 1)
        state.v = 2
        #expect(c2.value == 5)
        #expect(calls.v == 1)
        value.v = .nan                      // not tracked: nothing is marked
        #expect(c2.value == 5)
        #expect(calls.v == 1)
        state.v = 3
        #expect(c2.value.isNaN)
        #expect(calls.v == 2)
        state.v = 4
        #expect(c2.value.isNaN)
        // The polyfill: 2 (Object.is). With ==, NaN differs from NaN, so the
        // recomputed NaN is a change (SemanticsReference, Equality).
        #expect(calls.v == 3)

        // isEqual gives Object.is's answer for NaN, and the original's count.
        let nanCalls = PolyBox(0)
        let nanAware = Derived(isEqual: { $0 == $1 || ($0.isNaN && $1.isNaN) }) { () -> Double in
            _ = state.v
            return value.v
        }
        let overNaNAware = Derived { () -> Double in
            nanCalls.v += 1
            return nanAware.value
        }
        #expect(overNaNAware.value.isNaN)
        state.v = 5
        #expect(overNaNAware.value.isNaN)
        #expect(nanCalls.v == 1)
    }

    @Test func computed_customEqualityIsAskedWhenItRecomputes() {
        let state = PolyState(5)
        let equalityCalls = PolyBox(0)
        let c1 = Derived(isEqual: { _, _ in
            equalityCalls.v += 1
            return false
        }) { () -> Int in
            _ = state.v
            return 1
        }
        let calls = PolyBox(0)
        let c2 = Derived { () -> Int in
            calls.v += 1
            return c1.value
        }
        #expect(calls.v == 0)
        #expect(equalityCalls.v == 0)
        #expect(c2.value == 1)
        #expect(equalityCalls.v == 0)
        #expect(calls.v == 1)
        state.v = 10
        #expect(c2.value == 1)
        #expect(equalityCalls.v == 1)
        #expect(calls.v == 2)
    }

    // MARK: tests/Signal/subtle/untrack.test.ts

    @Test func untrack_works() {
        let state = PolyState(1)
        let computed = Derived { untracked { state.v } }
        #expect(computed.value == 1)
        state.v = 2
        #expect(computed.value == 1)
    }

    @Test func untrack_worksDifferentlyWithoutUntrack() {
        let state = PolyState(1)
        let computed = Derived { state.v }
        #expect(computed.value == 1)
        state.v = 2
        #expect(computed.value == 2)
    }

    // MARK: tests/Signal/subtle/watcher.test.ts

    @Test func watcher_anEffectRunsAfterEachWriteUntilItIsCancelled() {
        let state = PolyState(1)
        state.v = 100
        state.v = 5
        let computed = Derived { state.v * 2 }
        let calls = PolyBox(0)
        let output = PolyBox(0)
        let computedOutput = PolyBox(0)
        #expect(state.trackingRegistrar.activeDependencyCount == 0)

        let token = observe {
            output.v = state.v
            computedOutput.v = computed.value
            calls.v += 1
        }
        // The effect and the computed value both read the state.
        #expect(state.trackingRegistrar.activeDependencyCount == 2)
        #expect(computed.dependencies == ["\\PolyState<Int>.v"])
        #expect(calls.v == 1)
        #expect(output.v == 5)
        #expect(computedOutput.v == 10)

        // The polyfill's watcher is notified, and the test runs the pending
        // effect by hand; an observer runs at the end of the write.
        state.v = 10
        #expect(calls.v == 2)
        #expect(output.v == 10)
        #expect(computedOutput.v == 20)

        state.v = 20
        #expect(calls.v == 3)
        #expect(output.v == 20)
        #expect(computedOutput.v == 40)

        untracked {
            state.v = 999                   // untracked changes reads, not writes
            #expect(calls.v == 4)
        }

        token.cancel()
        // The polyfill: no sinks left. Here the computed value, still alive,
        // still reads the state: a derived value stays in the subscriber
        // lists of what it read, observed or not (DerivedValues, Memory).
        #expect(state.trackingRegistrar.activeDependencyCount == 1)

        state.v = 200
        #expect(calls.v == 4)
        #expect(output.v == 999)
        #expect(computedOutput.v == 1998)

        let second = observe { output.v = state.v }
        state.v = 300
        #expect(output.v == 300)
        second.cancel()
        withExtendedLifetime(computed) {}
    }

    /// The same with the closest counterpart of a Watcher: a TrackingScope is
    /// told once (notify) and runs its body again when the test flushes.
    @Test func watcher_aScopeIsToldOnceAndTracksAgainWhenFlushed() {
        let state = PolyState(1)
        state.v = 100
        state.v = 5
        let computed = Derived { state.v * 2 }
        let calls = PolyBox(0), output = PolyBox(0), computedOutput = PolyBox(0)
        let notified = PolyBox(0)
        let watcher = TrackingScope { notified.v += 1 }
        func flush() {
            watcher.track {
                output.v = state.v
                computedOutput.v = computed.value
                calls.v += 1
            }
        }
        flush()
        #expect(notified.v == 0)
        #expect(calls.v == 1)

        state.v = 10
        #expect(notified.v == 1)
        #expect(calls.v == 1)               // not run until flushed
        #expect(output.v == 5)
        #expect(computedOutput.v == 10)
        flush()
        #expect(calls.v == 2)
        #expect(output.v == 10)
        #expect(computedOutput.v == 20)

        state.v = 20
        #expect(notified.v == 2)
        flush()
        #expect(calls.v == 3)
        #expect(output.v == 20)
        #expect(computedOutput.v == 40)

        untracked {
            state.v = 999
            #expect(calls.v == 3)
            flush()
            #expect(calls.v == 4)
        }
        #expect(notified.v == 3)

        watcher.cancel()
        state.v = 200
        #expect(notified.v == 3)
        #expect(calls.v == 4)
        #expect(output.v == 999)
        #expect(computedOutput.v == 1998)
        // As above: the computed value, alive, still reads the state.
        #expect(state.trackingRegistrar.activeDependencyCount == 1)
    }

    // MARK: tests/Signal/effect.test.ts

    /// An effect re-executed by a watcher in a microtask: the elements of
    /// values(_:), computed when the iterating task asks for the next one.
    @Test func effect_reactsToChangesInTheNextElement() async {
        let signal = PolyState(1)
        let executions = PolyBox(0)
        var effect = values { () -> String in
            executions.v += 1
            return "hello \(signal.v)"
        }.makeAsyncIterator()
        #expect(await effect.next() == "hello 1")
        #expect(executions.v == 1)
        signal.v = 2
        #expect(await effect.next() == "hello 2")
        #expect(executions.v == 2)
        signal.v = 3
        #expect(await effect.next() == "hello 3")
        #expect(executions.v == 3)
    }

    // MARK: tests/Signal/subtle/watch-unwatch.test.ts

    /// A watcher is told once, then re-armed by `watch()`: a scope tracked
    /// again. Unwatching `s` is a body that no longer reads it.
    @Test func watchUnwatch_handlesMultipleWatchersWell() {
        let s = PolyState(1)
        let s2 = PolyState(2)
        let notified = PolyBox(0)
        let watcher = TrackingScope { notified.v += 1 }
        watcher.track {
            _ = s.v
            _ = s2.v
        }
        s.v = 4
        #expect(notified.v == 1)
        watcher.track {
            _ = s.v
            _ = s2.v
        }
        s2.v = 8
        #expect(notified.v == 2)
        watcher.track { _ = s2.v }          // unwatch(s)
        s.v = 3
        #expect(notified.v == 2)
        s2.v = 3
        #expect(notified.v == 3)
        watcher.track { _ = s2.v }
        s.v = 2
        #expect(notified.v == 3)
        #expect(s.trackingRegistrar.activeDependencyCount == 0)
        watcher.cancel()
    }

    @Test func watchUnwatch_understandsDynamicDependencySets() {
        let s1 = PolyState(1)
        let s2 = PolyState(2)
        let which = PolyBox(1)              // 1: s1, 2: s2, else a constant 10
        let computations = PolyBox(0)
        let notified = PolyBox(0)
        let c = Derived { () -> Int in
            computations.v += 1
            switch which.v {
            case 1: return s1.v
            case 2: return s2.v
            default: return 10
            }
        }
        let watcher = TrackingScope { notified.v += 1 }
        #expect(computations.v == 0)
        #expect(s1.trackingRegistrar.activeDependencyCount == 0)
        #expect(s2.trackingRegistrar.activeDependencyCount == 0)

        // The polyfill watches c without computing it, then reads it; a
        // scope computes it as it tracks it.
        #expect(watcher.track { c.value } == 1)
        #expect(notified.v == 0)
        #expect(computations.v == 1)
        #expect(s1.trackingRegistrar.activeDependencyCount == 1)
        #expect(s2.trackingRegistrar.activeDependencyCount == 0)

        // The scope decides at the end of the write, so c computes then,
        // where the polyfill computes it at the next read.
        s1.v = 3
        #expect(notified.v == 1)
        #expect(computations.v == 2)
        #expect(watcher.track { c.value } == 3)
        #expect(computations.v == 2)

        which.v = 2
        s1.v = 4
        #expect(notified.v == 2)
        #expect(watcher.track { c.value } == 2)
        #expect(computations.v == 3)
        #expect(s1.trackingRegistrar.activeDependencyCount == 0)
        #expect(s2.trackingRegistrar.activeDependencyCount == 1)

        which.v = 0
        s1.v = 5                            // c no longer reads s1
        #expect(watcher.track { c.value } == 2)
        #expect(notified.v == 2)
        #expect(computations.v == 3)

        s2.v = 0
        #expect(notified.v == 3)
        #expect(watcher.track { c.value } == 10)
        #expect(computations.v == 4)
        #expect(s1.trackingRegistrar.activeDependencyCount == 0)
        #expect(s2.trackingRegistrar.activeDependencyCount == 0)
        #expect(c.dependencies.isEmpty)
        watcher.cancel()
    }

    /// The same dynamic set under an observer, which runs at each change.
    @Test func watchUnwatch_anObservedComputedFollowsItsDynamicSources() {
        let s1 = PolyState(1)
        let s2 = PolyState(2)
        let which = PolyBox(1)              // 1: s1, 2: s2, else a constant 10
        let computations = PolyBox(0)
        let c = Derived { () -> Int in
            computations.v += 1
            switch which.v {
            case 1: return s1.v
            case 2: return s2.v
            default: return 10
            }
        }
        #expect(computations.v == 0)
        #expect(s1.trackingRegistrar.activeDependencyCount == 0)

        let runs = PolyBox(0)
        let seen = PolyBox<[Int]>([])
        let token = observe {
            runs.v += 1
            seen.v.append(c.value)
        }
        // The polyfill's watcher computes nothing until read; an observer runs now.
        #expect(computations.v == 1)
        #expect(seen.v == [1])
        #expect(s1.trackingRegistrar.activeDependencyCount == 1)
        #expect(s2.trackingRegistrar.activeDependencyCount == 0)

        s1.v = 3
        #expect(computations.v == 2)
        #expect(seen.v == [1, 3])

        which.v = 2
        s1.v = 4
        #expect(computations.v == 3)
        #expect(seen.v == [1, 3, 2])
        #expect(s1.trackingRegistrar.activeDependencyCount == 0)
        #expect(s2.trackingRegistrar.activeDependencyCount == 1)

        which.v = 0
        s1.v = 5                            // no longer read: nothing runs
        #expect(c.value == 2)
        #expect(computations.v == 3)
        #expect(runs.v == 3)

        s2.v = 0
        #expect(computations.v == 4)
        #expect(seen.v == [1, 3, 2, 10])
        #expect(s1.trackingRegistrar.activeDependencyCount == 0)
        #expect(s2.trackingRegistrar.activeDependencyCount == 0)
        #expect(c.dependencies.isEmpty)
        token.cancel()
    }

    // MARK: tests/behaviors/custom-equality.test.ts

    @Test func customEquality_worksForState() {
        let answer = PolyBox(true)
        let state = PolyCustomState(1) { _, _ in answer.v }
        let computations = PolyBox(0)
        let c = Derived { () -> Int in
            computations.v += 1
            return state.v
        }
        #expect(c.value == 1)
        #expect(computations.v == 1)

        state.v = 2
        #expect(state.v == 1)
        #expect(c.value == 1)
        #expect(computations.v == 1)

        answer.v = false
        state.v = 2
        #expect(state.v == 2)
        #expect(c.value == 2)
        #expect(computations.v == 2)

        state.v = 2
        #expect(state.v == 2)
        #expect(c.value == 2)
        #expect(computations.v == 3)
    }

    @Test func customEquality_worksForComputed() {
        let answer = PolyBox(true)
        let value = PolyBox(1)
        let u = PolyState(1)
        let s = Derived(isEqual: { _, _ in answer.v }) { () -> Int in
            _ = u.v
            return value.v
        }
        let computations = PolyBox(0)
        let c = Derived { () -> Int in
            computations.v += 1
            return s.value
        }
        #expect(c.value == 1)
        #expect(computations.v == 1)

        u.v = 2
        value.v = 2
        #expect(s.value == 1)               // an equal result is not stored
        #expect(c.value == 1)
        #expect(computations.v == 1)

        answer.v = false
        u.v = 3
        #expect(s.value == 2)
        #expect(c.value == 2)
        #expect(computations.v == 2)

        u.v = 4
        #expect(s.value == 2)
        #expect(c.value == 2)
        #expect(computations.v == 3)
    }

    @Test func customEquality_doesNotLeakTrackingInformation() {
        let exact = PolyState(1.0)
        let epsilon = PolyState(0.1)
        let counter = PolyState(1)
        let cutoffCalls = PolyBox(0)
        let innerCalls = PolyBox(0)
        let outerCalls = PolyBox(0)
        let inner = Derived(isEqual: { a, b in
            cutoffCalls.v += 1
            return abs(a - b) < epsilon.v
        }) { () -> Double in
            innerCalls.v += 1
            return exact.v
        }
        let outer = Derived { () -> Double in
            outerCalls.v += 1
            _ = counter.v
            return inner.value
        }

        _ = outer.value
        #expect(innerCalls.v == 1)
        #expect(outerCalls.v == 1)

        exact.v = 2
        counter.v = 2
        _ = outer.value
        #expect(innerCalls.v == 2)
        #expect(outerCalls.v == 2)
        #expect(cutoffCalls.v == 1)

        epsilon.v = 0.2
        _ = outer.value
        // Neither engine lets the comparison's read reach `outer`. The
        // polyfill makes it a dependency of `inner` (inner 3, cutoff 2);
        // Tracking keeps the comparison out of every tracking scope, so
        // nothing depends on epsilon and nothing recomputes
        // (DerivedTests.whatTheComparisonReadsIsNobodysDependency).
        #expect(innerCalls.v == 2)
        #expect(outerCalls.v == 2)
        #expect(cutoffCalls.v == 1)
        #expect(epsilon.trackingRegistrar.activeDependencyCount == 0)
    }

    // MARK: tests/behaviors/cycles.test.ts

    @Test func cycles_detectsTrivialCycles() {
        let holder = PolyBox<ThrowingDerived<Int>?>(nil)
        let c = ThrowingDerived<Int>("c") { try holder.v!.value }
        holder.v = c
        #expect(throws: DerivedCycleError(cycle: ["c", "c"])) { try c.value }
    }

    @Test func cycles_detectsSlightlyLargerCycles() {
        let holder = PolyBox<ThrowingDerived<Int>?>(nil)
        let c = ThrowingDerived<Int>("c") { try holder.v!.value }
        let c2 = ThrowingDerived<Int>("c2") { try c.value }
        holder.v = c2
        let c3 = ThrowingDerived<Int>("c3") { try c2.value }
        #expect(throws: DerivedCycleError(cycle: ["c2", "c", "c2"])) { try c3.value }
    }

    // MARK: tests/behaviors/dynamic-dependencies.test.ts

    @Test(arguments: [false, true])
    func dynamicDependencies_followTheListRead(observed: Bool) {
        let states = "abcdefgh".map { PolyState(String($0)) }
        let sources = PolyStatesState(states)
        let computed = Derived { sources.v.map(\.v).joined() }
        let token = observed ? observe { _ = computed.value } : nil
        func readers(_ range: Range<Int>) -> [Int] {
            range.map { states[$0].trackingRegistrar.activeDependencyCount }
        }

        #expect(computed.value == "abcdefgh")
        #expect(computed.dependencies == ["\\PolyStatesState.v"] + Array(repeating: "\\PolyState<String>.v", count: 8))
        #expect(readers(0..<8) == Array(repeating: 1, count: 8))

        sources.v = Array(states[0..<5])
        #expect(computed.value == "abcde")
        #expect(computed.dependencies.count == 6)
        #expect(readers(0..<5) == Array(repeating: 1, count: 5))
        #expect(readers(5..<8) == [0, 0, 0])

        sources.v = Array(states[3...])
        #expect(computed.value == "defgh")
        #expect(computed.dependencies.count == 6)
        #expect(readers(0..<3) == [0, 0, 0])
        #expect(readers(3..<8) == Array(repeating: 1, count: 5))
        token?.cancel()
    }

    // MARK: tests/behaviors/errors.test.ts

    @Test func errors_areCachedByComputedSignals() {
        let s = PolyState("first")
        let n = PolyBox(0)
        let n2 = PolyBox(0)
        let c = ThrowingDerived<Int> { () throws -> Int in
            n.v += 1
            throw PolyThrown(s.v)
        }
        let c2 = ThrowingDerived<Int> { () throws -> Int in
            n2.v += 1
            return try c.value
        }
        #expect(n.v == 0)
        #expect(throws: PolyThrown("first")) { try c.value }
        #expect(throws: PolyThrown("first")) { try c2.value }
        #expect(n.v == 1)
        #expect(n2.v == 1)
        #expect(throws: PolyThrown("first")) { try c.value }
        #expect(throws: PolyThrown("first")) { try c2.value }
        #expect(n.v == 1)
        #expect(n2.v == 1)
        s.v = "second"
        #expect(throws: PolyThrown("second")) { try c.value }
        #expect(throws: PolyThrown("second")) { try c2.value }
        #expect(n.v == 2)
        #expect(n2.v == 2)
        s.v = "second"                      // the same value: nothing recomputes
        _ = try? c2.value
        #expect(n.v == 2)
        #expect(n2.v == 2)
    }

    @Test func errors_areCachedByComputedSignalsWhenObserved() {
        let s = PolyState("first")
        let n = PolyBox(0)
        let c = ThrowingDerived<Int> { () throws -> Int in
            n.v += 1
            throw PolyThrown(s.v)
        }
        let seen = PolyBox<[String]>([])
        let token = observe {
            do { _ = try c.value } catch let error as PolyThrown { seen.v.append(error.message) } catch {}
        }
        // The polyfill's watcher computes nothing until read; an observer runs now.
        #expect(n.v == 1)
        #expect(throws: PolyThrown("first")) { try c.value }
        #expect(n.v == 1)
        s.v = "second"
        #expect(throws: PolyThrown("second")) { try c.value }
        #expect(n.v == 2)
        s.v = "second"
        #expect(n.v == 2)
        #expect(seen.v == ["first", "second"])
        token.cancel()
    }

    // MARK: tests/behaviors/graph.test.ts (Solid's graph tests)

    @Test func graph_dropsXToBToXUpdates() {
        let x = PolyState(2)
        let a = Derived { x.v - 1 }
        let b = Derived { x.v + a.value }
        let computations = PolyBox(0)
        let c = Derived { () -> String in
            computations.v += 1
            return "c: \(b.value)"
        }
        #expect(c.value == "c: 3")
        #expect(computations.v == 1)
        computations.v = 0
        x.v = 4
        _ = c.value
        #expect(computations.v == 1)
    }

    @Test func graph_aDiamondUpdatesEveryValueOnce() {
        let x = PolyState("a")
        let a = Derived { x.v }
        let b = Derived { x.v }
        let computations = PolyBox(0)
        let c = Derived { () -> String in
            computations.v += 1
            return a.value + " " + b.value
        }
        #expect(c.value == "a a")
        #expect(computations.v == 1)
        x.v = "aa"
        #expect(c.value == "aa aa")
        #expect(computations.v == 2)
    }

    @Test func graph_aDiamondWithATailUpdatesEveryValueOnce() {
        let x = PolyState("a")
        let a = Derived { x.v }
        let b = Derived { x.v }
        let c = Derived { a.value + " " + b.value }
        let computations = PolyBox(0)
        let d = Derived { () -> String in
            computations.v += 1
            return c.value
        }
        #expect(d.value == "a a")
        #expect(computations.v == 1)
        x.v = "aa"
        #expect(d.value == "aa aa")
        #expect(computations.v == 2)
    }

    @Test func graph_bailsOutIfTheResultIsTheSame() {
        let x = PolyState("a")
        let a = Derived { () -> String in
            _ = x.v
            return "foo"
        }
        let computations = PolyBox(0)
        let b = Derived { () -> String in
            computations.v += 1
            return a.value
        }
        #expect(b.value == "foo")
        #expect(computations.v == 1)
        x.v = "aa"
        #expect(b.value == "foo")
        #expect(computations.v == 1)
    }

    @Test func graph_aJaggedDiamondWithTailsUpdatesEveryValueOnce() {
        let x = PolyState("a")
        let a = Derived { x.v }
        let b = Derived { x.v }
        let c = Derived { b.value }
        let dCalls = PolyBox(0), eCalls = PolyBox(0), fCalls = PolyBox(0)
        let d = Derived { () -> String in
            dCalls.v += 1
            return a.value + " " + c.value
        }
        let e = Derived { () -> String in
            eCalls.v += 1
            return d.value
        }
        let f = Derived { () -> String in
            fCalls.v += 1
            return d.value
        }
        #expect(e.value == "a a")
        #expect(eCalls.v == 1)
        #expect(f.value == "a a")
        #expect(fCalls.v == 1)

        x.v = "b"
        #expect(d.value == "b b")
        #expect(dCalls.v == 2)
        #expect(e.value == "b b")
        #expect(eCalls.v == 2)
        #expect(f.value == "b b")
        #expect(fCalls.v == 2)

        x.v = "c"
        #expect(d.value == "c c")
        #expect(dCalls.v == 3)
        #expect(e.value == "c c")
        #expect(eCalls.v == 3)
        #expect(f.value == "c c")
        #expect(fCalls.v == 3)
    }

    @Test func graph_subscribersUpdateEvenIfOneDependencyIsStatic() {
        let x = PolyState("a")
        let a = Derived { x.v }
        let b = Derived { () -> String in
            _ = x.v
            return "c"
        }
        let computations = PolyBox(0)
        let c = Derived { () -> String in
            computations.v += 1
            return a.value + " " + b.value
        }
        #expect(c.value == "a c")
        x.v = "aa"
        #expect(c.value == "aa c")
        #expect(computations.v == 2)
    }

    @Test func graph_subscribersUpdateEvenIfTwoDependenciesMarkThemClean() {
        let x = PolyState("a")
        let b = Derived { x.v }
        let c = Derived { () -> String in
            _ = x.v
            return "c"
        }
        let d = Derived { () -> String in
            _ = x.v
            return "d"
        }
        let computations = PolyBox(0)
        let e = Derived { () -> String in
            computations.v += 1
            return b.value + " " + c.value + " " + d.value
        }
        #expect(e.value == "a c d")
        x.v = "aa"
        #expect(e.value == "aa c d")
        #expect(computations.v == 2)
    }

    @Test func graph_propagatesInTopologicalOrder() {
        let sequence = PolyBox("")
        let a1 = PolyState(false)
        let b1 = Derived<Void>(isEqual: { _, _ in false }) {
            _ = a1.v
            sequence.v += "b1"
        }
        let b2 = Derived<Void>(isEqual: { _, _ in false }) {
            _ = a1.v
            sequence.v += "b2"
        }
        let c1 = Derived<Void>(isEqual: { _, _ in false }) {
            b1.value
            b2.value
            sequence.v += "c1"
        }
        c1.value
        sequence.v = ""
        a1.v = true
        c1.value
        #expect(sequence.v == "b1b2c1")
    }

    @Test func graph_onlyPropagatesOnceWithLinearConvergences() {
        let d = PolyState(0)
        let fs = (0..<5).map { _ in Derived { d.v } }
        let computations = PolyBox(0)
        let g = Derived { () -> Int in
            computations.v += 1
            return fs.reduce(0) { $0 + $1.value }
        }
        _ = g.value
        computations.v = 0
        d.v = 1
        #expect(g.value == 5)
        #expect(computations.v == 1)
    }

    @Test func graph_onlyPropagatesOnceWithExponentialConvergence() {
        let d = PolyState(0)
        let fs = (0..<3).map { _ in Derived { d.v } }
        let gs = (0..<3).map { _ in Derived { fs.reduce(0) { $0 + $1.value } } }
        let computations = PolyBox(0)
        let h = Derived { () -> Int in
            computations.v += 1
            return gs.reduce(0) { $0 + $1.value }
        }
        _ = h.value
        computations.v = 0
        d.v = 1
        #expect(h.value == 9)
        #expect(computations.v == 1)
    }

    @Test func graph_doesNotTriggerDownstreamComputationsUnlessChanged() {
        let s1 = PolyAlwaysState(1)
        let order = PolyBox("")
        let t1 = Derived { () -> Int in
            order.v += "t1"
            return s1.v
        }
        let t2 = Derived<Void> {
            order.v += "c1"
            _ = t1.value
        }
        t2.value
        #expect(order.v == "c1t1")
        order.v = ""
        s1.v = 1
        t2.value
        #expect(order.v == "t1")
        order.v = ""
        s1.v = 2
        t2.value
        #expect(order.v == "t1c1")
    }

    @Test func graph_appliesUpdatesToChangedDependeesInTheOrderOfCreation() {
        let s1 = PolyState(0)
        let order = PolyBox("")
        let t1 = Derived { () -> Bool in
            order.v += "t1"
            return s1.v == 0
        }
        let t2 = Derived { () -> Int in
            order.v += "c1"
            return s1.v
        }
        let t3 = Derived { () -> Bool in
            order.v += "c2"
            return t1.value
        }
        _ = t2.value
        _ = t3.value
        #expect(order.v == "c1c2t1")
        order.v = ""
        s1.v = 1
        _ = t2.value
        _ = t3.value
        #expect(order.v == "c1t1c2")
    }

    @Test func graph_updatesDownstreamPendingComputations() {
        let s1 = PolyState(0)
        let s2 = PolyState(0)
        let order = PolyBox("")
        let t1 = Derived { () -> Bool in
            order.v += "t1"
            return s1.v == 0
        }
        let t2 = Derived { () -> Int in
            order.v += "c1"
            return s1.v
        }
        let t3 = Derived { () -> Derived<Int> in
            order.v += "c2"
            _ = t1.value
            return Derived { () -> Int in
                order.v += "c2_1"
                return s2.v
            }
        }
        order.v = ""
        s1.v = 1
        _ = t2.value
        _ = t3.value.value
        #expect(order.v == "c1c2t1c2_1")
    }

    /// The `with changing dependencies` group: `f` reads `t` while `i` is
    /// true, `e` otherwise.
    private func changingDependencies() -> (i: PolyState<Bool>, t: PolyState<Int>, e: PolyState<Int>, f: Derived<Int>, evaluations: PolyBox<Int>) {
        let i = PolyState(true)
        let t = PolyState(1)
        let e = PolyState(2)
        let evaluations = PolyBox(0)
        let f = Derived { () -> Int in
            evaluations.v += 1
            return i.v ? t.v : e.v
        }
        _ = f.value
        evaluations.v = 0
        return (i, t, e, f, evaluations)
    }

    @Test func graph_updatesOnActiveDependencies() {
        let (_, t, _, f, evaluations) = changingDependencies()
        t.v = 5
        #expect(f.value == 5)
        #expect(evaluations.v == 1)
    }

    @Test func graph_doesNotUpdateOnInactiveDependencies() {
        let (_, _, e, f, evaluations) = changingDependencies()
        e.v = 5
        #expect(f.value == 1)
        #expect(evaluations.v == 0)
    }

    @Test func graph_deactivatesObsoleteDependencies() {
        let (i, t, _, f, evaluations) = changingDependencies()
        i.v = false
        _ = f.value
        evaluations.v = 0
        t.v = 5
        _ = f.value
        #expect(evaluations.v == 0)
    }

    @Test func graph_activatesNewDependencies() {
        let (i, _, e, f, evaluations) = changingDependencies()
        i.v = false
        evaluations.v = 0
        e.v = 5
        _ = f.value
        #expect(evaluations.v == 1)
    }

    @Test func graph_newDependenciesAreUpdatedBeforeTheDependee() {
        let order = PolyBox("")
        let a = PolyState(0)
        let b = Derived { () -> Int in
            order.v += "b"
            return a.v + 1
        }
        let d = Derived { a.v }
        let e = Derived { () -> Int in
            order.v += "d"
            return d.value + 10
        }
        let c = Derived { () -> Int in
            order.v += "c"
            let check = b.value
            if check != 0 { return check }
            return e.value
        }
        _ = c.value
        _ = e.value
        #expect(order.v == "cbd")

        order.v = ""
        a.v = -1
        _ = c.value
        _ = e.value
        #expect(order.v == "bcd")
        #expect(c.value == 9)

        order.v = ""
        a.v = 0
        _ = c.value
        _ = e.value
        #expect(order.v == "bcd")
        #expect(c.value == 1)
    }

    @Test func graph_doesNotUpdateSubsequentPendingComputationsAfterStaleInvocations() {
        let s1 = PolyState(1)
        let s2 = PolyState(false)
        let count = PolyBox(0)
        let t1 = Derived { s1.v > 0 }
        let t2 = Derived { s1.v > 0 }
        let c1 = Derived { s1.v }
        let t3 = Derived { () -> Bool in
            let a = s1.v
            let b = s2.v
            return a != 0 && b            // JavaScript's `a && b` for a truthy a
        }
        let c3 = Derived<Void> {
            _ = t1.value
            _ = t2.value
            _ = c1.value
            _ = t3.value
            count.v += 1
        }
        c3.value
        s2.v = true
        c3.value
        #expect(count.v == 2)
        s1.v = 2
        c3.value
        #expect(count.v == 3)
    }

    @Test func graph_evaluatesStaleComputationsBeforeDependeesWhenTrackersStayUnchanged() {
        let s1 = PolyAlwaysState(1)
        let order = PolyBox("")
        let t1 = Derived { () -> Bool in
            order.v += "t1"
            return s1.v > 2
        }
        let t2 = Derived { () -> Bool in
            order.v += "t2"
            return s1.v > 2
        }
        let c1 = Derived<Void>(isEqual: { _, _ in false }) {
            order.v += "c1"
            _ = s1.v
        }
        let c2 = Derived<Void> {
            order.v += "c2"
            _ = t1.value
            _ = t2.value
            c1.value
        }
        c2.value
        order.v = ""
        s1.v = 1
        c2.value
        #expect(order.v == "t1t2c1c2")
        order.v = ""
        s1.v = 3
        c2.value
        #expect(order.v == "t1c2t2c1")
    }

    @Test func graph_correctlyMarksDownstreamComputationsAsStaleOnChange() {
        let s1 = PolyState(1)
        let order = PolyBox("")
        let t1 = Derived { () -> Int in
            order.v += "t1"
            return s1.v
        }
        let c1 = Derived { () -> Int in
            order.v += "c1"
            return t1.value
        }
        let c2 = Derived { () -> Int in
            order.v += "c2"
            return c1.value
        }
        let c3 = Derived { () -> Int in
            order.v += "c3"
            return c2.value
        }
        _ = c3.value
        order.v = ""
        s1.v = 2
        _ = c3.value
        #expect(order.v == "t1c1c2c3")
    }

    @Test func graph_doesNotUpdateASubscriberIfAllDependenciesUnmarkIt() {
        let a = PolyState("a")
        let b = Derived { () -> String in
            _ = a.v
            return "b"
        }
        let c = Derived { () -> String in
            _ = a.v
            return "c"
        }
        let computations = PolyBox(0)
        let d = Derived { () -> String in
            computations.v += 1
            return b.value + " " + c.value
        }
        #expect(d.value == "b c")
        computations.v = 0
        a.v = "aa"
        // The original stops here; reading d checks the cut-off too.
        #expect(d.value == "b c")
        #expect(computations.v == 0)
    }

    // MARK: tests/behaviors/pruning.test.ts

    @Test func pruning_onlyRecalculatesUntilThingsAreEqual() {
        let s = PolyState(0)
        let n = PolyBox(0), n2 = PolyBox(0), n3 = PolyBox(0)
        let c = Derived { () -> Int in
            n.v += 1
            return s.v
        }
        let c2 = Derived { () -> Int in
            n2.v += 1
            _ = c.value
            return 5
        }
        let c3 = Derived { () -> Int in
            n3.v += 1
            return c2.value
        }
        #expect([n.v, n2.v, n3.v] == [0, 0, 0])
        #expect(c3.value == 5)
        #expect([n.v, n2.v, n3.v] == [1, 1, 1])
        s.v = 1
        #expect([n.v, n2.v, n3.v] == [1, 1, 1])
        #expect(c3.value == 5)
        #expect([n.v, n2.v, n3.v] == [2, 2, 1])
    }

    @Test func pruning_doesSimilarPruningForObservedValues() {
        let s = PolyState(0)
        let n = PolyBox(0), n2 = PolyBox(0), n3 = PolyBox(0)
        let c = Derived { () -> Int in
            n.v += 1
            return s.v
        }
        let c2 = Derived { () -> Int in
            n2.v += 1
            _ = c.value
            return 5
        }
        let c3 = Derived { () -> Int in
            n3.v += 1
            return c2.value
        }
        let runs = PolyBox(0)
        let token = observe {
            runs.v += 1
            _ = c3.value
        }
        // The polyfill's watcher computes nothing until read; an observer runs now.
        #expect([n.v, n2.v, n3.v] == [1, 1, 1])
        #expect(c3.value == 5)
        s.v = 1
        // The polyfill leaves c3 pending for the watcher until it is read;
        // the observer decides at the end of the write, pulling c and c2
        // then, and does not run: c2's result is unchanged.
        #expect([n.v, n2.v, n3.v] == [2, 2, 1])
        #expect(runs.v == 1)
        #expect(c3.value == 5)
        #expect([n.v, n2.v, n3.v] == [2, 2, 1])
        token.cancel()
    }

    /// The same under a watcher's counterpart: the scope is not told, since
    /// c2's result did not change (the polyfill's watcher lists c3 as
    /// pending until it is read).
    @Test func pruning_aScopeOverAnUnchangedResultIsNotTold() {
        let s = PolyState(0)
        let n = PolyBox(0), n2 = PolyBox(0), n3 = PolyBox(0)
        let c = Derived { () -> Int in
            n.v += 1
            return s.v
        }
        let c2 = Derived { () -> Int in
            n2.v += 1
            _ = c.value
            return 5
        }
        let c3 = Derived { () -> Int in
            n3.v += 1
            return c2.value
        }
        let notified = PolyBox(0)
        let watcher = TrackingScope { notified.v += 1 }
        #expect(watcher.track { c3.value } == 5)
        #expect([n.v, n2.v, n3.v] == [1, 1, 1])
        s.v = 1
        #expect([n.v, n2.v, n3.v] == [2, 2, 1])
        #expect(notified.v == 0)
        #expect(c3.value == 5)
        #expect([n.v, n2.v, n3.v] == [2, 2, 1])
        watcher.cancel()
    }

    // MARK: tests/behaviors/prohibited-contexts.test.ts

    @Test func prohibitedContexts_allowsWritesDuringAComputation() {
        let s = PolyState(1)
        let c = Derived { () -> Int in
            s.v = s.v + 1
            return s.v
        }
        #expect(c.value == 2)
        #expect(s.v == 2)
        // As the polyfill on alien-signals: the write marked c again, so the
        // next read computes again (the Angular-based polyfill kept 2).
        #expect(c.value == 3)
        #expect(s.v == 3)
        s.v = 3
        #expect(c.value == 4)
        #expect(s.v == 4)
    }

    @Test func prohibitedContexts_aOneShotCallbackMayReadAndWrite() {
        // The polyfill throws when a watcher's notify reads or writes a
        // signal. Tracking runs withTracking's onChange outside its locks,
        // where it may read and write (ThreadsAndTransactions).
        let s = PolyState(1)
        let readInCallback = PolyBox<[Int]>([])
        withTracking { _ = s.v } onChange: { readInCallback.v.append(s.v) }
        s.v = 2
        #expect(readInCallback.v == [1])   // .willSet: before the store
        s.v = 3

        withTracking(options: .didSet) { _ = s.v } onChange: { s.v = 4 }
        s.v = 5
        #expect(s.v == 4)                   // .didSet: after the store of 5
        s.v = 3
        #expect(s.v == 3)
    }

    // MARK: tests/behaviors/gc.test.ts

    @Test func gc_anUnreferencedComputedIsFreed() {
        let s1 = PolyState(10)
        weak var weakComputed: Derived<Int>?
        do {
            let c1 = Derived { s1.v }
            _ = c1.value
            weakComputed = c1
            #expect(s1.trackingRegistrar.activeDependencyCount == 1)
        }
        #expect(weakComputed == nil)
        #expect(s1.trackingRegistrar.activeDependencyCount == 0)
    }

    // MARK: tests/Signal/ported/preact.test.ts

    @Test func preact_doesNotLeakErrorsRaisedByDependencies() {
        let a = PolyState(0)
        let b = ThrowingDerived<Int> { () throws -> Int in
            _ = a.v
            throw PolyThrown("error")
        }
        let c = Derived { () -> String in
            do {
                _ = try b.value
                return "no error"
            } catch {
                return "ok"
            }
        }
        #expect(c.value == "ok")
        a.v = 1
        #expect(c.value == "ok")
    }

    @Test func preact_returnsTheUpdatedValue() {
        let a = PolyState("a")
        let b = PolyState("b")
        let c = Derived { a.v + b.v }
        #expect(c.value == "ab")
        a.v = "aa"
        #expect(c.value == "aab")
    }

    @Test func preact_isComputedLazilyOnDemand() {
        let a = PolyState("a")
        let b = PolyState("b")
        let computations = PolyBox(0)
        let c = Derived { () -> String in
            computations.v += 1
            return a.v + b.v
        }
        #expect(computations.v == 0)
        _ = c.value
        #expect(computations.v == 1)
        a.v = "x"
        b.v = "y"
        #expect(computations.v == 1)
        _ = c.value
        #expect(computations.v == 2)
    }

    @Test func preact_isComputedOnlyWhenADependencyHasChanged() {
        let a = PolyState("a")
        let computations = PolyBox(0)
        let c = Derived { () -> String in
            computations.v += 1
            return a.v
        }
        _ = c.value
        #expect(computations.v == 1)
        a.v = "a"
        _ = c.value
        #expect(computations.v == 1)
    }

    @Test func preact_supportsLazyBranches() {
        let a = PolyState(0)
        let b = Derived { a.v }
        let c = Derived { a.v > 0 ? a.v : b.value }
        #expect(c.value == 0)
        a.v = 1
        #expect(c.value == 1)
        a.v = 0
        #expect(c.value == 0)
    }

    // MARK: tests/Signal/ported/vue.test.ts

    @Test func vue_returnsTheUpdatedValue() {
        let s = PolyState(PolyRecord())
        let c = Derived { s.v.foo }
        #expect(c.value == nil)
        s.v = PolyRecord(foo: 1)
        #expect(c.value == 1)
    }

    @Test func vue_computesLazily() {
        let s = PolyState(PolyRecord())
        let computations = PolyBox(0)
        let c = Derived { () -> Int? in
            computations.v += 1
            return s.v.foo
        }
        #expect(computations.v == 0)
        #expect(c.value == nil)
        #expect(computations.v == 1)
        _ = c.value
        #expect(computations.v == 1)
        s.v = PolyRecord(foo: 1)
        #expect(computations.v == 1)
        #expect(c.value == 1)
        #expect(computations.v == 2)
        _ = c.value
        #expect(computations.v == 2)
    }

    @Test func vue_worksWhenChainedStateAndComputed() {
        let v = PolyState(0)
        let c1 = Derived { () -> String in
            if v.v == 0 { v.v = 1 }
            return "foo"
        }
        let c2 = Derived { "\(v.v)\(c1.value)" }
        #expect(c2.value == "0foo")
        // The polyfill keeps "0foo", marked clean although v changed after
        // c2 read it; Vue computes again, "1foo". So does Tracking: the
        // write is a change like any other, and c2 read the old value.
        #expect(c2.value == "1foo")
    }

    @Test func vue_isRecomputedWithoutBeingAffectedBySideEffects() {
        let v = PolyState(0)
        let c1 = Derived { () -> Int in
            v.v = 1
            return 0
        }
        let c2 = Derived { "\(v.v),\(c1.value)" }
        #expect(c2.value == "0,0")
        v.v = 1
        // The polyfill: "0,0"; Vue and Tracking: "1,0" (as above).
        #expect(c2.value == "1,0")
    }
}
