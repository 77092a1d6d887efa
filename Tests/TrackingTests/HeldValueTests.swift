import Foundation
import Testing
import Tracking

/// A derived value held for its parent's recomputation (see `Pull`) and
/// read outside the parent's own scope: in `untracked`, or by another value
/// that the parent's closure validates.
@Suite struct HeldValueTests {
    /// `second` reads itself once `loops` is set (a cycle, reported, its
    /// previous value returned). It is held for `end`; a write on another
    /// thread marks it again while `end`'s closure runs, and `end` then reads
    /// it outside its own scope (`untracked`). The cycle must be reported,
    /// not recurse until the stack overflows.
    @Test func aHeldValueInACycleThatAWriteMarkedAgainReadUntrackedByItsParent() {
        let source = LockedNumbers()
        let loops = Locked(false)
        let (second, box) = loopingSecond(source, loops)
        defer { box.mutate { $0 = nil } }
        let writeInside = Locked(false)
        let end = Derived("end") { () -> Int in
            let secondValue = second.value
            writeOnceOnAnotherThread(writeInside, source)
            return secondValue + untracked { second.value }
        }
        #expect(end.value == 2)
        loops.mutate { $0 = true }
        writeInside.mutate { $0 = true }
        let diagnostics = collectingDiagnostics {
            source.value = 1
            _ = end.value
        }
        // `end`'s first computation reads the held 2 and, untracked, 11
        // (computed uncached: the held value was marked again); validated
        // again, it ends on 11 + 11.
        #expect(end.value == 22)
        #expect(second.value == 11)
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { $0.kind == .derivedCycle && $0.properties.contains("second") })
    }

    /// The same through a nested derived value (`remainder`), which `end`'s
    /// closure validates and which reads the held `second`.
    @Test func aHeldValueInACycleThatAWriteMarkedAgainReadByANestedValue() {
        let source = LockedNumbers()
        let loops = Locked(false)
        let (second, box) = loopingSecond(source, loops)
        defer { box.mutate { $0 = nil } }
        let remainder = Derived("remainder") { second.value % 7 }
        let writeInside = Locked(false)
        let end = Derived("end") { () -> Int in
            let secondValue = second.value
            writeOnceOnAnotherThread(writeInside, source)
            return secondValue + remainder.value
        }
        #expect(end.value == 2)
        loops.mutate { $0 = true }
        writeInside.mutate { $0 = true }
        let diagnostics = collectingDiagnostics {
            source.value = 1
            _ = end.value
        }
        #expect(end.value == 11 + 11 % 7)
        #expect(remainder.value == 11 % 7)
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { $0.kind == .derivedCycle && $0.properties.contains("second") })
    }
}

/// `second` (`source.value + 1`), which reads itself (a cycle, reported, its
/// previous value returned) once `loops` is set, and the box through which
/// it does: empty it at the end, to let `second` go.
private func loopingSecond(_ source: LockedNumbers, _ loops: Locked<Bool>) -> (Derived<Int>, Locked<Derived<Int>?>) {
    let box = Locked<Derived<Int>?>(nil)
    let second = Derived("second") { () -> Int in
        let value = source.value + 1
        if loops.current, let me = box.current { _ = me.value }
        return value
    }
    box.mutate { $0 = second }
    return (second, box)
}

/// If `armed`, disarms it and writes 10 to `source` on another thread,
/// waiting for the write: called from a parent's closure, it marks the
/// value held for that parent again.
private func writeOnceOnAnotherThread(_ armed: Locked<Bool>, _ source: LockedNumbers) {
    if armed.mutate({ let wasArmed = $0; $0 = false; return wasArmed }) {
        onAnotherThread { source.value = 10 }()
    }
}

/// A value another thread is computing is computed uncached by a reader;
/// if its closure then reads itself, that is a cycle on the reader's thread
/// too, reported at once (it recursed, computing the value uncached again
/// and again, for as long as the other thread kept its claim).
@Suite struct UncachedCycleTests {
    @Test func aValueComputedUncachedThatReadsItselfReportsTheCycle() {
        let source = LockedNumbers()
        let gate = Gate(armed: false)
        let loops = Locked(false)
        let box = Locked<Derived<Int>?>(nil)
        let looping = Derived("looping") { () -> Int in
            gate.holdIfArmed()
            if loops.current, let me = box.current { _ = me.value }
            return source.value + 1
        }
        box.mutate { $0 = looping }
        defer { box.mutate { $0 = nil } }
        #expect(looping.value == 1)
        source.value = 1
        gate.arm()
        let join = onAnotherThread { _ = looping.value }   // computes, held at the gate
        gate.waitUntilHeld()
        loops.mutate { $0 = true }
        var read = 0
        let diagnostics = collectingDiagnostics { read = looping.value }   // busy: computed here, uncached
        gate.release()
        join()
        #expect(read == 2)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.kind == .derivedCycle)
        #expect(diagnostics.first?.properties.contains("looping") == true)
    }
}

