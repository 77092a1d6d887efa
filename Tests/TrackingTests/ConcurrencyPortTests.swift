import Dispatch
import Foundation
import Testing
import Tracking

// Behaviours of observers and derived values under writes and reads from
// several threads, ported from the concurrency tests of signals libraries
// (alien-signals, Preact, Solid) and from Apple's Observation tests: exact
// run counts, one-shot scopes firing once, cancellation, and computations
// that overlap a write on another thread (held there with semaphores).

@Suite struct PortedConcurrencyTests {
    // MARK: Exact counts

    /// Each object written by one thread only, unbatched: its observer runs
    /// on that thread after each write, so exactly once per write.
    @Test func oneWriterThreadPerObjectRunsEachObserverOncePerWrite() {
        let numbers = (0..<4).map { _ in NumbersAndFlag() }
        let runs = Locked<[Int]>([0, 0, 0, 0])
        let lastSeen = Locked<[Int]>([0, 0, 0, 0])
        let tokens = (0..<4).map { i in
            observe {
                let v = numbers[i].value
                runs.mutate { $0[i] += 1 }
                lastSeen.mutate { $0[i] = v }
            }
        }
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            for n in 1...2_000 { numbers[i].value = n }
        }
        #expect(runs.current == [2_001, 2_001, 2_001, 2_001])
        #expect(lastSeen.current == [2_000, 2_000, 2_000, 2_000])
        tokens.forEach { $0.cancel() }
    }

    /// Writes serialized by a lock, each its own transaction: the observer,
    /// of the property or of a derived value over it, runs once per write
    /// and last sees the final value.
    @Test(arguments: [false, true])
    func serializedWritesFromManyThreadsRunTheObserverOncePerWrite(throughADerivedValue: Bool) {
        let c = NumbersAndFlag()
        let doubled = Derived { c.other * 2 }
        let runs = Locked(0)
        let last = Locked(-1)
        let token = observe {
            let v = throughADerivedValue ? doubled.value : c.other * 2
            last.mutate { $0 = v }
            runs.increment()
        }
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<1_000 {
                lock.withLock { c.other = c.other + 1 }
            }
        }
        #expect(c.other == 4_000)
        #expect(last.current == 8_000)
        #expect(runs.current == 4_001)
        token.cancel()
    }

    // MARK: One-shot scopes

    @Test func oneShotScopesOnManyObjectsFireExactlyOnceUnderConcurrentWrites() {
        let numbers = (0..<64).map { _ in LockedNumbers() }
        let fired = Locked(0)
        for n in numbers { withTracking { _ = n.value } onChange: { fired.increment() } }
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            for (i, n) in numbers.enumerated() { n.value = t * 1000 + i + 1 }
        }
        #expect(fired.current == 64)
    }

    @Test func aOneShotScopeOverOnePropertyWrittenByEightThreadsAtOnceFiresOnce() {
        for _ in 0..<200 {
            let c = LockedNumbers()
            let fired = Locked(0)
            withTracking { _ = c.value } onChange: { fired.increment() }
            DispatchQueue.concurrentPerform(iterations: 8) { t in c.value = t + 1 }
            #expect(fired.current == 1)
        }
    }

    // MARK: Derived values read from many threads

    @Test func aDerivedValueReadFromManyThreadsIsCurrentAfterTheWrites() {
        let c = LockedNumbers()
        let d = Derived { c.value * 2 }
        let seen = Locked(-1)
        let token = observe { let v = d.value; seen.mutate { $0 = v } }
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            for n in 0..<1_000 {
                if t == 0 { c.value = n + 1 } else { _ = d.value }
            }
        }
        #expect(d.value == 2_000)
        #expect(seen.current == 2_000)
        token.cancel()
    }

    @Test func concurrentFirstReadsOfADerivedValueAgree() {
        for _ in 0..<100 {
            let c = NumbersAndFlag()
            c.value = 21
            let computations = Locked(0)
            let d = Derived { () -> Int in computations.increment(); return c.value * 2 }
            let results = Locked<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in results.append(d.value) }
            #expect(results.current == [42, 42, 42, 42])
            #expect((1...4).contains(computations.current))
            let before = computations.current
            _ = d.value
            #expect(computations.current == before)
        }
    }

    // MARK: Cancellation and changes back

    /// After `cancel()` returns, no new run starts; a run that began before
    /// may still be finishing, at most one per writer thread.
    @Test func noRunStartsAfterCancelReturnsWhileOtherThreadsWrite() {
        for _ in 0..<50 {
            let c = LockedNumbers()
            let cancelled = Locked(false)
            let lateRuns = Locked(0)
            let token = observe {
                _ = c.value
                if cancelled.current { lateRuns.increment() }
            }
            DispatchQueue.concurrentPerform(iterations: 3) { t in
                if t == 0 {
                    for _ in 0..<50 { _ = c.value }
                    token.cancel()
                    cancelled.mutate { $0 = true }
                } else {
                    for n in 0..<300 { c.value = t * 1000 + n }
                }
            }
            #expect(lateRuns.current <= 2)
        }
    }

    @Test func aValueChangedAndBackOnOneThreadWhileAnotherWritesLeavesTheObserverOnTheFinalValue() {
        for _ in 0..<200 {
            let c = LockedNumbers()
            let last = Locked(-1)
            let token = observe { let v = c.value; last.mutate { $0 = v } }
            DispatchQueue.concurrentPerform(iterations: 2) { t in
                if t == 0 {
                    withTransaction { c.value = 1; c.value = 0 }
                } else {
                    c.other = 1
                }
            }
            #expect(last.current == 0)
            #expect(c.value == 0)
            token.cancel()
        }
    }

    // MARK: Computations overlapping a write

    /// Thread A computes a derived value from the old value and is held
    /// there while the test thread writes. A's result is not kept as current:
    /// the write marked the computation, so A validates the value again
    /// before its read returns, and returns the new one.
    @Test func aComputationOverlappingAWriteIsNotCachedAsCurrent() {
        let c = LockedNumbers()
        let gate = Gate(armed: true)
        let d = Derived { () -> Int in
            let v = c.value
            gate.holdIfArmed()
            return v * 10
        }
        let result = Locked(-1)
        let join = onAnotherThread { result.mutate { $0 = d.value } }
        gate.waitUntilHeld()
        c.value = 1
        let other = d.value   // the computation is busy elsewhere: this makes its own
        gate.release()
        join()
        #expect(other == 10)
        #expect(result.current == 10)
        #expect(d.value == 10)
    }

    @Test func anObservedComputationOverlappingAWriteEndsWithTheObserverOnTheNewValue() {
        let c = LockedNumbers()
        let gate = Gate(armed: false)
        let d = Derived { () -> Int in
            let v = c.value
            gate.holdIfArmed()
            return v * 10
        }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(d.value) }
        gate.arm()
        let join = onAnotherThread { c.value = 1 }   // its observer run computes, held
        gate.waitUntilHeld()
        c.value = 2
        gate.release()
        join()
        waitUntil { seen.current.last == 20 }
        #expect(seen.current.last == 20)
        #expect(d.value == 20)
        token.cancel()
    }

    @Test func aWriteDuringARunOnAnotherThreadRunsTheObserverAgain() {
        let c = LockedNumbers()
        let gate = Gate(armed: false)
        let seen = Locked<[Int]>([])
        let token = observe {
            let v = c.value
            gate.holdIfArmed()
            seen.append(v)
        }
        gate.arm()
        let join = onAnotherThread { c.value = 1 }
        gate.waitUntilHeld()
        c.value = 2
        gate.release()
        join()
        waitUntil { seen.current.last == 2 }
        #expect(seen.current.last == 2)
        token.cancel()
    }

    /// Waits (at most ten seconds) for a run that another thread may still
    /// be finishing; the test's expectations then say whether it came.
    private func waitUntil(_ condition: () -> Bool) {
        for _ in 0..<10_000 where !condition() { usleep(1_000) }
    }
}

/// Holds the first computation or run that passes it once armed, until the
/// test releases it, so that a test can write while it is underway.
final class Gate: Sendable {
    private let armed: Locked<Bool>
    private let entered = DispatchSemaphore(value: 0)
    private let proceed = DispatchSemaphore(value: 0)

    init(armed: Bool) {
        self.armed = Locked(armed)
    }

    func arm() { armed.mutate { $0 = true } }

    /// Called from the computation or run: the first call after arming
    /// waits for `release()`; the others pass.
    func holdIfArmed() {
        guard armed.mutate({ armed in defer { armed = false }; return armed }) else { return }
        entered.signal()
        proceed.wait()
    }

    func waitUntilHeld() { entered.wait() }

    func release() { proceed.signal() }
}
