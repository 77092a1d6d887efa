import Testing
@testable import Tracking

final class Shelf: Trackable, @unchecked Sendable {
    final class Item {}
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var item = Item()
    @Tracked var count = 0
    @Tracked(notifiesEqualValues: true) var ticks = 0
    @Tracked var optional: Int? = nil
    @Tracked(notifiesEqualValues: false) var explicitItem = Item()
}

@Suite struct EqualityTests {
    @Test func assigningAnEqualValueNotifiesNobody() {
        let runs = Locked(0)
        let shelf = Shelf()
        let token = observe { _ = shelf.count; _ = shelf.optional; runs.increment() }
        shelf.count = 0
        shelf.optional = nil
        #expect(runs.current == 1)
        shelf.count = 1
        shelf.optional = 2
        shelf.optional = 2
        #expect(runs.current == 3)
        withExtendedLifetime(token) {}
    }

    @Test func assigningTheSameInstanceNotifiesNobody() {
        let runs = Locked(0)
        let shelf = Shelf()
        let token = observe { _ = shelf.item; runs.increment() }
        shelf.item = shelf.item
        #expect(runs.current == 1)
        shelf.item = Shelf.Item()
        #expect(runs.current == 2)
        withExtendedLifetime(token) {}
    }

    @Test func theExplicitPolicyOnAClassComparesInstances() {
        let runs = Locked(0)
        let shelf = Shelf()
        let token = observe { _ = shelf.explicitItem; runs.increment() }
        shelf.explicitItem = shelf.explicitItem
        #expect(runs.current == 1)
        shelf.explicitItem = Shelf.Item()
        #expect(runs.current == 2)
        withExtendedLifetime(token) {}
    }

    @Test func theSameInstanceSetBackInATransactionNotifiesNobody() {
        let runs = Locked(0)
        let shelf = Shelf()
        let token = observe { _ = shelf.item; runs.increment() }
        withTransaction {
            let original = shelf.item
            shelf.item = Shelf.Item()
            shelf.item = original
        }
        #expect(runs.current == 1)
        withTransaction { shelf.item = Shelf.Item() }
        #expect(runs.current == 2)
        withExtendedLifetime(token) {}
    }

    @Test func thePerPropertyOptOutNotifiesEveryAssignment() {
        let runs = Locked(0)
        let shelf = Shelf()
        let token = observe { _ = shelf.ticks; runs.increment() }
        shelf.ticks = 0
        shelf.ticks = 0
        #expect(runs.current == 3)
        withExtendedLifetime(token) {}
    }

    @Test func anEqualAssignmentRunsNoObserverButTheUserDidSetStillRuns() {
        let log = Locked<[String]>([])
        let runs = Locked(0)
        let audited = Audited(log: log)
        let token = observe { _ = audited.value; runs.increment() }
        audited.value = 0
        #expect(runs.current == 1)
        #expect(log.current == ["willSet 0 -> 0", "didSet 0 -> 0"])
        withExtendedLifetime(token) {}
    }

    /// The user's `willSet` runs first, then the change is announced and
    /// stored; the write, a transaction of its own, ends inside the property
    /// wrapper, so its observers run before the user's `didSet`. Inside an
    /// explicit transaction they run after it.
    @Test func userWillSetAndDidSetRunInOrderAroundTheChange() {
        let log = Locked<[String]>([])
        let audited = Audited(log: log)
        let token = observe { log.append("observer sees \(audited.value)") }
        withTracking { _ = audited.value } onChange: { log.append("withTracking fires") }
        audited.value = 1
        #expect(log.current == [
            "observer sees 0",
            "willSet 0 -> 1",
            "withTracking fires",
            "observer sees 1",
            "didSet 0 -> 1",
        ])
        log.mutate { $0.removeAll() }
        withTransaction { audited.value = 2 }
        #expect(log.current == ["willSet 1 -> 2", "didSet 1 -> 2", "observer sees 2"])
        withExtendedLifetime(token) {}
    }

    @Test func inPlaceMutationNotifiesOnceWithoutCopyingTheStorage() {
        let copies = Locked(0)
        let holder = ListHolder(list: CopyCountingList(count: 100_000, copies: copies))
        let runs = Locked(0)
        let token = observe { _ = holder.list.count; runs.increment() }
        for value in 0..<10_000 { holder.list.append(value) }
        #expect(holder.list.count == 110_000)
        #expect(copies.current == 0)
        #expect(runs.current == 10_001)
        withExtendedLifetime(token) {}
    }

    @Test func inPlaceMutationOfAStructInsideAnArray() {
        struct Todo: Equatable { var title: String; var isDone = false }
        final class Manager: Trackable, @unchecked Sendable {
            let trackingRegistrar = TrackingRegistrar()
            @Tracked var todos = [Todo(title: "a"), Todo(title: "b")]
        }
        let manager = Manager()
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(manager.todos.filter(\.isDone).count) }
        manager.todos[1].isDone.toggle()
        #expect(seen.current == [0, 1])
        withExtendedLifetime(token) {}
    }
}
