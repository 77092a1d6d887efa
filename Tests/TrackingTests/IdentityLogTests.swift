import Testing
@testable import Tracking

/// What a `TrackedList` reports of its ids' changes since a version: what a
/// `ForEach` over it renders from instead of comparing every id.
@Suite struct IdentityLogTests {
    private func list(_ ids: ClosedRange<Int>) -> TrackedList<Chore> {
        TrackedList(ids.map { Chore(id: $0, title: "chore \($0)") }, name: "chores")
    }

    private func placedIDs(_ changes: (removed: [Int], placed: [(id: Int, offset: Int)])?) -> [Int]? {
        changes.map { $0.placed.map(\.id) }
    }

    @Test func theChangesSinceAVersionAreThoseAfterItOnly() {
        let chores = list(1...3)
        _ = chores.identityChanges(since: chores.identityVersion)  // starts recording
        chores.append(Chore(id: 4, title: "chore 4"))
        let afterFirst = chores.identityVersion
        chores.append(Chore(id: 5, title: "chore 5"))
        chores.remove(id: 1)
        let since = chores.identityChanges(since: afterFirst)
        #expect(since?.removed == [1])
        #expect(since?.placed.map(\.id) == [5])
        #expect(since?.placed.map(\.offset) == [3])
        let all = chores.identityChanges(since: afterFirst - 1)
        #expect(all?.removed == [1])
        #expect(placedIDs(all) == [4, 5])
        #expect(chores.identityChanges(since: chores.identityVersion)?.placed.isEmpty == true)
    }

    @Test func anIDTouchedTwiceIsReportedOnceByItsFirstChange() {
        let chores = list(1...3)
        let start = chores.identityVersion
        _ = chores.identityChanges(since: start)
        chores.append(Chore(id: 9, title: "nine"))
        chores.remove(id: 9)  // inserted, then removed: nothing to report
        chores.remove(id: 2)
        chores.append(Chore(id: 2, title: "two again"))  // removed, then inserted: placed
        let changes = chores.identityChanges(since: start)
        #expect(changes?.removed == [])
        #expect(placedIDs(changes) == [2])
        #expect(changes?.placed.first?.offset == 2)
    }

    @Test func manyChangesSinceAVersionAreEachReportedOnce() {
        // More than the few ids compared one by one: a set tells them apart.
        let chores = list(1...40)
        let start = chores.identityVersion
        _ = chores.identityChanges(since: start)
        for id in 1...20 { chores.remove(id: id) }
        for id in 1...10 { chores.append(Chore(id: id, title: "back \(id)")) }
        let changes = chores.identityChanges(since: start)
        #expect(changes?.removed == Array(11...20))
        #expect(placedIDs(changes) == Array(1...10))
        #expect(changes?.placed.map(\.offset) == Array(20..<30))
    }

    @Test func aVersionOlderThanTheKeptEntriesGetsNoAnswer() {
        let chores = list(1...2)
        let start = chores.identityVersion
        _ = chores.identityChanges(since: start)
        for round in 0..<(IdentityLog<Int>.limit / 2 + 10) {
            chores.append(Chore(id: 100 + round, title: "new"))
            chores.remove(id: 100 + round)
        }
        #expect(chores.identityChanges(since: start) == nil)
        let recent = chores.identityVersion
        chores.append(Chore(id: 7, title: "seven"))
        #expect(placedIDs(chores.identityChanges(since: recent)) == [7])
    }

    @Test func beforeAnyoneAsksNothingIsRecorded() {
        let chores = list(1...2)
        let start = chores.identityVersion
        chores.append(Chore(id: 3, title: "three"))
        #expect(chores.identityChanges(since: start) == nil)
        #expect(chores.identityChanges(since: chores.identityVersion)?.placed.isEmpty == true)
    }
}
