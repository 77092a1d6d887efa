import Testing
import Tracking
@testable import Examples
@testable import Rendering

private typealias App = TrackedTodo

@MainActor
@Suite struct TrackedTodoTests {
    @Test func firstRenderDrawsTheInputTheCountsAndOneRowPerTask() {
        let manager = App.TodoManager(titles: ["Buy milk", "Walk the dog"])
        let host = ViewHost(App.TodoListView(manager: manager))
        #expect(host.snapshot == """
            VStack
              HStack
                TextField("What needs doing?", text: "")
                Button("Add") [disabled]
              HStack
                Text("Total: 2")
                Text("Done: 0")
                Text("Pending: 2")
              List
                HStack
                  Toggle("Buy milk", isOn: false)
                  Button("Delete")
                HStack
                  Toggle("Walk the dog", isOn: false)
                  Button("Delete")
            """)
        #expect(host.bodyCounts == ["TodoListView": 1, "TodoInputView": 1, "TodoCountsView": 1, "TodoRowView": 2])
    }

    @Test func togglingOneRowOfAHundredReRendersThatRowAndTheCounts() throws {
        let manager = App.TodoManager(titles: (1...100).map { "Task \($0)" })
        let host = ViewHost(App.TodoListView(manager: manager))
        host.resetCounts()

        try host.toggle("Task 42")

        #expect(host.totalBodyCount == 2)
        #expect(host.bodyCounts == ["TodoRowView": 1, "TodoCountsView": 1])
        #expect(host.bodyCountsByIdentity == [
            "TodoListView/VStack/TupleView/TodoCountsView[1]": 1,
            "TodoListView/VStack/TupleView/List[2]/ForEach/TodoRowView[id: 42]": 1,
        ])
        #expect(host.renderLog.map(\.description) == [
            "TodoCountsView: \\TodoManager.completedCount",
            "TodoRowView: \\TodoItem.isDone",
        ])
        #expect(manager.completedCount == 1)
        #expect(host.snapshot == TodoScreen.snapshot(rows: (1...100).map { ("Task \($0)", $0 == 42) }))
    }

    @Test func typingReRendersOnlyTheInputRow() throws {
        let manager = App.TodoManager(titles: ["Buy milk"])
        let host = ViewHost(App.TodoListView(manager: manager))
        host.resetCounts()

        try host.enter("Read a book", into: "What needs doing?")

        #expect(host.bodyCounts == ["TodoInputView": 1])
        #expect(host.renderLog.map(\.description) == ["TodoInputView: \\TodoManager.newTodoTitle"])
        #expect(host.snapshot == TodoScreen.snapshot(input: "Read a book", rows: [("Buy milk", false)]))
    }

    @Test func addingATaskRendersTheListTheInputTheCountsAndOnlyTheNewRow() throws {
        let manager = App.TodoManager(titles: ["Buy milk", "Walk the dog"])
        let host = ViewHost(App.TodoListView(manager: manager))
        try host.enter("  Read a book ", into: "What needs doing?")
        host.resetCounts()

        try host.tap("Add")

        #expect(host.bodyCounts == ["TodoListView": 1, "TodoInputView": 1, "TodoCountsView": 1, "TodoRowView": 1])
        #expect(host.renderLog.map(\.description) == [
            "TodoListView: \\TodoManager.todos",
            "TodoInputView: \\TodoManager.newTodoTitle",
            "TodoCountsView: \\TodoManager.todos",
        ])
        #expect(host.snapshot == TodoScreen.snapshot(rows: [
            ("Buy milk", false), ("Walk the dog", false), ("Read a book", false),
        ]))
    }

    @Test func submittingTheFieldAddsTheTask() throws {
        let manager = App.TodoManager()
        let host = ViewHost(App.TodoListView(manager: manager))
        try host.enter("Call mom", into: "What needs doing?")
        try host.submit("What needs doing?")
        #expect(manager.todos.map(\.title) == ["Call mom"])
        #expect(manager.newTodoTitle == "")
        #expect(host.snapshot.contains("Toggle(\"Call mom\", isOn: false)"))
    }

    @Test func deletingADoneTaskUpdatesTheCountsAndRemovesItsRow() throws {
        let manager = App.TodoManager(titles: ["Buy milk", "Walk the dog", "Call mom"])
        let host = ViewHost(App.TodoListView(manager: manager))
        try host.toggle("Walk the dog")
        host.resetCounts()

        try host.tap("Delete", at: 1)

        #expect(manager.todos.map(\.title) == ["Buy milk", "Call mom"])
        #expect(manager.completedCount == 0)
        #expect(host.bodyCounts == ["TodoListView": 1, "TodoCountsView": 1])
        #expect(host.snapshot == TodoScreen.snapshot(rows: [("Buy milk", false), ("Call mom", false)]))
    }

    @Test func changesMadeOutsideTheViewsRenderAtTheNextFlush() {
        let manager = App.TodoManager(titles: ["Buy milk"])
        let host = ViewHost(App.TodoListView(manager: manager))
        host.resetCounts()

        manager.todos[0].title = "Buy oat milk"
        #expect(host.hasPendingChanges)
        #expect(host.totalBodyCount == 0)
        #expect(host.snapshot.contains("Toggle(\"Buy milk\", isOn: false)"))

        host.flush()
        #expect(!host.hasPendingChanges)
        #expect(host.renderLog.map(\.description) == ["TodoRowView: \\TodoItem.title"])
        #expect(host.snapshot.contains("Toggle(\"Buy oat milk\", isOn: false)"))
    }

    @Test func severalChangesInOneBatchRenderEachViewOnce() {
        let manager = App.TodoManager(titles: ["A", "B", "C"])
        let host = ViewHost(App.TodoListView(manager: manager))
        host.resetCounts()

        for todo in manager.todos { manager.toggleTodo(todo) }
        manager.todos[1].title = "B2"
        host.flush()

        #expect(host.bodyCounts == ["TodoRowView": 3, "TodoCountsView": 1])
        #expect(host.snapshot.contains("Text(\"Done: 3\")"))
    }
}
