import Foundation
import Testing
@testable import Tracking

/// After many cycles of tracking and cancelling, or of creating, observing
/// and releasing objects, nothing is left behind: no dependency, no object.
/// CI also runs these under the address sanitizer.
@Suite struct LeakTests {
    /// Also the regression test for fault (a): a registration cancelled
    /// before any change must not stay behind.
    @Test func aMillionTrackAndCancelCyclesLeaveNoDependency() {
        let start = TrackingStatistics.liveDependencyCountOnThisThread
        let book = Book()
        for index in 0..<1_000_000 {
            switch index % 3 {
            case 0:
                observe { _ = book.title }.cancel()
            case 1:
                let scope = TrackingScope {}
                scope.track { _ = book.author }
                scope.cancel()
            default:
                withTracking { _ = book.title } onChange: {}
                book.title = "\(index)"     // fires and frees the one-shot
            }
        }
        #expect(book.trackingRegistrar.activeDependencyCount == 0)
        #expect(TrackingStatistics.liveDependencyCountOnThisThread == start)
    }

    /// Releasing the last value of a long chain frees the chain in a loop,
    /// not one nest of deinitializers per value: here on a thread whose
    /// stack (256 KB) holds a few hundred such nests at most (found by a
    /// fresh-eyes review: 100,000 values overflowed the main thread's).
    @Test func releasingTheLastOfALongChainFreesItOnASmallStack() async {
        let length = 20_000
        let cell = Cell(0)
        let chains = Locked<(Derived<Int>?, ThrowingDerived<Int>?)>((nil, nil))
        let first = chains.mutate { chains in
            let (last, first) = LeakTests.chain(length, cell)
            let (throwingLast, throwingFirst) = LeakTests.throwingChain(length, cell)
            chains = (last, throwingLast)
            return (first, throwingFirst)
        }
        #expect(chains.current.0?.value == length - 1)
        #expect((try? chains.current.1?.value) == length - 1)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                chains.mutate { $0 = (nil, nil) }
                done.resume()
            }
            thread.stackSize = 1 << 18
            thread.start()
        }
        #expect(first.0.value == nil)
        #expect(first.1.value == nil)
    }

    /// A chain of `length` values over `cell`, each computed: the last, and
    /// the first, weakly.
    private static func chain(_ length: Int, _ cell: Cell<Int>) -> (Derived<Int>, Weak<Derived<Int>>) {
        var last = Derived { cell.value }
        let first = Weak(last)
        for _ in 1..<length {
            let previous = last
            last = Derived { previous.value + 1 }
            _ = last.value
        }
        return (last, first)
    }

    private static func throwingChain(_ length: Int, _ cell: Cell<Int>) -> (ThrowingDerived<Int>, Weak<ThrowingDerived<Int>>) {
        var last = ThrowingDerived { cell.value }
        let first = Weak(last)
        for _ in 1..<length {
            let previous = last
            last = ThrowingDerived { try previous.value + 1 }
            _ = try? last.value
        }
        return (last, first)
    }

    @Test func aHundredThousandObjectsCreatedObservedAndReleased() {
        let start = TrackingStatistics.liveDependencyCountOnThisThread
        let deinits = Locked(0)
        let runs = Locked(0)
        let shared = Counter()
        for index in 0..<100_000 {
            let object = Watched(deinits: deinits)
            let doubled = Derived { object.value * 2 }
            let token = observe {
                _ = doubled.value
                _ = shared.value
                runs.increment()
            }
            object.value = index + 1
            if index % 2 == 0 { token.cancel() }
        }
        #expect(deinits.current == 100_000)
        #expect(runs.current == 200_000)
        #expect(shared.trackingRegistrar.activeDependencyCount == 0)
        #expect(TrackingStatistics.liveDependencyCountOnThisThread == start)
    }

    /// Queues and runs hold no reference to an observer: one whose token is
    /// cancelled and released while it is queued (by an observer that runs
    /// before it in the same round, directly or through a derived value) or
    /// while it runs (by its own body) keeps itself alive until its turn or
    /// its run ends, then goes. The address sanitizer sees a use after free
    /// or a leak of either.
    @Test func observersReleasedWhileQueuedOrRunningRunNoMoreAndAreFreed() {
        let start = TrackingStatistics.liveDependencyCountOnThisThread
        let book = Book()
        let firstRuns = Locked(0)
        let laterRuns = Locked(0)
        for index in 0..<1_000 {
            let later = Locked<TrackingToken?>(nil)
            let doubled = Derived { book.title + book.title }
            let first = observe {
                _ = book.title
                if firstRuns.mutate({ $0 += 1; return $0 }) % 2 == 0 {
                    later.mutate { $0 = nil }      // cancelled and released
                }
            }
            switch index % 3 {
            case 0:
                later.mutate { $0 = observe { _ = book.title; laterRuns.increment() } }
            case 1:
                later.mutate { $0 = observe { _ = doubled.value; laterRuns.increment() } }
            default:
                // Releases itself from its own body, on its second run.
                let own = Locked<TrackingToken?>(nil)
                own.mutate {
                    $0 = observe {
                        _ = book.title
                        if laterRuns.mutate({ $0 += 1; return $0 }) % 2 == 0 { own.mutate { $0 = nil } }
                    }
                }
            }
            book.title = "\(index)"
            first.cancel()
        }
        #expect(firstRuns.current == 2_000)
        // Each later observer ran once, when it was created; those that
        // released themselves also ran a second time.
        #expect(laterRuns.current == 1_000 + 333)
        #expect(book.trackingRegistrar.activeDependencyCount == 0)
        #expect(TrackingStatistics.liveDependencyCountOnThisThread == start)
    }
}

/// A weak reference, to see whether an object was freed.
final class Weak<Object: AnyObject>: @unchecked Sendable {
    weak var value: Object?

    init(_ value: Object) {
        self.value = value
    }
}
