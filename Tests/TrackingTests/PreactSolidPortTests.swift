import Testing
import Tracking

// Ports of Preact signals' core tests (packages/core/test/signal.test.tsx:
// signal, effect(), computed(), batch/transaction, untracked) and of Solid's
// reactive core tests (packages/solid/test/signals.spec.ts) onto Tracking.
// signal → PreactSignal (a Trackable with one @Tracked var), computed → Derived /
// ThrowingDerived, effect → observe (token kept), effect cleanup → onCleanup,
// batch → withTransaction, peek/untracked → untracked { }.

final class PreactSignal<Value: Equatable & Sendable>: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value: Value
    init(_ value: Value) { self.value = value }
}

/// A box for values (tokens, derived values) created after the closures
/// that refer to them.
final class PreactBox<T>: @unchecked Sendable {
    var value: T?
    init(_ value: T? = nil) { self.value = value }
}

@Suite struct PreactSolidPortTests {
    // MARK: - Preact: signal

    @Test func preactSignalNotifiesOtherListenersAfterOneIsDisposed() {
        let s = PreactSignal(0)
        let spy1 = Locked(0), spy2 = Locked(0), spy3 = Locked(0)
        let t1 = observe { _ = s.value; spy1.increment() }
        let t2 = observe { _ = s.value; spy2.increment() }
        let t3 = observe { _ = s.value; spy3.increment() }
        #expect([spy1.current, spy2.current, spy3.current] == [1, 1, 1])
        t2.cancel()
        s.value = 1
        #expect([spy1.current, spy2.current, spy3.current] == [2, 1, 2])
        withExtendedLifetime((t1, t3)) {}
    }

    @Test func preactPeekDoesNotMakeSurroundingEffectDepend() {
        let s = PreactSignal(1)
        let spy = Locked(0)
        let t = observe { _ = untracked { s.value }; spy.increment() }
        #expect(spy.current == 1)
        s.value = 2
        #expect(spy.current == 1)
        withExtendedLifetime(t) {}
    }

    @Test func preactPeekDoesNotMakeSurroundingComputedDepend() {
        let s = PreactSignal(1)
        let spy = Locked(0)
        let d = Derived { () -> Int in spy.increment(); return untracked { s.value } }
        _ = d.value
        #expect(spy.current == 1)
        s.value = 2
        _ = d.value
        #expect(spy.current == 1)
    }

    /// subscribe() is effect + untracked callback; a nested observe models it.
    @Test func preactSubscribeCallbackReadsDoNotLeakIntoSurroundingEffect() {
        let a = PreactSignal(0), b = PreactSignal(0)
        let spy = Locked(0)
        let kids = Locked<[TrackingToken]>([])
        let t = observe {
            kids.append(observe { _ = a.value; untracked { _ = b.value } })
            spy.increment()
        }
        #expect(spy.current == 1)
        b.value += 1
        #expect(spy.current == 1)
        withExtendedLifetime(t) {}
    }

    /// Preact: "should not start triggering on when a signal accessed in the callback changes".
    @Test func preactSubscribeDoesNotTriggerOnSignalsReadInTheCallback() {
        let a = PreactSignal(0), b = PreactSignal(0)
        let spy = Locked(0)
        let t = observe { _ = a.value; untracked { _ = b.value; spy.increment() } }
        #expect(spy.current == 1)
        b.value += 1
        #expect(spy.current == 1)
        withExtendedLifetime(t) {}
    }

    // MARK: - Preact: effect()

    @Test func preactEffectSubscribesToMultipleSignals() {
        let a = PreactSignal("a"), b = PreactSignal("b")
        let seen = Locked<[String]>([])
        let t = observe { seen.append(a.value + " " + b.value) }
        a.value = "aa"
        b.value = "bb"
        #expect(seen.current == ["a b", "aa b", "aa bb"])
        withExtendedLifetime(t) {}
    }

    @Test func preactEffectDisposeOfSubscriptions() {
        let a = PreactSignal("a"), b = PreactSignal("b")
        let spy = Locked(0)
        let t = observe { _ = a.value + " " + b.value; spy.increment() }
        t.cancel()
        #expect(spy.current == 1)
        a.value = "aa"
        b.value = "bb"
        #expect(spy.current == 1)
    }

    /// `this.dispose()` inside the effect once a is "aa".
    @Test func preactEffectDisposesItselfWhenAConditionHolds() {
        let a = PreactSignal("a"), b = PreactSignal("b")
        let spy = Locked(0)
        let t = observe(options: [.didSet, .deinit]) { event in
            spy.increment()
            _ = b.value
            if a.value == "aa" { event.cancel() }
        }
        #expect(spy.current == 1)
        a.value = "aa"
        #expect(spy.current == 2)
        a.value = "aaa"
        #expect(spy.current == 2)
        #expect(t.isCancelled)
    }

    /// `this.dispose()` in the very first run.
    @Test func preactEffectDisposesItselfImmediately() {
        let a = PreactSignal("a"), b = PreactSignal("b")
        let spy = Locked(0)
        let t = observe(options: [.didSet, .deinit]) { event in
            _ = a.value + " " + b.value
            spy.increment()
            event.cancel()
        }
        #expect(spy.current == 1)
        a.value = "aa"
        #expect(spy.current == 1)
        a.value = "aaa"
        #expect(spy.current == 1)
        #expect(t.isCancelled)
        #expect(t.dependencies.isEmpty)
    }

    /// Preact: "should dispose of subscriptions immediately and signals are read after disposing".
    @Test func preactEffectDisposedFirstThenReadsSignals() {
        let a = PreactSignal("a"), b = PreactSignal("b")
        let spy = Locked(0)
        let t = observe(options: [.didSet, .deinit]) { event in
            event.cancel()
            _ = a.value + " " + b.value
            spy.increment()
        }
        #expect(spy.current == 1)
        a.value = "aa"
        #expect(spy.current == 1)
        a.value = "aaa"
        #expect(spy.current == 1)
        #expect(t.dependencies.isEmpty)
    }

    /// Preact: "should dispose of subscriptions immediately when called twice (deferred)".
    @Test func preactEffectDisposedInFirstRunThenDisposedAgain() {
        let a = PreactSignal("a"), b = PreactSignal("b")
        let spy = Locked(0)
        let t = observe(options: [.didSet, .deinit]) { event in
            _ = a.value + " " + b.value
            spy.increment()
            event.cancel()
        }
        a.value = "aa"
        #expect(spy.current == 1)
        t.cancel()
        a.value = "aaa"
        #expect(spy.current == 1)
    }

    @Test func preactEffectConditionallyUnsubscribes() {
        let a = PreactSignal("a"), b = PreactSignal("b"), cond = PreactSignal(true)
        let spy = Locked(0)
        let t = observe { _ = cond.value ? a.value : b.value; spy.increment() }
        #expect(spy.current == 1)
        b.value = "bb"
        #expect(spy.current == 1)
        cond.value = false
        #expect(spy.current == 2)
        a.value = "aaa"
        #expect(spy.current == 2)
        withExtendedLifetime(t) {}
    }

    /// Writes made by an effect's (first) run are batched.
    @Test func preactEffectBatchesWrites() {
        let a = PreactSignal("a")
        let seen = Locked<[String]>([])
        let t1 = observe { seen.append(a.value) }
        let t2 = observe {
            a.value = "aa"
            a.value = "aaa"
        }
        #expect(seen.current == ["a", "aaa"])
        withExtendedLifetime((t1, t2)) {}
    }

