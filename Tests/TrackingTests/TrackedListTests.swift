import Foundation
import Testing
@testable import Tracking

/// An element for the collection tests: a value, compared with `==`.
struct Chore: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var isDone = false
    var tags: [Int] = []
}

/// An element that is not `Equatable`: every write counts as a change.
struct Memo: Identifiable, Sendable {
    let id: Int
    var text: String
}

private func chores(_ count: Int) -> TrackedList<Chore> {
    TrackedList((1...count).map { Chore(id: $0, title: "chore \($0)") }, name: "chores")
}

/// Counts the runs of an observer of `read`.
private final class Runs: @unchecked Sendable {
    private let count = Locked(0)
    private(set) var token: TrackingToken?

    init(_ read: @escaping @Sendable () -> Void) {
        token = observe { [count] in
            read()
            count.increment()
        }
    }

    /// Runs after the first.
    var reruns: Int { count.current - 1 }
}

@Suite struct TrackedListReadTests {
    @Test func aChangeToOneElementRunsItsReadersAndTheReadersOfEverythingOnly() {
        let list = chores(5)
        let first = Runs { _ = list[id: 1] }
        let second = Runs { _ = list[id: 2] }
        let structure = Runs { _ = list.count }
        let everything = Runs { for _ in list {} }
        list[id: 1]?.isDone.toggle()
        #expect([first.reruns, second.reruns, structure.reruns, everything.reruns] as [Int] == [1, 0, 0, 1])
        list[id: 2]?.title = "renamed"
        #expect([first.reruns, second.reruns, structure.reruns, everything.reruns] as [Int] == [1, 1, 0, 2])
    }

    @Test func aThousandReadersOfOneFieldEachAndOneToggleRunsOne() {
        // The example: 1,000 observers, each reading one element.
        let list = chores(1_000)
        let runs = Locked(0)
        let tokens = (1...1_000).map { id in
            observe {
                _ = list[id: id]?.isDone
                runs.increment()
            }
        }
        #expect(runs.current == 1_000)
        list[id: 42]?.isDone.toggle()
        #expect(runs.current == 1_001)
        withExtendedLifetime(tokens) {}
    }

    @Test func aReadByPositionDependsOnTheStructureAndThatElement() {
        let list = chores(3)
        let reader = Runs { _ = list[0] }
        list[1].title = "other element"
        #expect(reader.reruns == 0)
        list[0].title = "this element"
        #expect(reader.reruns == 1)
        list.insert(Chore(id: 9, title: "new first"), at: 0)
        #expect(reader.reruns == 2)
        #expect(reader.token?.dependencies == ["chores.structure", "chores[id: 9]"])
    }

    @Test func structureReadersRunForInsertsRemovesAndMovesButNotForElementEdits() {
        let list = chores(4)
        let count = Runs { _ = list.count }
        let order = Runs { _ = list.endIndex }
        let ids = Runs { _ = list.ids }
        list[id: 3]?.isDone = true
        #expect([count.reruns, order.reruns, ids.reruns] as [Int] == [0, 0, 0])
        list.append(Chore(id: 5, title: "five"))
        #expect([count.reruns, order.reruns, ids.reruns] as [Int] == [1, 1, 1])
        list.remove(id: 1)
        #expect([count.reruns, order.reruns, ids.reruns] as [Int] == [2, 2, 2])
        // A move changes the order, not the count.
        list.move(fromOffsets: [0], toOffset: 3)
        #expect([count.reruns, order.reruns, ids.reruns] as [Int] == [2, 3, 3])
        #expect(untracked { list.ids } == [3, 4, 2, 5])
        list.sort { $0.id < $1.id }
        #expect([count.reruns, order.reruns, ids.reruns] as [Int] == [2, 4, 4])
        #expect(untracked { list.ids } == [2, 3, 4, 5])
        list.sort { $0.id < $1.id }  // already sorted: no change
        list.move(fromOffsets: [1], toOffset: 1)  // in place: no change
        #expect([count.reruns, order.reruns, ids.reruns] as [Int] == [2, 4, 4])
    }

    @Test func readersOfOtherElementsDoNotRunWhenTheStructureChanges() {
        let list = chores(3)
        let second = Runs { _ = list[id: 2] }
        list.append(Chore(id: 4, title: "four"))
        list.remove(id: 3)
        list.move(fromOffsets: [0], toOffset: 3)
        #expect(second.reruns == 0)
    }

