import Testing
import Publishing
@testable import Examples
@testable import Rendering

private typealias App = PublishedTodo

@MainActor
@Suite struct PublishedTodoTests {
    @Test func drawsTheSameScreenAsTheTrackedApp() throws {
        let titles = ["Buy milk", "Walk the dog", "Call mom"]
        let published = ViewHost(App.TodoListView(manager: App.TodoManager(titles: titles)))
        let tracked = ViewHost(TrackedTodo.TodoListView(manager: TrackedTodo.TodoManager(titles: titles)))
        #expect(published.snapshot == tracked.snapshot)

        for host in [published, tracked] {
            try host.toggle("Walk the dog")
            try host.enter("Read", into: "What needs doing?")
            try host.tap("Add")
            try host.tap("Delete", at: 0)
        }
        #expect(published.snapshot == tracked.snapshot)
        #expect(published.snapshot == """
            VStack
              HStack
                TextField("What needs doing?", text: "")
                Button("Add") [disabled]
              HStack
                Text("Total: 3")
                Text("Done: 1")
                Text("Pending: 2")
              List
                HStack
                  Toggle("Walk the dog", isOn: true)
                  Button("Delete")
                HStack
                  Toggle("Call mom", isOn: false)
                  Button("Delete")
                HStack
                  Toggle("Read", isOn: false)
                  Button("Delete")
            """)
        #expect(published.snapshot == TodoScreen.snapshot(rows: [
            ("Walk the dog", true), ("Call mom", false), ("Read", false),
        ]))
    }

    @Test func togglingOneRowOfAHundredReRendersTheListAndEveryRow() throws {
        let manager = App.TodoManager(titles: (1...100).map { "Task \($0)" })
        let host = ViewHost(App.TodoListView(manager: manager))
        host.resetCounts()

        try host.toggle("Task 42")

        #expect(host.totalBodyCount == 101)
        #expect(host.bodyCounts == ["TodoListView": 1, "TodoRowView": 100])
        let log = host.renderLog
        #expect(log.count == 101)
        #expect(log[0].description == "TodoListView: objectWillChange of TodoManager")
        #expect(log.filter { $0.causes == ["objectWillChange of TodoManager"] }.count == 100)
        let toggled = log.filter { $0.identity.hasSuffix("TodoRowView[id: 42]") }
        #expect(toggled.map(\.description) == ["TodoRowView: new inputs from TodoListView, objectWillChange of TodoManager"])
        #expect(host.snapshot == TodoScreen.snapshot(rows: (1...100).map { ("Task \($0)", $0 == 42) }))
    }

    @Test func typingReRendersEveryViewHoldingTheManager() throws {
        let manager = App.TodoManager(titles: ["A", "B", "C"])
        let host = ViewHost(App.TodoListView(manager: manager))
        host.resetCounts()
        try host.enter("x", into: "What needs doing?")
        #expect(host.bodyCounts == ["TodoListView": 1, "TodoRowView": 3])
    }

    @Test func aChangeOutsideTheViewsIsOnlyQueuedUntilFlush() {
        let manager = App.TodoManager(titles: ["A"])
        let host = ViewHost(App.TodoListView(manager: manager))
        host.resetCounts()
        manager.toggleTodo(at: 0)
        #expect(host.hasPendingChanges)
        #expect(host.totalBodyCount == 0)
        host.flush()
        #expect(host.totalBodyCount == 2)
        #expect(host.snapshot.contains("Toggle(\"A\", isOn: true)"))
    }
}