    @Test func preactEffectCallsCleanupBeforeTheNextRun() {
        let a = PreactSignal(0)
        let spy = Locked(0)
        let t = observe { _ = a.value; onCleanup { spy.increment() } }
        #expect(spy.current == 0)
        a.value = 1
        #expect(spy.current == 1)
        a.value = 2
        #expect(spy.current == 2)
        withExtendedLifetime(t) {}
    }

    @Test func preactEffectCallsOnlyTheCleanupFromThePreviousRun() {
        let a = PreactSignal(1)
        let spies = Locked<[Int: Int]>([:])
        let t = observe {
            let id = a.value
            onCleanup { spies.mutate { $0[id, default: 0] += 1 } }
        }
        #expect(spies.current.isEmpty)
        a.value = 2
        #expect(spies.current == [1: 1])
        a.value = 3
        #expect(spies.current == [1: 1, 2: 1])
        withExtendedLifetime(t) {}
    }

    @Test func preactEffectCallsCleanupWhenDisposed() {
        let spy = Locked(0)
        let t = observe { onCleanup { spy.increment() } }
        #expect(spy.current == 0)
        t.cancel()
        #expect(spy.current == 1)
    }

    @Test func preactEffectNotRerunWhenNoDirectDependencyChanged() {
        let s = PreactSignal(0)
        let c = Derived { () -> Int in _ = s.value; return 0 }
        let spy = Locked(0)
        let t = observe { _ = c.value; spy.increment() }
        #expect(spy.current == 1)
        s.value = 1
        #expect(spy.current == 1)
        withExtendedLifetime(t) {}
    }

    @Test func preactEffectDoesNotRecomputeDependenciesUnnecessarily() {
        let a = PreactSignal(0), b = PreactSignal(0)
        let spy = Locked(0)
        let c = Derived { () -> Int in _ = b.value; spy.increment(); return 0 }
        let t = observe { if a.value == 0 { _ = c.value } }
        #expect(spy.current == 1)
        withTransaction {
            b.value = 1
            a.value = 1
        }
        #expect(spy.current == 1)
        withExtendedLifetime(t) {}
    }

    @Test func preactEffectDoesNotRecomputeDependenciesOutOfOrder() {
        let a = PreactSignal(1), b = PreactSignal(1), c = PreactSignal(1)
        let spy = Locked(0)
        let d = Derived { () -> Int in spy.increment(); return c.value }
        let t = observe {
            if a.value > 0 { _ = b.value; _ = d.value } else { _ = b.value }
        }
        spy.mutate { $0 = 0 }
        withTransaction { a.value = 2; b.value = 2; c.value = 2 }
        #expect(spy.current == 1)
        spy.mutate { $0 = 0 }
        withTransaction { a.value = -1; b.value = -1; c.value = -1 }
        #expect(spy.current == 0)
        withExtendedLifetime(t) {}
    }

    @Test func preactEffectRerunsIfADependencyChangesDuringItsRun() {
        let a = PreactSignal(0)
        let spy = Locked(0)
        let t = observe {
            spy.increment()
            if a.value == 0 { a.value += 1 }
        }
        #expect(spy.current == 2)
        withExtendedLifetime(t) {}
    }

    @Test func preactEffectRunsTheCleanupInAnImplicitBatch() {
        let a = PreactSignal(0), b = PreactSignal("a"), c = PreactSignal("b")
        let seen = Locked<[String]>([])
        let t1 = observe { _ = b.value; _ = c.value; seen.append(b.value + c.value) }
        let t2 = observe {
            _ = a.value
            onCleanup { b.value = "x"; c.value = "y" }
        }
        #expect(seen.current == ["ab"])
        a.value = 1
        #expect(seen.current == ["ab", "xy"])
        withExtendedLifetime((t1, t2)) {}
    }

    @Test func preactEffectIsNotRetriggeredByItsCleanupModifyingADependency() {
        let a = PreactSignal(0)
        let seen = Locked<[Int]>([])
        let t = observe {
            seen.append(a.value)
            onCleanup { a.value = 2 }
        }
        a.value = 1
        #expect(seen.current == [0, 2])
        withExtendedLifetime(t) {}
    }

    @Test func preactEffectRunsTheCleanupIfItDisposesItself() {
        let a = PreactSignal(0)
        let spy = Locked(0)
        let holder = PreactBox<TrackingToken>()
        holder.value = observe {
            if a.value > 0 {
                holder.value?.cancel()
                onCleanup { spy.increment() }
            }
        }
        #expect(spy.current == 0)
        a.value = 1
        #expect(spy.current == 1)
        a.value = 2
        #expect(spy.current == 1)
    }

    @Test func preactEffectDoesNotRunIfItsCleanupDisposesIt() {
        let a = PreactSignal(0)
        let spy = Locked(0)
        let holder = PreactBox<TrackingToken>()
        holder.value = observe {
            _ = a.value
            spy.increment()
            onCleanup { holder.value?.cancel() }
        }
        #expect(spy.current == 1)
        a.value = 1
        #expect(spy.current == 1)
        #expect(holder.value?.isCancelled == true)
    }

    @Test func preactEffectRunsCleanupsOutsideAnyEvaluationContext() {
        let a = PreactSignal(0), b = PreactSignal(0)
        let spy = Locked(0)
        let kept = Locked<[TrackingToken]>([])
        let c = Derived { () -> Int in
            if a.value == 0 {
                kept.append(observe { onCleanup { _ = b.value } })
            }
            return a.value
        }
        let t = observe { spy.increment(); _ = c.value }
        #expect(spy.current == 1)
        a.value = 1
        #expect(spy.current == 2)
        // Dispose the inner effect: its cleanup reads b, outside any scope.
        kept.mutate { $0.forEach { $0.cancel() } }
        b.value = 1
        #expect(spy.current == 2)
        withExtendedLifetime(t) {}
    }

    /// Preact throws "Cycle detected"; Tracking stops the loop with a diagnostic.
    @Test func preactEffectCycleIsStopped() {
        let a = PreactSignal(0.0)
        let runs = Locked(0)
        var token: TrackingToken?
        let diagnostics = collectingDiagnostics {
            token = observe {
                runs.increment()
                _ = a.value
                a.value = .nan
            }
        }
        #expect(diagnostics.map(\.kind) == [.observerLoop])
        #expect(runs.current == 101)
        withExtendedLifetime(token) {}
    }

    /// Preact: "should throw on indirect cycles" (a computed that writes what it reads).
    @Test func preactEffectIndirectCycleThroughAComputedIsStopped() {
        let a = PreactSignal(0.0)
        let runs = Locked(0)
        let c = Derived { () -> Double in
            _ = a.value
            a.value = .nan
            return .nan
        }
        var token: TrackingToken?
        let diagnostics = collectingDiagnostics {
            token = observe { runs.increment(); _ = c.value }
        }
        #expect(diagnostics.map(\.kind) == [.observerLoop])
        withExtendedLifetime(token) {}
    }

    @Test func preactEffectNotRunIfTriggeredDisposedAndTriggeredAgainInABatch() {
        let a = PreactSignal(0)
        let spy = Locked(0)
        let t = observe { _ = a.value; spy.increment() }
        withTransaction {
            a.value = 1
            t.cancel()
            a.value = 2
        }
        #expect(spy.current == 1)
    }

    // MARK: - Preact: computed()

    @Test func preactComputedReturnsUpdatedValue() {
        let a = PreactSignal("a"), b = PreactSignal("b")
        let c = Derived { a.value + b.value }
        #expect(c.value == "ab")
        a.value = "aa"
        #expect(c.value == "aab")
    }