    @Test func aNarrowReadOfAFieldRunsOnlyWhenThatFieldChanges() {
        let list = chores(2)
        let title = Runs { _ = list[id: 1, \.title] }
        let done = Runs { _ = list[id: 1, \.isDone] }
        let whole = Runs { _ = list[id: 1] }
        list[id: 1]?.isDone.toggle()
        #expect([title.reruns, done.reruns, whole.reruns] as [Int] == [0, 1, 1])
        list[id: 1]?.title = "renamed"
        #expect([title.reruns, done.reruns, whole.reruns] as [Int] == [1, 1, 2])
        #expect(title.token?.dependencies == ["chores[id: 1].title"])
        list.remove(id: 1)
        #expect([title.reruns, done.reruns, whole.reruns] as [Int] == [2, 2, 3])
        #expect(title.token?.dependencies == ["chores.structure"])
    }

    @Test func aMissingIDDependsOnTheStructureAndSeesTheElementArrive() {
        let list = chores(2)
        let seen = Locked<[String?]>([])
        let token = observe { seen.append(list[id: 7]?.title) }
        list[id: 1]?.title = "unrelated"
        list.append(Chore(id: 7, title: "seven"))
        list[id: 7]?.title = "seven, renamed"
        #expect(seen.current == [nil, "seven", "seven, renamed"])
        withExtendedLifetime(token) {}
    }

    @Test func aRemovedElementsReadersRunOnceAndLetGo() {
        let list = chores(3)
        let seen = Locked<[String?]>([])
        let token = observe { seen.append(list[id: 2]?.title) }
        let removed = list.remove(id: 2)
        #expect(removed?.title == "chore 2")
        #expect(seen.current == ["chore 2", nil])
        #expect(token.dependencies == ["chores.structure"])
        list[id: 1]?.title = "unrelated"
        #expect(seen.current == ["chore 2", nil])
    }

    @Test func deallocatingTheListRunsItsReadersOnce() {
        let runs = Locked(0)
        var list: TrackedList<Chore>? = chores(2)
        let token = withExtendedLifetime(list) {
            let weakList = WeakBox(list)
            return observe {
                _ = weakList.value?[id: 1]
                _ = weakList.value?.count
                runs.increment()
            }
        }
        list = nil
        #expect(runs.current == 2)
        #expect(token.dependencies.isEmpty)
    }

    @Test func iterationAndWholeReadsTakeOneDependency() {
        let list = chores(50)
        let mapped = Runs { _ = list.map(\.title) }
        let filtered = Runs { _ = list.filter(\.isDone) }
        let found = Runs { _ = list.firstIndex { $0.title == "chore 30" } }
        let elements = Runs { _ = list.elements }
        for reader in [mapped, filtered, found, elements] {
            #expect(reader.token?.dependencies == ["chores.elements"])
        }
        list[id: 50]?.isDone = true
        #expect([mapped.reruns, filtered.reruns, found.reruns, elements.reruns] as [Int] == [1, 1, 1, 1])
    }
}

@Suite struct TrackedListWriteTests {
    @Test func writingAnEqualElementOrFieldNotifiesNobody() {
        let list = chores(2)
        let element = Runs { _ = list[id: 1] }
        let everything = Runs { _ = list.elements }
        list[id: 1] = Chore(id: 1, title: "chore 1")
        list[id: 1]?.title = "chore 1"
        list[0].isDone = false
        #expect([element.reruns, everything.reruns] as [Int] == [0, 0])
    }

    @Test func aNonEquatableElementNotifiesOnEveryWrite() {
        let list = TrackedList([Memo(id: 1, text: "a")], name: "memos")
        let reader = Runs { _ = list[id: 1] }
        list[id: 1]?.text = "a"
        #expect(reader.reruns == 1)
    }

    @Test func notifiesEqualValuesWhenAsked() {
        let list = TrackedList([Chore(id: 1, title: "a")], notifiesEqualValues: true)
        let reader = Runs { _ = list[id: 1] }
        list[id: 1]?.title = "a"
        #expect(reader.reruns == 1)
    }

    @Test func aTransactionRunsEachReaderOnceAtItsEnd() {
        let list = chores(3)
        let seen = Locked<[[Bool]]>([])
        let token = observe { seen.append(list.map(\.isDone)) }
        withTransaction {
            list[id: 1]?.isDone = true
            list[id: 2]?.isDone = true
            list.append(Chore(id: 4, title: "four", isDone: true))
        }
        #expect(seen.current == [[false, false, false], [true, true, false, true]])
        withExtendedLifetime(token) {}
    }

