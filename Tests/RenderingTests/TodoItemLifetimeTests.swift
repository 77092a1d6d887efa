import Testing
@testable import Examples

/// The items of the Tracking and Observation Todo apps refer to their
/// manager unowned, not weak (a weak reference would slow every retain of
/// the manager): the manager detaches the items that outlive it.
@MainActor
@Suite struct TodoItemLifetimeTests {
    @Test func anItemThatOutlivesItsManagerIsDetached() {
        expectDetached(
            { TrackedTodo.TodoManager(titles: ["A", "B"]) }, items: \.todos, manager: { $0.manager },
            toggle: { $0.isDone = true; return $0.isDone })
        expectDetached(
            { ObservationTodo.TodoManager(titles: ["A", "B"]) }, items: \.todos, manager: { $0.manager },
            toggle: { $0.isDone = true; return $0.isDone })
    }

    /// Makes a manager, keeps its second item, releases the manager, and
    /// checks that the item no longer refers to a manager and can be
    /// toggled (a toggle tells the manager: an unowned reference to a
    /// manager that is gone would trap).
    private func expectDetached<Manager: AnyObject, Item>(
        _ make: () -> Manager, items: (Manager) -> [Item], manager: (Item) -> Manager?, toggle: (Item) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var owner: Manager? = make()
        weak let released = owner
        let item = items(owner!)[1]
        #expect(manager(item) === owner, sourceLocation: sourceLocation)
        owner = nil
        #expect(released == nil, sourceLocation: sourceLocation)
        #expect(manager(item) == nil, sourceLocation: sourceLocation)
        #expect(toggle(item), sourceLocation: sourceLocation)
    }
}