    @Test func preactComputedIsLazy() {
        let a = PreactSignal("a"), b = PreactSignal("b")
        let spy = Locked(0)
        let c = Derived { () -> String in spy.increment(); return a.value + b.value }
        #expect(spy.current == 0)
        _ = c.value
        #expect(spy.current == 1)
        a.value = "x"
        b.value = "y"
        #expect(spy.current == 1)
        _ = c.value
        #expect(spy.current == 2)
    }

    @Test func preactComputedOnlyWhenADependencyChanged() {
        let a = PreactSignal("a")
        let spy = Locked(0)
        let c = Derived { () -> String in spy.increment(); return a.value }
        _ = c.value
        a.value = "a"
        _ = c.value
        #expect(spy.current == 1)
    }

    @Test func preactComputedDetectsSimpleCycles() {
        let box = PreactBox<ThrowingDerived<Int>>()
        let a = ThrowingDerived<Int>("a") { try box.value!.value }
        box.value = a
        #expect(throws: DerivedCycleError(cycle: ["a", "a"])) { try a.value }
    }

    @Test func preactComputedDetectsDeepCycles() {
        let box = PreactBox<ThrowingDerived<Int>>()
        let d = ThrowingDerived<Int>("d") { try box.value!.value }
        let c = ThrowingDerived<Int>("c") { try d.value }
        let b = ThrowingDerived<Int>("b") { try c.value }
        let a = ThrowingDerived<Int>("a") { try b.value }
        box.value = a
        #expect(throws: DerivedCycleError(cycle: ["a", "b", "c", "d", "a"])) { try a.value }
    }

    @Test func preactComputedPeekDetectsSimpleCycles() {
        let box = PreactBox<ThrowingDerived<Int>>()
        let a = ThrowingDerived<Int>("a") { try untracked { try box.value!.value } }
        box.value = a
        #expect(throws: DerivedCycleError.self) { try a.value }
    }

    @Test func preactComputedPeekDetectsDeepCycles() {
        let box = PreactBox<ThrowingDerived<Int>>()
        let d = ThrowingDerived<Int>("d") { try untracked { try box.value!.value } }
        let c = ThrowingDerived<Int>("c") { try d.value }
        let b = ThrowingDerived<Int>("b") { try c.value }
        let a = ThrowingDerived<Int>("a") { try b.value }
        box.value = a
        #expect(throws: DerivedCycleError.self) { try untracked { try a.value } }
    }

    @Test func preactComputedDoesNotBecomeADirectDependencyOfItself() {
        let box = PreactBox<ThrowingDerived<Int>>()
        let spy = Locked(0)
        let a = ThrowingDerived<Int>("a") {
            spy.increment()
            _ = try? box.value!.value
            return 1
        }
        box.value = a
        _ = try? a.value
        let runs = Locked(0)
        let diagnostics = collectingDiagnostics {
            let t = observe { _ = try? a.value; runs.increment() }
            #expect(runs.current == 1)
            t.cancel()
        }
        #expect(diagnostics.isEmpty)
        #expect(spy.current == 1)
    }

    @Test func preactComputedConditionallyUnsubscribes() {
        let a = PreactSignal("a"), b = PreactSignal("b"), cond = PreactSignal(true)
        let spy = Locked(0)
        let c = Derived { () -> String in spy.increment(); return cond.value ? a.value : b.value }
        #expect(c.value == "a")
        #expect(spy.current == 1)
        b.value = "bb"
        #expect(c.value == "a")
        #expect(spy.current == 1)
        cond.value = false
        #expect(c.value == "bb")
        #expect(spy.current == 2)
        a.value = "aaa"
        #expect(c.value == "bb")
        #expect(spy.current == 2)
    }

    @Test func preactComputedNilValueIsSeparateFromUninitialized() {
        let a = PreactSignal(0)
        let spy = Locked(0)
        let c = Derived { () -> Int? in spy.increment(); return nil }
        #expect(c.value == nil)
        a.value = 1
        #expect(c.value == nil)
        #expect(spy.current == 1)
    }

    @Test func preactComputedDoesNotLeakErrorsRaisedByDependencies() {
        struct Failure: Error {}
        let a = PreactSignal(0)
        let b = ThrowingDerived<Int> { _ = a.value; throw Failure() }
        let c = Derived { () -> String in
            do { _ = try b.value; return "no" } catch { return "ok" }
        }
        #expect(c.value == "ok")
        a.value = 1
        #expect(c.value == "ok")
    }

    @Test func preactComputedPropagatesNotificationsRightAfterFirstSubscription() {
        let a = PreactSignal(0)
        let b = Derived { a.value }
        let c = Derived { b.value }
        _ = c.value
        let spy = Locked(0)
        let t = observe { _ = c.value; spy.increment() }
        #expect(spy.current == 1)
        a.value = 1
        #expect(spy.current == 2)
        withExtendedLifetime(t) {}
    }

    @Test func preactComputedMarkedOutdatedRightAfterFirstSubscription() {
        let s = PreactSignal(0)
        let c = Derived { s.value }
        _ = c.value
        s.value = 1
        let t = observe { _ = c.value }
        #expect(c.value == 1)
        withExtendedLifetime(t) {}
    }

    @Test func preactComputedPropagatesToOtherListenersAfterOneIsDisposed() {
        let s = PreactSignal(0)
        let c = Derived { s.value }
        let spy1 = Locked(0), spy2 = Locked(0), spy3 = Locked(0)
        let t1 = observe { _ = c.value; spy1.increment() }
        let t2 = observe { _ = c.value; spy2.increment() }
        let t3 = observe { _ = c.value; spy3.increment() }
        t2.cancel()
        s.value = 1
        #expect([spy1.current, spy2.current, spy3.current] == [2, 1, 2])
        withExtendedLifetime((t1, t3)) {}
    }

    @Test func preactComputedDoesNotRecomputeDependenciesOutOfOrder() {
        let a = PreactSignal(1), b = PreactSignal(1), c = PreactSignal(1)
        let spy = Locked(0)
        let d = Derived { () -> Int in spy.increment(); return c.value }
        let e = Derived { () -> Int in
            if a.value > 0 { _ = b.value; _ = d.value } else { _ = b.value }
            return 0
        }
        _ = e.value
        spy.mutate { $0 = 0 }
        a.value = 2; b.value = 2; c.value = 2
        _ = e.value
        #expect(spy.current == 1)
        spy.mutate { $0 = 0 }
        a.value = -1; b.value = -1; c.value = -1
        _ = e.value
        #expect(spy.current == 0)
    }

    @Test func preactComputedDoesNotRecomputeDependenciesUnnecessarily() {
        let a = PreactSignal(0), b = PreactSignal(0)
        let spy = Locked(0)
        let c = Derived { () -> Int in _ = b.value; spy.increment(); return 0 }
        let d = Derived { () -> Int in if a.value == 0 { _ = c.value }; return 0 }
        _ = d.value
        #expect(spy.current == 1)
        withTransaction { b.value = 1; a.value = 1 }
        _ = d.value
        #expect(spy.current == 1)
    }

    @Test func preactComputedPeekRefreshesIfStale() {
        let a = PreactSignal(1)
        let b = Derived { a.value }
        #expect(untracked { b.value } == 1)
        a.value = 2
        #expect(untracked { b.value } == 2)
    }

