import Testing
import Tracking

// Port of the reactive-core tests of Leptos's `reactive_graph` crate
// (leptos-rs/leptos, reactive_graph/tests: signal.rs, memo.rs, effect.rs,
// effect_immediate.rs, watch.rs, cleanup.rs), plus the cleanup, untrack and
// batch tests of its predecessor crate `leptos_reactive` (tests/cleanup.rs,
// untracked.rs, effect.rs), which `reactive_graph` has no counterpart of.
//
// RwSignal / signal() → LpSignal (a Trackable with one @Tracked var);
// get/read/with → a tracked read, get_untracked/with_untracked → untracked { };
// update/write → in-place mutation; Memo → Derived (Equatable: the equality
// cut-off of a PartialEq memo); a derived signal (Signal::derive) → a plain
// closure; Effect / RenderEffect / ImmediateEffect → observe (token kept,
// where Leptos forgets the effect); Effect::watch → observe whose body
// reads the dependencies and calls the callback inside untracked { };
// effect.stop() → token.cancel(); on_cleanup in an effect → onCleanup;
// batch → withTransaction. `Executor::tick().await` has no counterpart:
// observers run synchronously, after each write.
//
// Not ported, having no counterpart: into_inner (Arc ownership), the
// read/write guards (read_during_write, the ignored overlapping_writes),
// Owner::pause/resume (paused_effect_pauses), set_untracked (a write that
// notifies nobody: Tracking's `untracked` is about reads, every write of a
// @Tracked property notifies), deprecated_watch_runs (the same as
// watch_runs), and the async tests (async_derived.rs, transition.rs,
// action_dispatch_order.rs, executor.rs, route_settle.rs), arenas
// (sandboxed_arena.rs, local_storage_off_thread.rs) and hash_eq_contract.rs.
// Where Tracking differs by design, the test asserts what Tracking does and
// its comment gives the original's values.

final class LpSignal<Value: Equatable & Sendable>: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value: Value
    init(_ value: Value) { self.value = value }
}

/// An object held by a signal, to see when it is released.
final class LpPayload: Equatable, @unchecked Sendable {
    static func == (lhs: LpPayload, rhs: LpPayload) -> Bool { lhs === rhs }
}

@Suite struct LeptosPortTests {
    // MARK: - signal.rs

    @Test func createRwSignal() {
        let a = LpSignal(0)
        #expect(a.value == 0)
        #expect(untracked { a.value } == 0)
        #expect(untracked { a.value + 1 } == 1)
        #expect(a.value + 1 == 1)
        #expect("\(a.value)" == "0")
    }

    @Test func updateRwSignal() {
        let a = LpSignal(0)
        a.value += 1
        #expect(a.value == 1)
        a.value += 1
        #expect(a.value == 2)
        untracked { a.value += 1 }
        #expect(a.value == 3)
        a.value = 4
        #expect(a.value == 4)
    }

    /// The same updates, watched by an observer: each one runs it once.
    @Test func updatesOfAnObservedSignalRunItsObserverOnceEach() {
        let a = LpSignal(1)
        let seen = Locked<[Int]>([])
        let t = observe { seen.append(a.value) }
        a.value += 1
        a.value = 4
        #expect(seen.current == [1, 2, 4])
        withExtendedLifetime(t) {}
    }

    @Test func threadedGetSet() async {
        let signal = LpSignal(0)
        await onThreads(5) { _ in
            for _ in 0..<1_000 {
                _ = signal.value
                signal.value = 1
            }
        }
        #expect(signal.value == 1)
    }

    // MARK: - memo.rs

    @Test func memoCalculatesValue() {
        let a = LpSignal(1), b = LpSignal(2), c = LpSignal(3)
        let d = Derived { a.value + b.value + c.value }
        #expect(d.value == 6)
        #expect(untracked { d.value } == 6)
    }

