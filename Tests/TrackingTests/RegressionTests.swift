import Testing
@testable import Tracking

/// Faults reported against other observation libraries, each kept as a
/// regression test: (a) is in LeakTests, (b) in DeallocationTests, (c) and (e)
/// in ConcurrencyTests; this file holds (d), (f) and (g).
@Suite struct RegressionTests {
    /// (d) A nested child observer that re-runs does not re-run its parent.
    @Test func aChildThatRunsAgainDoesNotRunItsParent() {
        let book = Book()
        let parentRuns = Locked(0)
        let childRuns = Locked(0)
        let children = Locked<[TrackingToken]>([])
        let parent = observe {
            parentRuns.increment()
            _ = book.title
            children.append(observe { _ = book.author; childRuns.increment() })
        }
        for index in 0..<10 { book.author = "\(index)" }
        #expect(childRuns.current == 11)
        #expect(parentRuns.current == 1)
        withExtendedLifetime(parent) {}
    }

    /// (f) Assigning an equal value runs no observer; a user didSet still runs.
    @Test func anEqualAssignmentRunsNoObserverButDidSetRuns() {
        let log = Locked<[String]>([])
        let audited = Audited(log: log)
        let runs = Locked(0)
        let token = observe { _ = audited.value; runs.increment() }
        audited.value = 0
        audited.value = 0
        #expect(runs.current == 1)
        #expect(log.current.filter { $0.hasPrefix("didSet") }.count == 2)
        withExtendedLifetime(token) {}
    }

    /// (g) Appending 10,000 times to a tracked array of 100,000 elements makes
    /// no copy of the storage, so the work stays linear.
    @Test func appendingToALargeTrackedArrayMakesNoCopy() {
        let copies = Locked(0)
        let holder = ListHolder(list: CopyCountingList(count: 100_000, copies: copies))
        let token = observe { _ = holder.list.count }
        for value in 0..<10_000 { holder.list.append(value) }
        #expect(copies.current == 0)
        #expect(holder.list.count == 110_000)
        withExtendedLifetime(token) {}
    }
}