    /// signal.test: ".peek() should refresh value if stale" after the effect is disposed.
    @Test func preactComputedPeekRefreshesAfterItsEffectIsDisposed() {
        let a = PreactSignal(1)
        let b = Derived { a.value }
        let t = observe { _ = b.value }
        t.cancel()
        a.value = 2
        #expect(untracked { b.value } == 2)
    }

    @Test func preactComputedPeekDoesNotMakeSurroundingEffectDependOnIt() {
        let s = PreactSignal(1)
        let c = Derived { s.value }
        let spy = Locked(0)
        let t = observe { _ = untracked { c.value }; spy.increment() }
        s.value = 2
        #expect(spy.current == 1)
        withExtendedLifetime(t) {}
    }

    @Test func preactComputedPeekDoesNotMakeSurroundingComputedDependOnIt() {
        let s = PreactSignal(1)
        let c = Derived { s.value }
        let spy = Locked(0)
        let d = Derived { () -> Int in spy.increment(); return untracked { c.value } }
        _ = d.value
        s.value = 2
        _ = d.value
        #expect(spy.current == 1)
    }

    @Test func preactComputedPeekedDependenciesDoNotLeakIntoEffect() {
        let a = PreactSignal(1)
        let b = Derived { a.value }
        let spy = Locked(0)
        let t = observe { spy.increment(); _ = untracked { b.value } }
        a.value = 1
        a.value = 5
        #expect(spy.current == 1)
        #expect(t.dependencies.isEmpty)
        withExtendedLifetime(t) {}
    }

    @Test func preactComputedPeekedDependenciesDoNotLeakIntoComputed() {
        let a = PreactSignal(1)
        let b = Derived { a.value }
        let spy = Locked(0)
        let d = Derived { () -> Int in spy.increment(); return untracked { b.value } }
        _ = d.value
        a.value = 5
        _ = d.value
        #expect(spy.current == 1)
        #expect(d.dependencies.isEmpty)
    }

    @Test func preactComputedIsFreedWhenNothingListens() {
        let s = PreactSignal(0)
        weak var weakRef: Derived<Int>?
        var token: TrackingToken?
        do {
            let c = Derived { s.value }
            weakRef = c
            token = observe { _ = c.value }
        }
        #expect(weakRef != nil)
        token?.cancel()
        token = nil
        #expect(weakRef == nil)
        s.value = 1
    }

    // MARK: Preact: computed graph updates

    @Test func preactGraphRunsComputedsOnceForMultipleDepChanges() {
        let a = PreactSignal("a"), b = PreactSignal("b")
        let spy = Locked(0)
        let c = Derived { () -> String in spy.increment(); return a.value + b.value }
        #expect(c.value == "ab")
        a.value = "aa"
        b.value = "bb"
        _ = c.value
        #expect(spy.current == 2)
    }

    @Test func preactGraphDropsABAUpdates() {
        let a = PreactSignal(2)
        let b = Derived { a.value - 1 }
        let c = Derived { a.value + b.value }
        let spy = Locked(0)
        let d = Derived { () -> String in spy.increment(); return "d: \(c.value)" }
        #expect(d.value == "d: 3")
        a.value = 4
        #expect(d.value == "d: 7")
        #expect(spy.current == 2)
    }

    @Test func preactGraphDiamondUpdatesOnce() {
        let a = PreactSignal("a")
        let b = Derived { a.value }, c = Derived { a.value }
        let spy = Locked(0)
        let d = Derived { () -> String in spy.increment(); return b.value + " " + c.value }
        #expect(d.value == "a a")
        a.value = "aa"
        #expect(d.value == "aa aa")
        #expect(spy.current == 2)
    }

    @Test func preactGraphDiamondWithTailUpdatesOnce() {
        let a = PreactSignal("a")
        let b = Derived { a.value }, c = Derived { a.value }
        let d = Derived { b.value + " " + c.value }
        let spy = Locked(0)
        let e = Derived { () -> String in spy.increment(); return d.value }
        #expect(e.value == "a a")
        a.value = "aa"
        #expect(e.value == "aa aa")
        #expect(spy.current == 2)
    }

    @Test func preactGraphBailsOutIfResultIsTheSame() {
        let a = PreactSignal("a")
        let b = Derived { () -> String in _ = a.value; return "foo" }
        let spy = Locked(0)
        let c = Derived { () -> String in spy.increment(); return b.value }
        #expect(c.value == "foo")
        a.value = "aa"
        #expect(c.value == "foo")
        #expect(spy.current == 1)
    }

    @Test func preactGraphJaggedDiamondWithTails() {
        let a = PreactSignal("a")
        let b = Derived { a.value }, c = Derived { a.value }
        let d = Derived { c.value }
        let log = Locked<[String]>([])
        let e = Derived { () -> String in log.append("e"); return b.value + " " + d.value }
        let f = Derived { () -> String in log.append("f"); return e.value }
        let g = Derived { () -> String in log.append("g"); return e.value }
        #expect(f.value == "a a")
        #expect(g.value == "a a")
        #expect(log.current == ["f", "e", "g"])
        for next in ["b", "c"] {
            log.mutate { $0 = [] }
            a.value = next
            #expect(e.value == "\(next) \(next)")
            #expect(f.value == "\(next) \(next)")
            #expect(g.value == "\(next) \(next)")
            #expect(log.current == ["e", "f", "g"])
        }
    }

    /// Same graph, observed: each computed once per write, e before f before g.
    @Test func preactGraphJaggedDiamondWithTailsObserved() {
        let a = PreactSignal("a")
        let b = Derived { a.value }, c = Derived { a.value }
        let d = Derived { c.value }
        let log = Locked<[String]>([])
        let e = Derived { () -> String in log.append("e"); return b.value + " " + d.value }
        let f = Derived { () -> String in log.append("f"); return e.value }
        let g = Derived { () -> String in log.append("g"); return e.value }
        let seen = Locked<[String]>([])
        let t = observe { seen.append(f.value + "|" + g.value) }
        for next in ["b", "c"] {
            log.mutate { $0 = [] }
            a.value = next
            #expect(log.current == ["e", "f", "g"])
        }
        #expect(seen.current == ["a a|a a", "b b|b b", "c c|c c"])
        withExtendedLifetime(t) {}
    }

    @Test func preactGraphOnlySubscribesToSignalsListenedTo() {
        let a = PreactSignal("a")
        let b = Derived { a.value }
        let spy = Locked(0)
        let unused = Derived { () -> String in spy.increment(); return a.value }
        #expect(b.value == "a")
        a.value = "aa"
        #expect(b.value == "aa")
        #expect(spy.current == 0)
        withExtendedLifetime(unused) {}
    }

    @Test func preactGraphStopsUpdatingComputedsNoLongerListenedTo() {
        let a = PreactSignal("a")
        let spyB = Locked(0), spyC = Locked(0)
        let b = Derived { () -> String in spyB.increment(); return a.value }
        let c = Derived { () -> String in spyC.increment(); return b.value }
        let d = Derived { a.value }
        let result = Locked("")
        let t = observe { let v = c.value; result.mutate { $0 = v } }
        #expect(result.current == "a")
        #expect(d.value == "a")
        spyB.mutate { $0 = 0 }
        spyC.mutate { $0 = 0 }
        t.cancel()
        a.value = "aa"
        #expect(spyB.current == 0)
        #expect(spyC.current == 0)
        #expect(d.value == "aa")
    }

