import Testing
@testable import Tracking

/// Lists, their aggregates and their readers, made, observed, edited and
/// released many times, leave nothing behind: no dependency, no node, no
/// list. CI also runs these under the address sanitizer (`LeakTests`).
@Suite struct TrackedListLeakTests {
    @Test func tenThousandListsObservedEditedAndReleased() {
        let start = TrackingStatistics.liveDependencyCountOnThisThread
        weak var lastList: TrackedList<Chore>?
        weak var lastNode: ElementNode<Chore>?
        let runs = Locked(0)
        for index in 0..<10_000 {
            let list = TrackedList((1...5).map { Chore(id: $0, title: "chore \($0)") })
            let completed = list.counting(where: \.isDone)
            let pending = list.filtering { !$0.isDone }
            let token = observe {
                _ = list[id: 1]
                _ = list[id: 2, \.title]
                _ = list.count
                _ = list.map(\.id)
                _ = completed.value
                _ = pending.elements
                runs.increment()
            }
            list[id: 1]?.isDone = true
            list.remove(id: 2)
            list.append(Chore(id: 6, title: "six"))
            if index % 2 == 0 { token.cancel() }
            lastList = list
            lastNode = list.existingElementNode(list.slot(of: 1)!)?.takeUnretainedValue()
        }
        #expect(lastList == nil)
        #expect(lastNode == nil)
        #expect(runs.current == 40_000)
        #expect(TrackingStatistics.liveDependencyCountOnThisThread == start)
    }
}
