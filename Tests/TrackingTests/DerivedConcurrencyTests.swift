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
}