    @Test func preactGraphSubsUpdateEvenIfOneDepUnmarksIt() {
        let a = PreactSignal("a")
        let b = Derived { a.value }
        let c = Derived { () -> String in _ = a.value; return "c" }
        let seen = Locked<[String]>([])
        let d = Derived { () -> String in let v = b.value + " " + c.value; seen.append(v); return v }
        #expect(d.value == "a c")
        a.value = "aa"
        _ = d.value
        #expect(seen.current == ["a c", "aa c"])
    }

    @Test func preactGraphSubsUpdateEvenIfTwoDepsUnmarkIt() {
        let a = PreactSignal("a")
        let b = Derived { a.value }
        let c = Derived { () -> String in _ = a.value; return "c" }
        let d = Derived { () -> String in _ = a.value; return "d" }
        let seen = Locked<[String]>([])
        let e = Derived { () -> String in
            let v = b.value + " " + c.value + " " + d.value; seen.append(v); return v
        }
        #expect(e.value == "a c d")
        a.value = "aa"
        _ = e.value
        #expect(seen.current == ["a c d", "aa c d"])
    }

    /// Same two scenarios, observed by an effect.
    @Test func preactGraphSubsUpdateEvenIfDepsUnmarkItObserved() {
        let a = PreactSignal("a")
        let b = Derived { a.value }
        let c = Derived { () -> String in _ = a.value; return "c" }
        let d = Derived { () -> String in _ = a.value; return "d" }
        let e = Derived { b.value + " " + c.value + " " + d.value }
        let seen = Locked<[String]>([])
        let t = observe { seen.append(e.value) }
        a.value = "aa"
        #expect(seen.current == ["a c d", "aa c d"])
        withExtendedLifetime(t) {}
    }

    // MARK: Preact: computed error handling

    @Test func preactComputedGraphConsistentOnErrorsDuringActivation() {
        struct Failure: Error {}
        let a = PreactSignal(0)
        let b = ThrowingDerived<Int> { throw Failure() }
        let c = Derived { a.value }
        #expect(throws: Failure.self) { try b.value }
        a.value = 1
        #expect(c.value == 1)
    }

    @Test func preactComputedGraphConsistentOnErrorsInComputeds() {
        struct Failure: Error {}
        let a = PreactSignal(0)
        let b = ThrowingDerived<Int> {
            if a.value == 1 { throw Failure() }
            return a.value
        }
        let c = ThrowingDerived<Int> { try b.value }
        #expect((try? c.value) == 0)
        a.value = 1
        #expect(throws: Failure.self) { try b.value }
        a.value = 2
        #expect((try? c.value) == 2)
    }

    /// The older version: the effect over c, with the error raised while propagating.
    @Test func preactComputedGraphConsistentOnErrorsInComputedsObserved() {
        struct Failure: Error {}
        let a = PreactSignal(0)
        let b = ThrowingDerived<Int> {
            if a.value == 1 { throw Failure() }
            return a.value
        }
        let c = ThrowingDerived<Int> { try b.value }
        let seen = Locked<[String]>([])
        let t = observe { seen.append((try? c.value).map(String.init) ?? "error") }
        a.value = 1
        a.value = 2
        #expect(seen.current == ["0", "error", "2"])
        #expect((try? c.value) == 2)
        withExtendedLifetime(t) {}
    }

    @Test func preactComputedSupportsLazyBranches() {
        let a = PreactSignal(0)
        let b = Derived { a.value }
        let c = Derived { a.value > 0 ? a.value : b.value }
        #expect(c.value == 0)
        a.value = 1
        #expect(c.value == 1)
        a.value = 0
        #expect(c.value == 0)
    }

    @Test func preactComputedSupportsLazyBranchesObserved() {
        let a = PreactSignal(0)
        let b = Derived { a.value }
        let c = Derived { a.value > 0 ? a.value : b.value }
        let seen = Locked<[Int]>([])
        let t = observe { seen.append(c.value) }
        a.value = 1
        a.value = 0
        a.value = 2
        #expect(seen.current == [0, 1, 0, 2])
        withExtendedLifetime(t) {}
    }

    @Test func preactComputedDoesNotUpdateASubIfAllDepsUnmarkIt() {
        let a = PreactSignal("a")
        let b = Derived { () -> String in _ = a.value; return "b" }
        let c = Derived { () -> String in _ = a.value; return "c" }
        let spy = Locked(0)
        let d = Derived { () -> String in spy.increment(); return b.value + " " + c.value }
        #expect(d.value == "b c")
        spy.mutate { $0 = 0 }
        a.value = "aa"
        _ = d.value
        #expect(spy.current == 0)
    }

    // MARK: - Preact: batch/transaction

    @Test func preactBatchReturnsTheValueAndRethrows() {
        struct Hello: Error {}
        #expect(withTransaction { 1 } == 1)
        #expect(throws: Hello.self) { try withTransaction { throw Hello() } }
    }

    @Test func preactBatchDelaysWrites() {
        let a = PreactSignal("a"), b = PreactSignal("b")
        let spy = Locked(0)
        let t = observe { _ = a.value + " " + b.value; spy.increment() }
        withTransaction { a.value = "aa"; b.value = "bb" }
        #expect(spy.current == 2)
        withExtendedLifetime(t) {}
    }

    @Test func preactBatchDelaysWritesUntilTheOutermostBatch() {
        let a = PreactSignal("a"), b = PreactSignal("b")
        let seen = Locked<[String]>([])
        let t = observe { seen.append(a.value + ", " + b.value) }
        withTransaction {
            withTransaction {
                a.value += " inner"
                b.value += " inner"
            }
            a.value += " outer"
            b.value += " outer"
        }
        #expect(seen.current == ["a, b", "a inner outer, b inner outer"])
        withExtendedLifetime(t) {}
    }

    @Test func preactBatchDelaysComputedWrites() {
        let a = PreactSignal("a"), b = PreactSignal("b")
        let spy = Locked(0)
        let c = Derived { () -> String in spy.increment(); return a.value + " " + b.value }
        _ = c.value
        spy.mutate { $0 = 0 }
        withTransaction { a.value = "aa"; b.value = "bb" }
        #expect(c.value == "aa bb")
        #expect(spy.current == 1)
    }

    @Test func preactBatchReadsSignalsWrittenTo() {
        let a = PreactSignal("a")
        let result = withTransaction { () -> String in a.value = "aa"; return a.value }
        #expect(result == "aa")
    }

    @Test func preactBatchReadsComputedsWithUpdatedSources() {
        let a = PreactSignal("a")
        let b = Derived { a.value }
        let spyC = Locked(0), spyD = Locked(0), spyE = Locked(0)
        let c = Derived { () -> String in spyC.increment(); return b.value }
        let d = Derived { () -> String in spyD.increment(); return c.value }
        let e = Derived { () -> String in spyE.increment(); return d.value }
        // The older version computes them all first.
        _ = e.value
        spyC.mutate { $0 = 0 }; spyD.mutate { $0 = 0 }; spyE.mutate { $0 = 0 }
        var result = ""
        withTransaction {
            a.value = "aa"
            result = c.value
            #expect(spyD.current == 0)
        }
        #expect(result == "aa")
        #expect(d.value == "aa")
        #expect(e.value == "aa")
        #expect([spyC.current, spyD.current, spyE.current] == [1, 1, 1])
    }

    @Test func preactBatchDoesNotBlockWritesAfterBatching() {
        let a = PreactSignal("a"), b = PreactSignal("b"), c = PreactSignal("c")
        let d = Derived { a.value + " " + b.value + " " + c.value }
        let result = Locked("")
        let t = observe { let v = d.value; result.mutate { $0 = v } }
        withTransaction { a.value = "aa"; b.value = "bb" }
        c.value = "cc"
        #expect(result.current == "aa bb cc")
        withExtendedLifetime(t) {}
    }