    @Test func anElementChangedAndChangedBackInATransactionRunsNone() {
        let list = chores(2)
        let element = Runs { _ = list[id: 1] }
        let field = Runs { _ = list[id: 1, \.isDone] }
        let completed = list.counting(where: \.isDone)
        let count = Runs { _ = completed.value }
        withTransaction {
            list[id: 1]?.isDone.toggle()
            list[id: 1]?.isDone.toggle()
        }
        #expect([element.reruns, field.reruns, count.reruns] as [Int] == [0, 0, 0])
        withTransaction { list[id: 1]?.isDone.toggle() }
        #expect([element.reruns, field.reruns, count.reruns] as [Int] == [1, 1, 1])
    }

    @Test func aBeforeChangeScopeSeesTheOldValueAndFiresOnce() {
        let list = chores(2)
        let seen = Locked<[Bool?]>([])
        _ = withTracking { list[id: 1, \.isDone] } onChange: { seen.append(list[id: 1]?.isDone) }
        list[id: 1]?.isDone.toggle()
        list[id: 1]?.isDone.toggle()
        #expect(seen.current == [false])
        let after = Locked<[Bool?]>([])
        _ = withTracking(options: .didSet) { list[id: 2] } onChange: { after.append(list[id: 2]?.isDone) }
        list[1].isDone = true
        #expect(after.current == [true])
    }

    @Test func anUnobservedEditMutatesInPlaceWithoutCopyingTheStorage() {
        let list = chores(3)
        list[id: 2]?.tags.reserveCapacity(64)
        let storage = list.values
        let buffer = untracked { list[id: 2]!.tags.withUnsafeBufferPointer { $0.baseAddress } }
        list[id: 2]?.tags.append(1)
        list[1].tags.append(2)
        #expect(list.values == storage)
        #expect(untracked { list[id: 2]!.tags.withUnsafeBufferPointer { $0.baseAddress } } == buffer)
        #expect(untracked { list[id: 2]!.tags } == [1, 2])
    }

    @Test func anObservedEditCopiesOneElementNotTheStorage() {
        let list = chores(1_000)
        let reader = Runs { _ = list[id: 500] }
        let storage = list.values
        list[id: 500]?.title = "edited"
        #expect(list.values == storage)
        #expect(reader.reruns == 1)
    }

    @Test func assigningNilRemovesAndAssigningToAMissingIDAppends() {
        let list = chores(3)
        let count = Runs { _ = list.count }
        list[id: 2] = nil
        list[id: 8] = Chore(id: 8, title: "eight")
        #expect(untracked { list.ids } == [1, 3, 8])
        #expect(count.reruns == 2)
    }

