import Testing
@testable import Examples
@testable import Rendering
import Tracking

@MainActor
@Suite struct CountingTests {
    @Test func countsByTypeByIdentityAndTheirReset() throws {
        let manager = TrackedTodo.TodoManager(titles: ["A", "B"])
        let host = ViewHost(TrackedTodo.TodoListView(manager: manager))
        #expect(host.totalBodyCount == 5)
        #expect(host.bodyCount(of: TrackedTodo.TodoRowView.self) == 2)
        #expect(host.bodyCount(of: PublishedTodo.TodoRowView.self) == 0)
        #expect(host.bodyCountsByIdentity == [
            "TodoListView": 1,
            "TodoListView/VStack/TupleView/TodoInputView": 1,
            "TodoListView/VStack/TupleView/TodoCountsView[1]": 1,
            "TodoListView/VStack/TupleView/List[2]/ForEach/TodoRowView[id: 1]": 1,
            "TodoListView/VStack/TupleView/List[2]/ForEach/TodoRowView[id: 2]": 1,
        ])
        #expect(host.renderLog.isEmpty)

        host.resetCounts()
        #expect(host.totalBodyCount == 0)
        #expect(host.bodyCounts.isEmpty)
        #expect(host.bodyCountsByIdentity.isEmpty)

        try host.toggle("B")
        try host.toggle("B")
        #expect(host.bodyCountsByIdentity == [
            "TodoListView/VStack/TupleView/TodoCountsView[1]": 2,
            "TodoListView/VStack/TupleView/List[2]/ForEach/TodoRowView[id: 2]": 2,
        ])
        #expect(host.renderLog.map(\.identity) == [
            "TodoListView/VStack/TupleView/TodoCountsView[1]",
            "TodoListView/VStack/TupleView/List[2]/ForEach/TodoRowView[id: 2]",
            "TodoListView/VStack/TupleView/TodoCountsView[1]",
            "TodoListView/VStack/TupleView/List[2]/ForEach/TodoRowView[id: 2]",
        ])
    }

    @Test func theLogCanBeTurnedOffWhileCountsAreKept() throws {
        let manager = TrackedTodo.TodoManager(titles: ["A"])
        let host = ViewHost(TrackedTodo.TodoListView(manager: manager), options: .init(recordsRenderLog: false))
        try host.toggle("A")
        #expect(host.renderLog.isEmpty)
        #expect(host.totalBodyCount == 6)
    }

    @Test func aRowThatRenderedAndLeftIsStillCountedByItsIdentity() throws {
        // Its identity is named when it leaves, while its parents are there.
        let manager = TrackedTodo.TodoManager(titles: ["A"])
        let host = ViewHost(TrackedTodo.TodoListView(manager: manager))
        host.resetCounts()
        let added = manager.addTodo(title: "B")
        host.flush()
        try host.toggle("B")
        manager.deleteTodo(added)
        host.flush()
        #expect(!host.snapshot.contains("\"B\""))
        #expect(host.bodyCountsByIdentity == [
            "TodoListView": 2,
            "TodoListView/VStack/TupleView/TodoCountsView[1]": 3,
            "TodoListView/VStack/TupleView/List[2]/ForEach/TodoRowView[id: 2]": 2,
        ])
    }

    @Test func aRowCountedInAnEarlierGenerationIsNotListedAfterItLeaves() {
        let manager = TrackedTodo.TodoManager(titles: ["A", "B"])
        let host = ViewHost(TrackedTodo.TodoListView(manager: manager))
        host.resetCounts()
        manager.deleteTodo(untracked { manager.todos[1] })
        host.flush()
        #expect(host.bodyCountsByIdentity == [
            "TodoListView": 1,
            "TodoListView/VStack/TupleView/TodoCountsView[1]": 1,
        ])
    }

    @Test func aStructRowOfATrackedListIsNamedByItsIDAfterItLeaves() throws {
        let manager = CollectionTodo.TodoManager(titles: ["A"])
        let host = ViewHost(CollectionTodo.TodoListView(manager: manager))
        host.resetCounts()
        let added = manager.addTodo(title: "B")
        host.flush()
        manager.deleteTodo(added)
        host.flush()
        #expect(host.bodyCountsByIdentity == [
            "TodoListView/VStack/TupleView/TodoCountsView[1]": 2,
            "TodoListView/VStack/TupleView/List[2]/ForEach/TrackedRows/TrackedRowsContent/"
                + "TrackedRow[id: \(added.id)]/Optional/TodoRowView": 1,
        ])
    }
}