    @Test(arguments: [false, true])
    func preactBatchDoesNotLeadToStaleSignals(peek: Bool) {
        let counter = PreactSignal(0)
        let double = Derived { counter.value * 2 }
        let triple = Derived { counter.value * 3 }
        let invokes = Locked<[[Int]]>([])
        let t = observe { invokes.append([double.value, triple.value]) }
        #expect(invokes.current == [[0, 0]])
        withTransaction {
            counter.value = 1
            #expect((peek ? untracked { double.value } : double.value) == 2)
        }
        #expect(invokes.current == [[0, 0], [2, 3]])
        withExtendedLifetime(t) {}
    }

    @Test func preactBatchRunsPendingEffectsEvenIfTheCallbackThrows() {
        struct Hello: Error {}
        let a = PreactSignal(0), b = PreactSignal(1)
        let spy1 = Locked(0), spy2 = Locked(0)
        let t1 = observe { _ = a.value; spy1.increment() }
        let t2 = observe { _ = b.value; spy2.increment() }
        #expect(throws: Hello.self) {
            try withTransaction {
                a.value += 1
                b.value += 1
                throw Hello()
            }
        }
        #expect(spy1.current == 2)
        #expect(spy2.current == 2)
        withExtendedLifetime((t1, t2)) {}
    }

    @Test func preactBatchRunsAnEffectsFirstRunImmediately() {
        let spy = Locked(0)
        var count = -1
        var token: TrackingToken?
        withTransaction {
            token = observe { spy.increment() }
            count = spy.current
        }
        #expect(count == 1)
        withExtendedLifetime(token) {}
    }

    // MARK: - Preact: untracked

    @Test func preactUntrackedBlocksTrackingInsideEffects() {
        let a = PreactSignal(1), b = PreactSignal(2)
        let spy = Locked(0)
        let t = observe { untracked { _ = a.value + b.value; spy.increment() } }
        a.value = 10
        b.value = 20
        #expect(spy.current == 1)
        withExtendedLifetime(t) {}
    }

    @Test func preactUntrackedBlocksTrackingInEffectCreatedInsideUntracked() {
        let s = PreactSignal(1)
        let spy = Locked(0)
        let t = untracked { observe { untracked { _ = s.value; spy.increment() } } }
        s.value = 2
        #expect(spy.current == 1)
        withExtendedLifetime(t) {}
    }

    /// An effect created inside untracked { } still tracks its own reads.
    @Test func anEffectCreatedInsideUntrackedTracksItsOwnReads() {
        let s = PreactSignal(1)
        let seen = Locked<[Int]>([])
        let t = untracked { observe { seen.append(s.value) } }
        s.value = 2
        #expect(seen.current == [1, 2])
        withExtendedLifetime(t) {}
    }

    @Test func preactUntrackedWritesInsideAnEffectWork() {
        let a = PreactSignal(1), aChangedTime = PreactSignal(0)
        let t = observe {
            _ = a.value
            untracked { aChangedTime.value = aChangedTime.value + 1 }
        }
        a.value = 2
        #expect(aChangedTime.value == 2)
        a.value = 3
        #expect(aChangedTime.value == 3)
        t.cancel()
    }

    @Test func preactUntrackedBlocksTrackingInsideComputeds() {
        let a = PreactSignal(1), b = PreactSignal(2)
        let spy = Locked(0)
        let c = Derived { untracked { () -> Int in spy.increment(); return a.value + b.value } }
        #expect(spy.current == 0)
        #expect(c.value == 3)
        a.value = 10
        _ = c.value
        b.value = 20
        _ = c.value
        #expect(spy.current == 1)
        #expect(c.value == 3)
    }

    // MARK: - Solid: effect grouping (createMemo → an observer counting, created first)

    @Test func solidGroupsUpdates() {
        let a = PreactSignal(0), b = PreactSignal(0)
        let count = Locked(0)
        let memo = observe { let v = a.value + b.value; count.mutate { $0 += v } }
        let effect = observe { a.value = 1; b.value = 1 }
        #expect(count.current == 2)
        withExtendedLifetime((memo, effect)) {}
    }

    @Test func solidGroupsUpdatesWithRepeatedSets() {
        let a = PreactSignal(0)
        let count = Locked(0)
        let memo = observe { let v = a.value; count.mutate { $0 += v } }
        let effect = observe { a.value = 1; a.value = 4 }
        #expect(count.current == 4)
        withExtendedLifetime((memo, effect)) {}
    }

    @Test func solidGroupsUpdatesWithFunctionalSetsRepeated() {
        let a = PreactSignal(0)
        let count = Locked(0)
        let memo = observe { let v = a.value; count.mutate { $0 += v } }
        let effect = observe {
            untracked { a.value = a.value + 1 }
            untracked { a.value = a.value + 2 }
        }
        #expect(count.current == 3)
        withExtendedLifetime((memo, effect)) {}
    }

    @Test func solidCrossSettingInAnEffectUpdate() {
        let a = PreactSignal(1), b = PreactSignal(0)
        let count = Locked(0)
        let memo = observe { let v = a.value; count.mutate { $0 += v } }
        let effect = observe { let bv = b.value; untracked { a.value = a.value + bv } }
        b.value += 1
        #expect(count.current == 3)
        withExtendedLifetime((memo, effect)) {}
    }

    @Test func solidMultipleSetsBackToTheStart() {
        let a = PreactSignal(0)
        let runs = Locked<[Int]>([])
        let memo = observe { runs.append(a.value) }
        let effect = observe { a.value = 1; a.value = 0 }
        #expect(runs.current.last == 0)
        withExtendedLifetime((memo, effect)) {}
    }

    /// Solid "Handles errors gracefully": an effect that writes then throws (caught).
    @Test func solidHandlesErrorsGracefully() {
        struct Failure: Error {}
        let a = PreactSignal(0), b = PreactSignal(0)
        let errors = Locked(0)
        let sum = Derived { a.value + b.value }
        let t = observe {
            do { a.value = 1; throw Failure() } catch { errors.increment() }
        }
        #expect(a.value == 1)
        #expect(b.value == 0)
        a.value = 2
        #expect(a.value == 2)
        #expect(sum.value == 2)
        #expect(errors.current == 1)
        withExtendedLifetime(t) {}
    }

    @Test func solidMemoInAnEffect() {
        let name = PreactSignal("John")
        let memo = Derived { "Hello \(name.value)" }
        let temp = Locked("")
        let t = observe { let v = "\(memo.value)!!!"; temp.mutate { $0 = v } }
        #expect(temp.current == "Hello John!!!")
        name.value = "Jake"
        #expect(temp.current == "Hello Jake!!!")
        withExtendedLifetime(t) {}
    }

    @Test func solidMuteAnEffect() {
        let sign = PreactSignal("thoughts")
        let temp = Locked("")
        let t = observe { let v = "unpure \(untracked { sign.value })"; temp.mutate { $0 = v } }
        sign.value = "mind"
        #expect(temp.current == "unpure thoughts")
        withExtendedLifetime(t) {}
    }

    @Test func solidCleanAnEffect() {
        let sign = PreactSignal("thoughts")
        let temp = Locked<String?>(nil)
        let t = observe { _ = sign.value; onCleanup { temp.mutate { $0 = "after" } } }
        #expect(temp.current == nil)
        sign.value = "mind"
        #expect(temp.current == "after")
        withExtendedLifetime(t) {}
    }

    // MARK: - Solid: createMemo (signals.memo.spec.ts); Solid's memos are
    // eager, so each memo here is read once after it is made, and
    // createComputed is an observer.

    @Test func solidMemoDoesNotTriggerDownstreamUnlessChanged() {
        let s1 = PreactSignal(1)
        let order = Locked("")
        let t1 = Derived { () -> Int in order.mutate { $0 += "t1" }; return s1.value }
        _ = t1.value
        let c1 = observe { order.mutate { $0 += "c1" }; _ = t1.value }
        #expect(order.current == "t1c1")
        order.mutate { $0 = "" }
        s1.value = 1
        #expect(order.current == "")   // equal write: Tracking stops at the signal
        order.mutate { $0 = "" }
        s1.value = 2
        #expect(order.current == "t1c1")
        withExtendedLifetime(c1) {}
    }

    @Test func solidMemoAppliesUpdatesInTheOrderOfComputeds() {
        let s1 = PreactSignal(0)
        let order = Locked("")
        let t1 = Derived { () -> Bool in order.mutate { $0 += "t1" }; return s1.value == 0 }
        _ = t1.value
        let c1 = observe { order.mutate { $0 += "c1" }; _ = s1.value }
        let c2 = observe { order.mutate { $0 += "c2" }; _ = t1.value }
        #expect(order.current == "t1c1c2")
        order.mutate { $0 = "" }
        s1.value = 1
        // Lazy: t1 is brought up to date when c2 must decide whether to run.
        #expect(order.current == "c1t1c2")
        withExtendedLifetime((c1, c2)) {}
    }

    @Test func solidMemoUpdatesDownstreamPendingComputations() {
        let s1 = PreactSignal(0), s2 = PreactSignal(0)
        let order = Locked("")
        let t1 = Derived { () -> Bool in order.mutate { $0 += "t1" }; return s1.value == 0 }
        _ = t1.value
        let kids = Locked<[TrackingToken]>([])
        let c1 = observe { order.mutate { $0 += "c1" }; _ = s1.value }
        let c2 = observe {
            order.mutate { $0 += "c2" }
            _ = t1.value
            kids.append(observe { order.mutate { $0 += "c2_1" }; _ = s2.value })
        }
        order.mutate { $0 = "" }
        s1.value = 1
        #expect(order.current == "c1t1c2c2_1")
        withExtendedLifetime((c1, c2)) {}
    }

    @Test func solidMemoWithChangingDependencies() {
        let i = PreactSignal(true), t = PreactSignal(1), e = PreactSignal(2)
        let fevals = Locked(0)
        let f = Derived { () -> Int in fevals.increment(); return i.value ? t.value : e.value }
        let o = observe { _ = f.value }
        fevals.mutate { $0 = 0 }
        // updates on active dependencies
        t.value = 5
        #expect(fevals.current == 1)
        #expect(f.value == 5)
        // does not update on inactive dependencies
        fevals.mutate { $0 = 0 }
        e.value = 5
        #expect(fevals.current == 0)
        #expect(f.value == 5)
        // deactivates obsolete dependencies
        i.value = false
        fevals.mutate { $0 = 0 }
        t.value = 6
        #expect(fevals.current == 0)
        // activates new dependencies
        e.value = 7
        #expect(fevals.current == 1)
        #expect(f.value == 7)
        withExtendedLifetime(o) {}
    }

    @Test func solidMemoNewDependenciesAreUpdatedBeforeTheDependee() {
        let a = PreactSignal(0)
        let order = Locked("")
        let box = PreactBox<Derived<Int>>()
        let b = Derived { () -> Int in order.mutate { $0 += "b" }; return a.value + 1 }
        let c = Derived { () -> Int in
            order.mutate { $0 += "c" }
            let check = b.value
            if check != 0 { return check }
            return box.value!.value
        }
        let d = Derived { a.value }
        let e = Derived { () -> Int in order.mutate { $0 += "d" }; return d.value + 10 }
        box.value = e
        _ = b.value
        let o = observe { _ = c.value }
        _ = e.value
        #expect(order.current == "bcd")
        order.mutate { $0 = "" }
        a.value = -1
        #expect(order.current == "bcd")
        #expect(c.value == 9)
        order.mutate { $0 = "" }
        a.value = 0
        #expect(order.current == "bc")   // Solid's eager e also runs: "bcd"
        #expect(c.value == 1)
        withExtendedLifetime(o) {}
    }

    @Test func solidMemoDoesNotUpdatePendingComputationsAfterStaleInvocations() {
        let s1 = PreactSignal(1), s2 = PreactSignal(false)
        let count = Locked(0)
        let t1 = Derived { s1.value > 0 }
        let t2 = Derived { s1.value > 0 }
        let c1 = Derived { s1.value }
        let t3 = Derived { s1.value != 0 && s2.value }
        let o = observe { _ = t1.value; _ = t2.value; _ = c1.value; _ = t3.value; count.increment() }
        s2.value = true
        #expect(count.current == 2)
        s1.value = 2
        #expect(count.current == 3)
        withExtendedLifetime(o) {}
    }

    @Test func solidMemoEvaluatesNestedTrackings() {
        let s1 = PreactSignal(1), s2 = PreactSignal(1)
        let count = Locked(0)
        let box = PreactBox<Derived<Int>>()
        let outer = Derived { () -> Int in
            let inner = Derived { s2.value }
            _ = inner.value
            box.value = inner
            return s1.value
        }
        let o1 = observe { _ = outer.value }
        let o2 = observe { count.increment(); _ = box.value!.value }
        s1.value = 2
        #expect(count.current == 1)
        withExtendedLifetime((o1, o2)) {}
    }

    @Test func solidMemoPropagatesInTopologicalOrder() {
        let s1 = PreactSignal(true)
        let order = Locked("")
        let t1 = Derived { () -> Bool in order.mutate { $0 += "t1" }; return s1.value }
        let t2 = Derived { () -> Bool in order.mutate { $0 += "t2" }; return s1.value }
        let c1 = observe { _ = t1.value; _ = t2.value; order.mutate { $0 += "c1" } }
        order.mutate { $0 = "" }
        s1.value = false
        #expect(order.current == "t1t2c1")
        withExtendedLifetime(c1) {}
    }

    @Test func solidMemoDoesNotEvaluateDependenciesWhoseSourcesDidNotChange() {
        let s1 = PreactSignal(1)
        let order = Locked("")
        let box = PreactBox<Derived<Bool>>()
        let c1 = observe {
            order.mutate { $0 += "c1" }
            if s1.value > 1 { _ = box.value!.value }
        }
        let t1 = Derived { () -> Bool in order.mutate { $0 += "t1" }; return s1.value < 3 }
        let t2 = Derived { () -> Bool in order.mutate { $0 += "t2" }; return t1.value }
        let c2 = Derived { () -> Bool in order.mutate { $0 += "c2" }; return t2.value }
        box.value = c2
        _ = c2.value
        order.mutate { $0 = "" }
        s1.value = 2
        #expect(order.current == "c1t1")
        order.mutate { $0 = "" }
        s1.value = 3
        #expect(order.current == "c1t1t2c2")
        withExtendedLifetime(c1) {}
    }

    @Test func solidMemoMarksDownstreamComputationsStale() {
        let s1 = PreactSignal(1)
        let order = Locked("")
        let t1 = Derived { () -> Int in order.mutate { $0 += "t1" }; return s1.value }
        let c1 = Derived { () -> Int in order.mutate { $0 += "c1" }; return t1.value }
        let c2 = Derived { () -> Int in order.mutate { $0 += "c2" }; return c1.value }
        let c3 = observe { order.mutate { $0 += "c3" }; _ = c2.value }
        order.mutate { $0 = "" }
        s1.value = 2
        #expect(order.current == "t1c1c2c3")
        withExtendedLifetime(c3) {}
    }

    /// Solid throws; Tracking stops the loop of an observer reading such a memo.
    @Test func solidMemoContinuallySettingADirectDependency() {
        let d = PreactSignal(1)
        let f = Derived { () -> Int in let v = d.value + 1; d.value = v; return v }
        var token: TrackingToken?
        let diagnostics = collectingDiagnostics {
            token = observe { _ = f.value }
        }
        #expect(diagnostics.map(\.kind) == [.observerLoop])
        withExtendedLifetime(token) {}
    }

    @Test func solidMemoCycleCreatedByModifyingABranch() {
        let d = PreactSignal(1)
        let box = PreactBox<ThrowingDerived<Int>>()
        let f = ThrowingDerived<Int>("f") { if let f = box.value { return try f.value } else { return d.value } }
        #expect((try? f.value) == 1)
        box.value = f
        // Nothing f read changed yet: still cached.
        #expect((try? f.value) == 1)
        d.value = 0
        #expect(throws: DerivedCycleError(cycle: ["f", "f"])) { try f.value }
    }
}

