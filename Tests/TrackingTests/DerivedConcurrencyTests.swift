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
