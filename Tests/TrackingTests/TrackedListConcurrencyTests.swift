import Foundation
import Testing
@testable import Tracking

/// A tracked list shared by threads that observe it while one thread edits
/// it (the elements are as safe as a stored property, so edits and reads of
/// values are ordered by the test; the engine's bookkeeping is not).
@Suite struct TrackedListConcurrencyTests {
    @Test func threadsThatReadElementsForTheFirstTimeAtOnceShareOneNodeEach() async {
        let list = TrackedList((1...64).map { Chore(id: $0, title: "chore \($0)") }, name: "shared")
        let runs = Locked([Int](repeating: 0, count: 65))
        // Four threads each observe every element: the first tracked reads of
        // an element race to make its node.
        let tokens = await withTaskGroup(of: [TrackingToken].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    (1...64).map { id in
                        observe {
                            _ = list[id: id, \.isDone]
                            _ = list[id: id]
                            runs.mutate { $0[id] += 1 }
                        }
                    }
                }
            }
            var all: [TrackingToken] = []
            for await tokens in group { all += tokens }
            return all
        }
        #expect(runs.current.dropFirst().allSatisfy { $0 == 4 })
        for id in 1...64 {
            let node = list.existingElementNode(list.slot(of: id)!)!
            #expect(node._withUnsafeGuaranteedRef { $0.linkCount.load(ordering: .relaxed) } == 4)
        }
        for id in 1...64 { list[id: id]?.isDone = true }
        #expect(runs.current.dropFirst().allSatisfy { $0 == 8 })
        withExtendedLifetime(tokens) {}
    }

    @Test func editsOnOneThreadRunObserversCreatedOnOthersOnce() async {
        let list = TrackedList((1...16).map { Chore(id: $0, title: "chore \($0)") }, name: "shared")
        let completed = list.counting(where: \.isDone)
        let seen = Locked<[Int]>([])
        let token = await Task.detached {
            observe { seen.append(completed.value) }
        }.value
        await Task.detached {
            withTransaction {
                for id in 1...16 { list[id: id]?.isDone = true }
            }
            list.remove(id: 3)
        }.value
        #expect(seen.current == [0, 16, 15])
        withExtendedLifetime((token, completed)) {}
    }
}