@Suite struct PreactSolidPortExtraTests {
    @Test func cleanupWriteIsSeenThroughADerivedValueByTheRunThatFollows() {
        let a = PreactSignal(0), trigger = PreactSignal(0)
        let d = Derived { a.value * 2 }
        let seen = Locked<[Int]>([])
        let t = observe {
            _ = trigger.value
            seen.append(d.value)
            onCleanup { a.value += 5 }
        }
        trigger.value = 1
        #expect(seen.current == [0, 10])
        #expect(d.value == 10)
        withExtendedLifetime(t) {}
    }

    @Test func anObserverStartedInsideADerivedComputedDuringAnObserverRun() {
        let b = PreactSignal(0), other = PreactSignal(0)
        let inner = Locked(0)
        let kept = Locked<[TrackingToken]>([])
        let d = Derived { () -> Int in
            kept.append(observe { _ = other.value; inner.increment() })
            return 1
        }
        let t = observe { _ = d.value; _ = b.value }
        #expect(inner.current == 1)
        b.value = 1          // outer re-runs; d is not recomputed
        other.value = 1      // does the inner observer still run?
        #expect(inner.current == 2)
        withExtendedLifetime(t) {}
    }

    @Test func preactEffectCleanupCalledWhenDisposedAfterSeveralRuns() {
        let a = PreactSignal(0)
        let log = Locked<[String]>([])
        let t = observe {
            let v = a.value
            log.append("run \(v)")
            onCleanup { log.append("cleanup \(v)") }
        }
        a.value = 1
        withTransaction { a.value = 2; a.value = 3 }
        t.cancel()
        a.value = 4
        #expect(log.current == ["run 0", "cleanup 0", "run 1", "cleanup 1", "run 3", "cleanup 3"])
    }

