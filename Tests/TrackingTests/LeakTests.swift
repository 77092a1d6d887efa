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
}