    @Test func appendingAnIDThatIsThereIsRefusedWithADiagnostic() {
        let list = chores(2)
        let count = Runs { _ = list.count }
        let diagnostics = collectingDiagnostics {
            list.append(Chore(id: 2, title: "again"))
            list.insert(Chore(id: 1, title: "again"), at: 0)
        }
        #expect(diagnostics.map(\.kind) == [.duplicateID, .duplicateID])
        #expect(diagnostics.first?.message
            == "chores: an element with id 2 was added while one is in the list; it was not added (ids must be unique)")
        #expect(untracked { list.map(\.title) } == ["chore 1", "chore 2"])
        #expect(count.reruns == 0)
    }

    @Test func givingAnElementAFreeIDRekeysItAndATakenOneRemovesIt() {
        struct Tag: Identifiable, Equatable, Sendable { var id: Int }
        let list = TrackedList([Tag(id: 1), Tag(id: 2), Tag(id: 3)], name: "tags")
        let first = Runs { _ = list[id: 1] }
        list[id: 1]?.id = 10
        #expect(untracked { list.ids } == [10, 2, 3])
        #expect(first.reruns == 1)
        #expect(untracked { list[id: 10] } == Tag(id: 10))
        let diagnostics = collectingDiagnostics { list[0].id = 2 }
        #expect(diagnostics.map(\.kind) == [.duplicateID])
        #expect(untracked { list.ids } == [2, 3])
    }

    @Test func assigningAnElementWithATakenIDIsRefusedAndLosesNothing() {
        let list = chores(2)
        let count = Runs { _ = list.count }
        let diagnostics = collectingDiagnostics {
            list[0] = Chore(id: 2, title: "x")
            list[id: 1] = Chore(id: 2, title: "y")
        }
        #expect(diagnostics.map(\.kind) == [.duplicateID, .duplicateID])
        #expect(diagnostics.first?.message
            == "chores: an element with id 2 was given to the element with id 1 while another element has it; "
            + "the edit was refused (ids must be unique)")
        #expect(untracked { list.map(\.title) } == ["chore 1", "chore 2"])
        #expect(untracked { list.ids } == [1, 2])
        #expect(count.reruns == 0)
        // A whole assignment with a free id re-keys the element.
        list[0] = Chore(id: 7, title: "seven")
        #expect(untracked { list.ids } == [7, 2])
    }

    @Test func anObservedEditInPlaceToATakenIDIsRefused() {
        struct Tag: Identifiable, Equatable, Sendable { var id: Int; var label = "" }
        let list = TrackedList([Tag(id: 1, label: "one"), Tag(id: 2, label: "two")], name: "tags")
        let first = Runs { _ = list[id: 1] }
        let diagnostics = collectingDiagnostics {
            list[id: 1]?.label = "uno"          // a change, told to the reader
            list[id: 1]?.id = 2                 // refused: the element keeps its value before this edit
        }
        #expect(diagnostics.map(\.kind) == [.duplicateID])
        #expect(untracked { list.map(\.label) } == ["uno", "two"])
        #expect(untracked { list.ids } == [1, 2])
        #expect(first.reruns == 1)
    }

    @Test func anUnobservedEditToATakenIDIsFoundEvenWhenTheIDsCollide() {
        /// Every key hashes alike, so that the edited element's old bucket
        /// comes first in the probe for the id it takes.
        struct Key: Hashable, Sendable {
            let value: Int
            func hash(into hasher: inout Hasher) { hasher.combine(0) }
        }
        struct Item: Identifiable, Equatable, Sendable { var id: Key; var label: String }
        let list = TrackedList([Item(id: Key(value: 1), label: "a"), Item(id: Key(value: 2), label: "b")], name: "items")
        let diagnostics = collectingDiagnostics { list[0].id = Key(value: 2) }
        #expect(diagnostics.map(\.kind) == [.duplicateID])
        #expect(untracked { list.map(\.label) } == ["b"])
        #expect(untracked { list[id: Key(value: 2)]?.label } == "b")
        #expect(untracked { list[id: Key(value: 1)] } == nil)
    }

    @Test func removeAllWhereIsOneChange() {
        let list = chores(6)
        let count = Runs { _ = list.count }
        let kept = Runs { _ = list[id: 2] }
        list.removeAll { $0.id % 2 == 1 }
        #expect(untracked { list.ids } == [2, 4, 6])
        #expect([count.reruns, kept.reruns] as [Int] == [1, 0])
        list.replaceAll(with: [Chore(id: 2, title: "two"), Chore(id: 9, title: "nine")])
        #expect(untracked { list.map(\.title) } == ["two", "nine"])
        #expect([count.reruns, kept.reruns] as [Int] == [2, 1])
    }

    @Test func slotsAreReusedAfterRemovals() {
        let list = chores(4)
        list.remove(id: 2)
        list.remove(id: 3)
        list.append(Chore(id: 5, title: "five"))
        list.append(Chore(id: 6, title: "six"))
        #expect(list.usedSlots == 4)
        #expect(untracked { list.map(\.title) } == ["chore 1", "chore 4", "five", "six"])
    }
}