    /// Effect that disposes itself then writes what it read, inside a transaction.
    @Test func observerCancelledInsideTransactionByAnotherObserverRun() {
        let a = PreactSignal(0)
        let bRuns = Locked<[Int]>([])
        let bHolder = PreactBox<TrackingToken>()
        let first = observe {
            if a.value == 2 { bHolder.value?.cancel() }
        }
        bHolder.value = observe { bRuns.append(a.value) }
        withTransaction { a.value = 1; a.value = 2 }
        #expect(bRuns.current == [0])
        withExtendedLifetime(first) {}
    }

    /// Preact: an effect disposed by a computed's side effect while pending.
    @Test func throwingDerivedRecoversInAChain() {
        struct Failure: Error {}
        let a = PreactSignal(0)
        let b = ThrowingDerived<Int> { if a.value == 1 { throw Failure() }; return a.value }
        let c = ThrowingDerived<Int> { try b.value + 1 }
        let d = Derived { () -> String in (try? c.value).map(String.init) ?? "err" }
        let seen = Locked<[String]>([])
        let t = observe { seen.append(d.value) }
        a.value = 1
        a.value = 1
        a.value = 2
        a.value = 1
        #expect(seen.current == ["1", "err", "3", "err"])
        withExtendedLifetime(t) {}
    }

    @Test func derivedReadInsideWithTransactionInsideObserver() {
        let a = PreactSignal(0)
        let d = Derived { a.value + 100 }
        let seen = Locked<[Int]>([])
        let other = PreactSignal(0)
        let t1 = observe { seen.append(d.value) }
        let t2 = observe {
            let v = other.value
            withTransaction {
                a.value = v
                seen.append(-untracked { d.value })
                a.value = v + 1
            }
        }
        other.value = 10
        #expect(seen.current == [100, -100, 101, -110, 111])
        withExtendedLifetime((t1, t2)) {}
    }

    /// A cleanup that runs because another observer's body cancels its
    /// observer: an onCleanup it calls must not land on the running observer.
    @Test func onCleanupInsideACleanupRunByAnotherObserversCancelDoesNotRegisterThere() {
        let a = PreactSignal(0), x = PreactSignal(0)
        let log = Locked<[String]>([])
        let y = observe {
            _ = a.value
            onCleanup {
                log.append("y cleanup")
                onCleanup { log.append("nested cleanup") }
            }
        }
        let xToken = observe {
            if x.value == 1 { y.cancel() }
            log.append("x run \(x.value)")
        }
        var diagnostics: [TrackingDiagnostic] = []
        diagnostics = collectingDiagnostics { x.value = 1 }
        x.value = 2
        #expect(log.current == ["x run 0", "y cleanup", "x run 1", "x run 2"])
        #expect(diagnostics.map(\.kind) == [.misplacedCleanup])
        withExtendedLifetime(xToken) {}
    }

    /// A cleanup run by cancelling the token from inside another observer's
    /// body: reads in it are tracked by nobody.
    @Test func readsInACleanupRunByAnotherObserversCancelAreNotTrackedByIt() {
        let a = PreactSignal(0), x = PreactSignal(0), z = PreactSignal(0)
        let xRuns = Locked(0)
        let y = observe { _ = a.value; onCleanup { _ = z.value } }
        let xToken = observe { xRuns.increment(); if x.value == 1 { y.cancel() } }
        x.value = 1
        z.value = 1
        #expect(xRuns.current == 2)
        withExtendedLifetime(xToken) {}
    }

    /// An observer created in a cleanup run by another observer's cancel.
    @Test func anObserverCreatedInACleanupRunByAnotherObserversCancelSurvivesItsRerun() {
        let a = PreactSignal(0), x = PreactSignal(0), z = PreactSignal(0)
        let zRuns = Locked(0)
        let kept = Locked<[TrackingToken]>([])
        let y = observe {
            _ = a.value
            onCleanup { kept.append(observe { _ = z.value; zRuns.increment() }) }
        }
        let xToken = observe { if x.value == 1 { y.cancel() } }
        x.value = 1
        #expect(zRuns.current == 1)
        x.value = 2          // x re-runs: is the observer made in y's cleanup its child?
        z.value = 1
        #expect(zRuns.current == 2)
        withExtendedLifetime(xToken) {}
    }
}