/// A result whose deinitializer reads the graph.
final class DeinitReadingBox: @unchecked Sendable {
    let number: Int
    let onDeinit: @Sendable () -> Void
    init(_ number: Int, onDeinit: @escaping @Sendable () -> Void) {
        self.number = number
        self.onDeinit = onDeinit
    }
    deinit { onDeinit() }
}

struct NumberError: Error, Equatable {
    let number: Int
}

@Suite struct HeldValueStressTests {
    /// `end` reads `second` (held for it when it changed), `remainder` and
    /// `thrower`, which read `second` too, and `second` untracked and in a
    /// `withTracking` scope; `second`'s results are objects whose
    /// deinitializer reads another derived value. One thread writes and
    /// reads, two read: after each write, the writer reads the write's values.
    @Test(arguments: [false, true])
    func nestedReadersOfAHeldValueOnSeveralThreads(observed: Bool) async {
        let writes = isThreadSanitized ? 1_500 : 15_000
        let source = LockedNumbers()
        let probe = Derived("probe") { source.value * 5 }
        let second = Derived("second", isEqual: { $0.number == $1.number }) { () -> DeinitReadingBox in
            DeinitReadingBox(source.value + 1) { _ = probe.value }
        }
        let remainder = Derived("remainder") { second.value.number % 7 }
        let thrower = ThrowingDerived("thrower") { () throws -> Int in
            let number = second.value.number
            if number % 3 == 0 { throw NumberError(number: number) }
            return number
        }
        let end = Derived("end") { () -> [Int] in
            let s = second.value.number
            let r = remainder.value
            let u = untracked { second.value.number }
            var w = 0
            withTracking { w = second.value.number } onChange: {}
            let t: Int
            do { t = try thrower.value } catch let error as NumberError { t = -error.number } catch { t = -1 }
            return [s, r, u, w, t]
        }
        @Sendable func expected(_ value: Int) -> [Int] {
            let n = value + 1
            return [n, n % 7, n, n, n % 3 == 0 ? -n : n]
        }
        let token: TrackingToken? = observed ? observe { _ = end.value } : nil
        let wrong = Locked<[String]>([])
        let done = Locked(false)
        await onThreads(3) { thread in
            if thread == 0 {
                for value in 1...writes {
                    source.value = value
                    let read = end.value
                    if read != expected(value) {
                        wrong.append("wrote \(value), read \(read)")
                        break
                    }
                    if remainder.value != (value + 1) % 7 {
                        wrong.append("wrote \(value), remainder \(remainder.value)")
                        break
                    }
                }
                done.mutate { $0 = true }
            } else {
                while !done.current {
                    if thread == 1 {
                        _ = end.value
                        _ = try? thrower.value
                    } else {
                        _ = remainder.value
                        _ = end.value
                        _ = second.value
                    }
                }
            }
        }
        #expect(wrong.current == [])
        #expect(end.value == expected(source.value))
        #expect(probe.value == 5 * source.value)
        withExtendedLifetime(token) {}
    }
}

@Suite struct HeldThrowingValueTests {
    /// A throwing value that reads itself (the cycle is thrown, and it
    /// catches it), held for `end`, marked again by a write on another
    /// thread, and read by `end` outside its own scope.
    @Test func aHeldThrowingValueThatReadsItselfMarkedAgainReadUntracked() throws {
        let source = LockedNumbers()
        let box = Locked<ThrowingDerived<Int>?>(nil)
        let second = ThrowingDerived("second") { () throws -> Int in
            _ = try? box.current?.value
            return source.value + 1
        }
        box.mutate { $0 = second }
        defer { box.mutate { $0 = nil } }
        let writeInside = Locked(false)
        let end = ThrowingDerived("end") { () throws -> Int in
            let secondValue = try second.value
            writeOnceOnAnotherThread(writeInside, source)
            return try secondValue + untracked { try second.value }
        }
        #expect(try end.value == 2)
        writeInside.mutate { $0 = true }
        source.value = 1
        // 2 + 11 (untracked, computed uncached, its own read a cycle it
        // catches), then validated again: 11 + 11.
        #expect(try end.value == 22)
        #expect(try second.value == 11)
    }
}