@Suite struct ElementAggregateTests {
    @Test func aCountFollowsEditsInsertsAndRemovesAndRunsItsReadersOnlyWhenItChanges() {
        let list = chores(4)
        let completed = list.counting(where: \.isDone)
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(completed.value) }
        list[id: 1]?.isDone = true
        list[id: 1]?.title = "renamed, still done"
        list.append(Chore(id: 5, title: "five", isDone: true))
        list.append(Chore(id: 6, title: "six"))
        list.remove(id: 1)
        list.move(fromOffsets: [0], toOffset: 4)
        #expect(seen.current == [0, 1, 2, 1])
        #expect(token.dependencies == ["chores.count(where:)"])
    }

    @Test func aSubsetKeepsItsMembersInOrder() {
        let list = chores(5)
        let pending = list.filtering { !$0.isDone }
        list[id: 2]?.isDone = true
        list[id: 4]?.isDone = true
        #expect(pending.map(\.id) == [1, 3, 5])
        list.move(fromOffsets: [0], toOffset: 5)
        #expect(pending.ids == [3, 5, 1])
        list.insert(Chore(id: 6, title: "six"), at: 0)
        #expect(pending.ids == [6, 3, 5, 1])
        #expect(pending.count == 4)
        #expect(pending[1].id == 3)
        #expect(pending.contains(id: 3) && !pending.contains(id: 2))
    }

    @Test func aSubsetsReadersRunForWhatTheyRead() {
        let list = chores(5)
        let pending = list.filtering { !$0.isDone }
        let count = Runs { _ = pending.count }
        let members = Runs { _ = pending.ids }
        let contents = Runs { _ = pending.elements }
        list[id: 1]?.title = "a pending element changes"
        #expect([count.reruns, members.reruns, contents.reruns] as [Int] == [0, 0, 1])
        list[id: 1]?.isDone = true
        #expect([count.reruns, members.reruns, contents.reruns] as [Int] == [1, 1, 2])
        list[id: 1]?.title = "a done element changes"
        #expect([count.reruns, members.reruns, contents.reruns] as [Int] == [1, 1, 2])
        withTransaction {
            list[id: 2]?.isDone = true
            list.append(Chore(id: 6, title: "six"))
        }
        // One out, one in: the count is the same.
        #expect([count.reruns, members.reruns, contents.reruns] as [Int] == [1, 2, 3])
    }

    @Test func anObserverOfTheListAndItsAggregatesSeesThemAgreeAndRunsOnce() {
        let list = chores(3)
        let completed = list.counting(where: \.isDone)
        let pending = list.filtering { !$0.isDone }
        let seen = Locked<[String]>([])
        let token = observe { seen.append("\(list.count) = \(completed.value) + \(pending.count)") }
        list.append(Chore(id: 4, title: "four", isDone: true))
        list[id: 1]?.isDone = true
        list.remove(id: 4)
        #expect(seen.current == ["3 = 0 + 3", "4 = 1 + 3", "4 = 2 + 2", "3 = 1 + 2"])
        withExtendedLifetime(token) {}
    }

    @Test func aDerivedValueOverAnAggregateHasTheCutOff() {
        let list = chores(3)
        let completed = list.counting(where: \.isDone)
        let computations = Locked(0)
        let summary = Derived {
            computations.increment()
            return "\(completed.value) of \(list.count)"
        }
        let seen = Locked<[String]>([])
        let token = observe { seen.append(summary.value) }
        list[id: 1]?.title = "no change to the summary"
        list[id: 1]?.isDone = true
        #expect(seen.current == ["0 of 3", "1 of 3"])
        #expect(computations.current == 2)
        withExtendedLifetime(token) {}
    }

    @Test func anAggregateLetsGoOfTheListWhenDropped() {
        let list = chores(3)
        do {
            let count = list.counting(where: \.isDone)
            #expect(list.aggregates.count == 1)
            withExtendedLifetime(count) {}
        }
        #expect(list.aggregates.isEmpty)
        list[id: 1]?.isDone = true
    }
}

/// A weak reference a `@Sendable` closure can capture.
final class WeakBox<T: AnyObject>: @unchecked Sendable {
    weak var value: T?
    init(_ value: T?) { self.value = value }
}

@Suite struct SlotIndexTests {
    @Test func thousandsOfInsertsAndRemovesFindExactlyTheElementsThere() {
        let list = TrackedList<Chore>(name: "churn")
        var present: [Int: String] = [:]
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for step in 0..<20_000 {
            let id = next(3_000)
            switch next(4) {
            case 0, 1:
                if present[id] == nil {
                    list.append(Chore(id: id, title: "t\(step)"))
                    present[id] = "t\(step)"
                }
            case 2:
                #expect((list.remove(id: id)?.title) == present.removeValue(forKey: id))
            default:
                if present[id] != nil, let position = list.firstIndex(id: id) {
                    list.remove(at: position)
                    present[id] = nil
                }
            }
        }
        #expect(list.count == present.count)
        for id in 0..<3_000 {
            #expect(list[id: id]?.title == present[id], "id \(id)")
        }
        #expect(list.index.count == present.count)
        // Filled at most three quarters: 4 bytes a bucket, at most 10.7 a element.
        #expect(list.index.buckets.count * 3 >= list.index.count * 4)
    }
}
