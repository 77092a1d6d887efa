import Foundation
import Testing
import Tracking

/// Two numbers computed from one source, which must agree.
struct Pair: Equatable, Sendable {
    var double: Int
    var triple: Int

    init(_ source: Int) {
        double = 2 * source
        triple = 3 * source
    }

    init(double: Int, triple: Int) {
        self.double = double
        self.triple = triple
    }
}

/// Derived values read on several threads while another writes what they
/// read: a value read after a write that ended is computed from that write,
/// and what a derived value keeps as current never mixes old and new
/// dependencies.
@Suite struct DerivedConcurrencyTests {
    /// A plain read on another thread recomputes `derived`, which reads
    /// `other` for the first time; a write changes `other` while the
    /// closure runs. The end of the recomputation marks what depends on
    /// `derived` — the observer — on the reading thread, which is in no
    /// transaction: the read runs it when it ends. (It stayed queued on
    /// that thread for good, and no later write ran it.)
    @Test func anObserverThatAReadOnAnotherThreadQueuedRunsWhenTheReadEnds() {
        let numbers = LockedNumbers()
        let readsOther = Locked(false)
        let gate = Gate(armed: false)
        let derived = Derived("derived") { () -> Int in
            var result = numbers.value
            if readsOther.current {
                result += numbers.other * 100
                gate.holdIfArmed()
            }
            return result
        }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(derived.value) }
        let readerDone = DispatchSemaphore(value: 0)
        withTransaction {
            readsOther.mutate { $0 = true }
            gate.arm()
            numbers.value = 1
            Thread {
                _ = derived.value
                readerDone.signal()
            }.start()
            gate.waitUntilHeld()
        }
        numbers.other = 5
        gate.release()
        readerDone.wait()
        #expect(seen.current.last == 501)
        numbers.value = 2
        #expect(seen.current.last == 502)
        #expect(derived.value == 502)
        token.cancel()
    }

    /// The last reference to an object goes away inside a derived value's
    /// closure, on a thread that reads the value outside any transaction:
    /// the closure holds a strong reference taken from a weak one while
    /// another thread drops the owner's. The death is announced inside the
    /// computation; the observers it wakes wait for the read to end, rather
    /// than run inside it and read the value being computed (reported as a
    /// cycle that is not there, after which the observer kept a value from
    /// the living object).
    @Test func anObjectThatDiesInsideADerivedValuesClosureRunsItsObserversAfterTheRead() {
        final class Box: Trackable, @unchecked Sendable {
            let trackingRegistrar = TrackingRegistrar()
            @Tracked var value = 7
        }
        struct Weak: @unchecked Sendable { weak var box: Box? }
        let owner = Locked<Box?>(Box())
        let weak = Weak(box: owner.current)
        let numbers = LockedNumbers()
        let gate = Gate(armed: false)
        let derived = Derived("overWeak") { () -> Int in
            let box = weak.box
            let base = numbers.value
            gate.holdIfArmed()
            return (box?.value ?? -1000) + base
        }
        let seen = Locked<[Int]>([])
        let diagnostics = collectingDiagnostics {
            let token = observe { seen.append(derived.value) }
            let readerDone = DispatchSemaphore(value: 0)
            withTransaction {
                numbers.value = 1
                // Stale, and read on another thread, whose computation takes
                // the box and waits at the gate.
                gate.arm()
                Thread {
                    _ = derived.value
                    readerDone.signal()
                }.start()
                gate.waitUntilHeld()
            }
            // The observer ran at the end of the transaction, computing the
            // busy value uncached. Only the reader's reference keeps the box.
            owner.mutate { $0 = nil }
            gate.release()         // the box dies in the reader's computation
            readerDone.wait()
            #expect(seen.current.last == -999)
            token.cancel()
        }
        #expect(weak.box == nil)
        #expect(diagnostics.map(\.message) == [])
        #expect(derived.value == -999)
    }

    /// A diamond under a chain, over two numbers that two threads write,
    /// read by three more threads in a loop and by an observer. Once every
    /// thread is done, the values and what the observer saw are the last
    /// writes'. (The observer stayed queued on a reader's thread in most
    /// runs, before reads ran what they queued: a value computed uncached
    /// for a busy one reads its dependencies for the first time.)
    /// A value that another thread is computing is computed uncached for
    /// the reader; a write in that computation runs its observers when the
    /// read ends, as a write in a cached computation does, not in the middle
    /// of the closure.
    @Test func aWriteInAComputationMadeUncachedRunsItsObserversWhenTheReadEnds() {
        let model = Counter()
        let log = Locked<[String]>([])
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let calls = Locked(0)
        let derived = Derived<Int>("blocking") {
            let call = calls.mutate { count -> Int in
                count += 1
                return count
            }
            if call == 1 {
                // The first computation, on the other thread, holds the value.
                started.signal()
                release.wait()
                return 0
            }
            log.append("write")
            model.value = call
            log.append("end")
            return call
        }
        let token = observe { _ = model.value; log.append("observer") }
        log.mutate { $0.removeAll() }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = derived.value
            done.signal()
        }
        started.wait()
        let value = derived.value
        release.signal()
        done.wait()
        #expect(value == 2)
        #expect(log.current == ["write", "end", "observer"])
        token.cancel()
    }

    @Test func aChainOverADiamondWrittenByTwoThreadsEndsOnTheLastWritesEverywhere() async {
        let writes = isThreadSanitized ? 1_000 : 5_000
        for _ in 0..<(isThreadSanitized ? 1 : 4) {
            let numbers = LockedNumbers()
            let sum = Derived("sum") { numbers.value + numbers.other }
            let left = Derived("left") { sum.value * 2 }
            let right = Derived("right") { sum.value * 3 + numbers.value }
            let top = Derived("top") { [left.value, right.value, numbers.other] }
            let first = Derived("first") { top.value.reduce(0, +) + 1 }
            let second = Derived("second") { first.value + 1 }
            let remainder = Derived("remainder") { second.value % 7 }
            let end = Derived("end") { second.value + remainder.value }
            let seen = Locked<[Int]>([])
            let token = observe {
                let value = end.value
                seen.mutate { $0 = [value, numbers.value, numbers.other] }
            }
            let writersDone = Locked(0)
            await onThreads(5) { thread in
                switch thread {
                case 0, 1:
                    for n in 1...writes {
                        if thread == 0 { numbers.value = n * 1_000_000 } else { numbers.other = -n * 2 }
                    }
                    writersDone.increment()
                default:
                    while writersDone.current < 2 {
                        switch thread {
                        case 2: _ = end.value
                        case 3: _ = right.value; _ = remainder.value
                        default: _ = top.value; _ = left.value
                        }
                    }
                }
            }
            let (a, b) = (writes * 1_000_000, -writes * 2)
            let secondValue = 2 * (a + b) + 3 * (a + b) + a + b + 1 + 1
            let expected = secondValue + secondValue % 7
            #expect(second.value == secondValue)
            #expect(Array(seen.current.dropFirst()) == [a, b])
            #expect(remainder.value == secondValue % 7)
            #expect(end.value == expected)
            #expect(seen.current.first == expected)
            token.cancel()
        }
    }

    /// The race above, made deterministic. A validation of `end` recomputes
    /// `second` and holds it for `end`'s closure; in that closure, a write
    /// on another thread marks `second` again, and then `remainder` (which
    /// also reads `second`) is validated, nested, and recomputed from the
    /// held `second`, which is older than its source. `remainder` must not
    /// keep a result computed from it as current: when `second` recomputes,
    /// nothing would tell it. (It did: `end` then added the new `second` to
    /// the old remainder, for good.)
    @Test func aValueThatReadsAHeldValueAWriteMarkedAgainIsValidatedAgain() {
        let source = LockedNumbers()
        let second = Derived("second") { source.value + 1 }
        let remainderRuns = Locked(0)
        let remainder = Derived("remainder") { () -> Int in
            remainderRuns.increment()
            return second.value % 7
        }
        let writeInside = Locked(false)
        let end = Derived("end") { () -> Int in
            let secondValue = second.value
            if writeInside.mutate({ let armed = $0; $0 = false; return armed }) {
                onAnotherThread { source.value = 10 }()
            }
            return secondValue + remainder.value
        }
        #expect(end.value == 1 + 1)
        source.value = 1
        writeInside.mutate { $0 = true }
        let runsBefore = remainderRuns.current
        // second = 11, remainder = 11 % 7 = 4.
        #expect(end.value == 15)
        #expect(remainder.value == 4)
        #expect(second.value == 11)
        #expect(writeInside.current == false)
        // Once, computing `second`'s closure itself (the held `second` was
        // marked again): not from the held 2, and not again when `second`
        // recomputes to 11.
        #expect(remainderRuns.current - runsBefore == 1)
    }

    /// A diamond (`pair` reads `double` and `triple`, both of which read
    /// `source`), read by an observer, by two reader threads in a loop and by
    /// the writer after each of its writes. (A validation held `double`,
    /// recomputed, for `pair`'s recomputation while a write marked it again,
    /// and the recomputation cleared the mark `pair` had from that write:
    /// `pair` kept a mixed value as current for good.)
    @Test(arguments: [true, false])
    func aDiamondReadOnSeveralThreadsIsCurrentAfterEachWrite(observed: Bool) async {
        let writes = isThreadSanitized ? 2_000 : 20_000
        let source = LockedNumbers()
        let double = Derived("double") { source.value * 2 }
        let triple = Derived("triple") { source.value * 3 }
        let pair = Derived("pair") { Pair(double: double.value, triple: triple.value) }
        let token: TrackingToken? = observed ? observe { _ = pair.value } : nil
        let wrongAfterWrite = Locked<[String]>([])
        let done = Locked(false)
        await onThreads(3) { thread in
            if thread == 0 {
                for value in 1...writes {
                    source.value = value
                    let read = pair.value
                    if read != Pair(value) {
                        wrongAfterWrite.append("wrote \(value), read \(read)")
                        break
                    }
                }
                done.mutate { $0 = true }
            } else {
                while !done.current { _ = pair.value }
            }
        }
        #expect(wrongAfterWrite.current == [])
        // Every thread is done: the values are the last write's.
        #expect(pair.value == Pair(source.value))
        #expect(double.value == 2 * source.value)
        withExtendedLifetime(token) {}
    }

    /// Two values that read each other, read at once on two threads: each
    /// thread runs one, finds the other running on the other thread,
    /// computes it itself without caching, and reaches its own value again.
    /// Each error names the whole cycle (an uncached computation named
    /// none: "b → b").
    @Test func aCycleReadOnTwoThreadsAtOnceIsNamedWholeOnEach() async {
        final class Later: @unchecked Sendable { var b: ThrowingDerived<Int>? }
        let later = Later()
        let aStarted = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let bStarted = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let aRuns = Locked(0)
        let bRuns = Locked(0)
        // Each value's first run (cached, on its thread) waits until the
        // other's has started, and its second (uncached, on the other
        // thread) until the other's second has: both cycles are then found
        // while both first runs are still running.
        // (A later run, validating again a value whose dependency finished
        // computing meanwhile, waits for nothing.)
        let a = ThrowingDerived<Int>("a") {
            let run = aRuns.mutate { $0 += 1; return $0 }
            if run <= 2 {
                aStarted[run - 1].signal()
                bStarted[run - 1].wait()
            }
            return try later.b!.value + 1
        }
        let b = ThrowingDerived<Int>("b") {
            let run = bRuns.mutate { $0 += 1; return $0 }
            if run <= 2 {
                bStarted[run - 1].signal()
                aStarted[run - 1].wait()
            }
            return try a.value + 1
        }
        later.b = b
        let errors = Locked<[String: [String]]>([:])
        await onThreads(2) { thread in
            let (name, value) = thread == 0 ? ("a", a) : ("b", b)
            do {
                _ = try value.value
            } catch let error as DerivedCycleError {
                errors.mutate { $0[name] = error.cycle }
            } catch {
                errors.mutate { $0[name] = ["unexpected: \(error)"] }
            }
        }
        // Each names the whole cycle: from the value read, or, when the
        // value was validated again once the other had cached its error,
        // as that error names it.
        let whole: Set<[String]> = [["a", "b", "a"], ["b", "a", "b"]]
        #expect(errors.current.keys.sorted() == ["a", "b"])
        #expect(errors.current.values.allSatisfy { whole.contains($0) })
    }
}