    @Test func memoDoesNotRepeatCalculationPerGet() {
        let calculations = Locked(0)
        let a = LpSignal(1), b = LpSignal(2), c = LpSignal(3)
        let d = Derived { () -> Int in
            calculations.increment()
            return a.value + b.value + c.value
        }
        for _ in 0..<3 { #expect(untracked { d.value } == 6) }
        #expect(calculations.current == 1)
        a.value = 0
        #expect(untracked { d.value } == 5)
        #expect(calculations.current == 2)
    }

    @Test func nestedMemos() {
        let a = LpSignal(0), b = LpSignal(0)
        let c = Derived { a.value + b.value }
        let d = Derived { c.value * 2 }
        let e = Derived { d.value + 1 }
        #expect([e.value, d.value, c.value] == [1, 0, 0])
        a.value = 5
        #expect([c.value, d.value, e.value] == [5, 10, 11])
        b.value = 1
        #expect([e.value, d.value, c.value] == [13, 12, 6])
    }

    @Test func memoRunsOnlyWhenInputsChange() {
        let calls = Locked(0)
        let a = LpSignal(0), b = LpSignal(0), c = LpSignal(0)
        let sum = Derived { () -> Int in
            calls.increment()
            return a.value + b.value + c.value
        }
        #expect(calls.current == 0)          // lazy: nothing computed yet
        for _ in 0..<5 { #expect(sum.value == 0) }
        #expect(calls.current == 1)
        a.value = 1
        #expect(sum.value == 1)
        #expect(calls.current == 2)
    }

    @Test func diamondProblem() {
        let name = LpSignal("Greg Johnston")
        let first = Derived { String(name.value.split(separator: " ")[0]) }
        let last = Derived { String(name.value.split(separator: " ")[1]) }
        let combinedCount = Locked(0)
        let combined = Derived { () -> String in
            combinedCount.increment()
            return "\(first.value) \(last.value)"
        }
        #expect(first.value == "Greg")
        #expect(last.value == "Johnston")
        name.value = "Will Smith"
        #expect(first.value == "Will")
        #expect(last.value == "Smith")
        #expect(combined.value == "Will Smith")
        #expect(combinedCount.current == 1)
    }

    @Test func memoDynamicDependenciesSeenByAnEffect() {
        let first = LpSignal("Greg"), last = LpSignal("Johnston"), useLast = LpSignal(true)
        let name = Derived { useLast.value ? "\(first.value) \(last.value)" : first.value }
        let runs = Locked(0)
        let t = observe { _ = name.value; runs.increment() }
        #expect(runs.current == 1)
        first.value = "Bob"
        #expect(name.value == "Bob Johnston")
        #expect(runs.current == 2)
        last.value = "Thompson"
        #expect(runs.current == 3)
        useLast.value = false
        #expect(name.value == "Bob")
        #expect(runs.current == 4)
        for surname in ["Jones", "Smith", "Stevens"] {
            last.value = surname
            #expect(runs.current == 4)
        }
        useLast.value = true
        #expect(name.value == "Bob Stevens")
        #expect(runs.current == 5)
        withExtendedLifetime(t) {}
    }

    /// render_effect_doesnt_rerun_if_memo_didnt_change and
    /// effect_doesnt_rerun_if_memo_didnt_change: both effect kinds are observe.
    @Test func effectDoesNotRerunIfMemoDidNotChange() {
        let count = LpSignal(1)
        let even = Derived { count.value % 2 == 0 }
        let runs = Locked(0)
        let t = observe { runs.increment(); _ = even.value }
        #expect(runs.current == 1)
        count.value = 2
        #expect(runs.current == 2)
        count.value = 4
        #expect(runs.current == 2)
        withExtendedLifetime(t) {}
    }

    @Test func effectDependingOnSignalAndMemoDoesNotRerunUnnecessarily() {
        let other = LpSignal(false)
        let count = LpSignal(1)
        let even = Derived { count.value % 2 == 0 }
        let runs = Locked(0)
        let t = observe { runs.increment(); _ = (even.value, other.value) }
        #expect(runs.current == 1)
        count.value = 2
        #expect(runs.current == 2)
        count.value = 4
        #expect(runs.current == 2)
        withExtendedLifetime(t) {}
    }

    /// unsync_derived_signal_and_memo: a derived signal is a closure that
    /// reads a memo; it is not cached, and reading it reads the memo.
    @Test func derivedSignalOverAMemo() {
        let a = LpSignal(1), b = LpSignal(2), c = LpSignal(3)
        let d = Derived { a.value + b.value + c.value }
        let e = 0
        let f = { d.value + e }
        #expect(d.value == 6)
        #expect(untracked { d.value } == 6)
        #expect(f() == 6)
        #expect(untracked { f() } == 6)
    }

    /// Leptos issue 3339: a memo read by another memo must update even when
    /// it was not read between two changes.
    @Test func memoUpdatesEvenIfNotReadUntilLater() {
        let input = LpSignal(0)
        let firstMemo = Derived { input.value == 1 }
        let secondMemo = Derived { firstMemo.value }
        #expect(input.value == 0)
        #expect(firstMemo.value == false)
        input.value = 1
        #expect(firstMemo.value == true)
        #expect(secondMemo.value == true)
        input.value = 2                     // second memo not read this time
        #expect(firstMemo.value == false)
        input.value = 3
        #expect(firstMemo.value == false)
        #expect(secondMemo.value == false)
    }

    // MARK: - effect.rs and effect_immediate.rs

    /// render_effect_runs, effect_runs and ImmediateEffect's effect_runs.
    @Test func effectRuns() {
        let a = LpSignal(-1)
        let b = Locked("")
        let t = observe { let text = "Value is \(a.value)"; b.mutate { $0 = text } }
        #expect(b.current == "Value is -1")
        a.value = 1
        #expect(b.current == "Value is 1")
        withExtendedLifetime(t) {}
    }

    /// dynamic_dependencies of effect.rs and of effect_immediate.rs.
    @Test func effectDynamicDependencies() {
        let first = LpSignal("Greg"), last = LpSignal("Johnston"), useLast = LpSignal(true)
        let runs = Locked(0)
        let t = observe {
            runs.increment()
            _ = useLast.value ? "\(first.value) \(last.value)" : first.value
        }
        #expect(runs.current == 1)
        first.value = "Bob"
        #expect(runs.current == 2)
        last.value = "Thompson"
        #expect(runs.current == 3)
        useLast.value = false
        #expect(runs.current == 4)
        for surname in ["Jones", "Smith", "Stevens"] {
            last.value = surname
            #expect(runs.current == 4)
        }
        useLast.value = true
        #expect(runs.current == 5)
        withExtendedLifetime(t) {}
    }

    /// An effect that resets the signal it read runs again, once, for its
    /// own write (in Tracking, in the next round of the same flush).
    @Test func recursiveEffectRunsRecursively() {
        let s = LpSignal(0)
        let logged = Locked<[Int]>([])
        let t = observe {
            let value = s.value
            logged.append(value)
            if value != 0 { s.value = 0 }
        }
        s.value = 1
        s.value = 2
        s.value = 3
        #expect(untracked { s.value } == 0)
        #expect(logged.current == [0, 1, 0, 2, 0, 3, 0])
        withExtendedLifetime(t) {}
    }

    // MARK: - watch.rs

    /// Effect::watch(deps, callback, immediate): the callback gets the new
    /// value, the previous one and its own previous result; its reads are
    /// not dependencies.
    private func watch(
        _ deps: @escaping @Sendable () -> Int,
        immediate: Bool,
        _ callback: @escaping @Sendable (Int, Int?, Int?) -> Int
    ) -> TrackingToken {
        let state = Locked<(prev: Int?, ret: Int?, first: Bool)>((nil, nil, true))
        return observe {
            let value = deps()
            untracked {
                let (prev, ret, first) = state.current
                let newRet: Int? = (first && !immediate) ? nil : callback(value, prev, ret)
                state.mutate { $0 = (value, newRet, false) }
            }
        }
    }

    @Test func watchRuns() {
        let a = LpSignal(-1)
        let b = Locked("")
        let t = watch({ a.value }, immediate: false) { value, prev, ret in
            b.mutate { $0 = "Value is \(value); Prev is \(prev.map(String.init) ?? "nil"); Prev return is \(ret.map(String.init) ?? "nil")" }
            return value + 10
        }
        #expect(b.current == "")
        a.value = 1
        #expect(b.current == "Value is 1; Prev is -1; Prev return is nil")
        a.value = 2
        #expect(b.current == "Value is 2; Prev is 1; Prev return is 11")
        t.cancel()
        b.mutate { $0 = "nothing happened" }
        a.value = 3
        #expect(b.current == "nothing happened")
    }

    @Test func watchRunsImmediately() {
        let a = LpSignal(-1)
        let b = Locked("")
        let t = watch({ a.value }, immediate: true) { value, prev, ret in
            b.mutate { $0 = "Value is \(value); Prev is \(prev.map(String.init) ?? "nil"); Prev return is \(ret.map(String.init) ?? "nil")" }
            return value + 10
        }
        #expect(b.current == "Value is -1; Prev is nil; Prev return is nil")
        a.value = 1
        #expect(b.current == "Value is 1; Prev is -1; Prev return is 9")
        withExtendedLifetime(t) {}
    }

    @Test func watchIgnoresReadsInTheCallback() {
        let a = LpSignal(-1), b = LpSignal(0)
        let s = Locked("")
        let t = watch({ a.value }, immediate: false) { value, _, _ in
            let text = "Value a is \(value); Value b is \(b.value)"
            s.mutate { $0 = text }
            return value + 10
        }
        a.value = 1
        #expect(s.current == "Value a is 1; Value b is 0")
        s.mutate { $0 = "nothing happened" }
        b.value = 10
        #expect(s.current == "nothing happened")
        a.value = 2
        #expect(s.current == "Value a is 2; Value b is 10")
        withExtendedLifetime(t) {}
    }

    // MARK: - cleanup.rs

    /// cleanup_on_dispose registers on_cleanup inside a memo, and the
    /// cleanup (which registers another one) runs when the memo is disposed.
    /// Deliberate difference: a derived value's closure has no cleanups in
    /// Tracking (its computation may be started by any reader), so
    /// `onCleanup` there registers nothing and reports a misplacedCleanup
    /// diagnostic (EventsAndCleanups, "Cleanups"); releasing the value runs
    /// nothing. Leptos runs the cleanup at dispose.
    @Test func onCleanupInsideADerivedValueIsReportedAndNeverRuns() {
        let trigger = LpSignal(0)
        let cleanups = Locked(0)
        var memo: Derived<Int>? = Derived { () -> Int in
            _ = trigger.value
            onCleanup { cleanups.increment(); onCleanup {} }
            return 0
        }
        let diagnostics = collectingDiagnostics {
            _ = untracked { memo!.value }
            memo = nil
        }
        #expect(diagnostics.map(\.kind) == [.misplacedCleanup])
        #expect(cleanups.current == 0)
        _ = memo
    }

    /// leak_on_dispose: what a memo's computation created and captured is
    /// released with the memo.
    @Test func releasingAMemoReleasesWhatItsComputationCreated() {
        let trigger = LpSignal(0)
        weak var weakPayload: LpPayload?
        do {
            let payload = LpPayload()
            weakPayload = payload
            var memo: Derived<Int>? = Derived { () -> Int in
                _ = trigger.value
                _ = LpSignal(payload)
                return 0
            }
            _ = untracked { memo!.value }
            memo = nil
            _ = memo
        }
        #expect(weakPayload == nil)
    }

    /// cleanup_on_dispose's point, with an effect, where cleanups exist:
    /// a cleanup that registers another one while its owner is disposed
    /// must not break the next owner's registrations. The nested
    /// registration, made in a cleanup, is reported and registers nothing.
    @Test func aCleanupRegisteringACleanupAtDisposalLeavesLaterOwnersWorking() {
        let trigger = LpSignal(0)
        let log = Locked<[String]>([])
        var kinds: [TrackingDiagnostic.Kind] = []
        kinds = collectingDiagnostics {
            let first = observe {
                _ = trigger.value
                onCleanup {
                    log.append("cleanup")
                    onCleanup { log.append("nested cleanup") }
                }
            }
            first.cancel()
        }.map(\.kind)
        #expect(kinds == [.misplacedCleanup])
        #expect(log.current == ["cleanup"])
        let second = observe { onCleanup { log.append("second cleanup") } }
        second.cancel()
        #expect(log.current == ["cleanup", "second cleanup"])
    }

    /// leak_on_dispose with an effect: what a run created and captured is
    /// released when the effect is cancelled.
    @Test func cancellingAnEffectReleasesWhatItsRunCreated() {
        let trigger = LpSignal(0)
        weak var weakPayload: LpPayload?
        var token: TrackingToken?
        do {
            let payload = LpPayload()
            weakPayload = payload
            token = observe {
                _ = trigger.value
                let held = LpSignal(payload)
                onCleanup { _ = held }
            }
        }
        #expect(weakPayload != nil)
        token?.cancel()
        token = nil
        #expect(weakPayload == nil)
    }

    // MARK: - leptos_reactive: cleanup.rs, untracked.rs, effect.rs

    @Test func effectCleanupRunsBeforeEachRerun() {
        let a = LpSignal(-1)
        let runs = Locked(0), cleanups = Locked(0)
        let t = observe {
            _ = a.value
            runs.increment()
            onCleanup { cleanups.increment() }
        }
        #expect([runs.current, cleanups.current] == [1, 0])
        a.value = 1
        #expect([runs.current, cleanups.current] == [2, 1])
        a.value = 2
        #expect([runs.current, cleanups.current] == [3, 2])
        t.cancel()                          // runtime.dispose()
        #expect([runs.current, cleanups.current] == [3, 3])
    }

    /// untracked_get_doesnt_trigger_effect, without its set_untracked steps
    /// (no counterpart: see the header).
    @Test func untrackedGetDoesNotTriggerEffect() {
        let a = LpSignal(-1), a2 = LpSignal(1)
        let b = Locked("")
        let t = observe {
            let text = "Values are \(a.value) and \(untracked { a2.value })"
            b.mutate { $0 = text }
        }
        #expect(b.current == "Values are -1 and 1")
        a.value = 1
        #expect(b.current == "Values are 1 and 1")
        a2.value = -1
        #expect(b.current == "Values are 1 and 1")
        a.value = -1
        #expect(b.current == "Values are -1 and -1")
        withExtendedLifetime(t) {}
    }

    @Test func effectTracksMemo() {
        let a = LpSignal(-1)
        let b = Derived { "Value is \(a.value)" }
        let c = Locked("")
        let t = observe { let text = b.value; c.mutate { $0 = text } }
        #expect(b.value == "Value is -1")
        #expect(c.current == "Value is -1")
        a.value = 1
        #expect(b.value == "Value is 1")
        #expect(c.current == "Value is 1")
        withExtendedLifetime(t) {}
    }

    @Test func untrackMutesEffect() {
        let a = LpSignal(-1)
        let b = Locked("")
        let t = observe { let text = "Value is \(untracked { a.value })"; b.mutate { $0 = text } }
        #expect(a.value == -1)
        #expect(b.current == "Value is -1")
        a.value = 1
        #expect(a.value == 1)
        #expect(b.current == "Value is -1")
        withExtendedLifetime(t) {}
    }

    @Test func batchingActuallyBatches() {
        let firstName = LpSignal("Greg"), lastName = LpSignal("Johnston")
        let count = Locked(0)
        let t = observe { _ = (firstName.value, lastName.value); count.increment() }
        #expect(count.current == 1)
        firstName.value = "Alice"
        #expect(count.current == 2)
        lastName.value = "Smith"
        #expect(count.current == 3)
        withTransaction {
            firstName.value = "Bob"
            lastName.value = "Williams"
        }
        #expect(count.current == 4)
        withExtendedLifetime(t) {}
    }
}
