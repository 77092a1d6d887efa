import Dispatch
import Observation
import Testing
@testable import Tracking

/// The bridge's Apple registrar is made by whichever thread reads an object
/// first; threads that race to make it end up sharing one. Runs under the
/// thread sanitizer in CI (its name matches the `ConcurrencyTests` filter).
@Suite struct ObservationBridgeConcurrencyTests {
    @Test func threadsRacingToMakeTheAppleRegistrarShareOne() {
        let threads = 4
        let books = (0..<64).map { _ in BridgedBook() }
        let fired = Locked(0)
        // Every thread reads every book's title inside Apple's tracking, so
        // every book's registrar is made by several threads at once.
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for book in books {
                withObservationTracking { _ = book.title } onChange: { fired.increment() }
            }
        }
        let bridges = Set(books.map { $0.trackingRegistrar.storage.lock.pointer })
        #expect(bridges.count == books.count && !bridges.contains(0))
        // Each scope was registered with the registrar that was kept.
        for book in books { book.title = "changed" }
        #expect(fired.current == threads * books.count)
    }
}
