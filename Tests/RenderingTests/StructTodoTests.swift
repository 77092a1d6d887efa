import Testing
import Tracking
@testable import Examples
@testable import Rendering

/// The seed's Todo app with struct items on the three models: what each
/// update re-renders, exactly, and that all three draw the same screen.
@Suite struct StructTodoTests {
    private static func titles(_ count: Int) -> [String] { (1...count).map { "Task \($0)" } }

    private static func screen(_ count: Int, done: Set<Int> = [], input: String = "") -> String {
        TodoScreen.snapshot(input: input, rows: (1...count).map { ("Task \($0)", done.contains($0)) })
    }

    @Test func theThreeAppsDrawTheSameScreen() {
        let tracked = ViewHost(CollectionTodo.TodoListView(manager: CollectionTodo.TodoManager(titles: Self.titles(3))))
        let published = ViewHost(PublishedStructTodo.TodoListView(manager: PublishedStructTodo.TodoManager(titles: Self.titles(3))))
        let observed = ViewHost(ObservationStructTodo.TodoListView(manager: ObservationStructTodo.TodoManager(titles: Self.titles(3))))
        #expect(tracked.snapshot == Self.screen(3))
        #expect(published.snapshot == Self.screen(3))
        #expect(observed.snapshot == Self.screen(3))
        #expect(tracked.bodyCounts == ["TodoListView": 1, "TodoInputView": 1, "TodoCountsView": 1, "TodoRowView": 3])
    }

    @Test func togglingOneRowOfAThousandReRendersThatRowAndTheCounts() throws {
        let manager = CollectionTodo.TodoManager(titles: Self.titles(1_000))
        let host = ViewHost(CollectionTodo.TodoListView(manager: manager))
        host.resetCounts()
        try host.toggle("Task 42")
        #expect(host.bodyCounts == ["TodoRowView": 1, "TodoCountsView": 1])
        #expect(manager.completedCount == 1)
        #expect(untracked { manager.pendingTodos.count } == 999)
        #expect(host.snapshot == Self.screen(1_000, done: [42]))
        try host.toggle("Task 42")
        #expect(host.totalBodyCount == 4)
        #expect(host.snapshot == Self.screen(1_000))
    }

    @Test func editingATitleInTheModelReRendersThatRowOnly() {
        let manager = CollectionTodo.TodoManager(titles: Self.titles(10))
        let host = ViewHost(CollectionTodo.TodoListView(manager: manager))
        host.resetCounts()
        let id = untracked { manager.todos[4].id }
        manager.todos[id: id]?.title = "Renamed"
        host.flush()
        #expect(host.bodyCounts == ["TodoRowView": 1])
        #expect(host.snapshot.contains("Toggle(\"Renamed\", isOn: false)"))
    }

    @Test func addingReRendersTheCountsAndTheNewRowOnly() throws {
        let manager = CollectionTodo.TodoManager(titles: Self.titles(100))
        let host = ViewHost(CollectionTodo.TodoListView(manager: manager))
        host.resetCounts()
        manager.addTodo(title: "Task 101")
        host.flush()
        #expect(host.bodyCounts == ["TodoCountsView": 1, "TodoRowView": 1])
        #expect(host.snapshot == Self.screen(101))
        // Through the screen, as the seed's user does: typing, then Add.
        try host.enter("Task 102", into: "What needs doing?")
        host.resetCounts()
        try host.tap("Add")
        #expect(host.bodyCounts == ["TodoInputView": 1, "TodoCountsView": 1, "TodoRowView": 1])
        #expect(host.snapshot == Self.screen(102))
    }

    @Test func deletingAndMovingReRenderOnlyTheCounts() throws {
        let manager = CollectionTodo.TodoManager(titles: Self.titles(100))
        let host = ViewHost(CollectionTodo.TodoListView(manager: manager))
        host.resetCounts()
        try host.tap("Delete", at: 49)
        #expect(host.bodyCounts == ["TodoCountsView": 1])
        #expect(host.snapshot == TodoScreen.snapshot(rows: Self.titles(100).filter { $0 != "Task 50" }.map { ($0, false) }))
        host.resetCounts()
        let last = untracked { manager.todos[manager.todos.count - 1] }
        manager.moveTodo(last, toOffset: 0)
        host.flush()
        #expect(host.totalBodyCount == 0)
        let order = ["Task 100"] + Self.titles(99).filter { $0 != "Task 50" }
        #expect(host.snapshot == TodoScreen.snapshot(rows: order.map { ($0, false) }))
        // The rows that stayed kept their identity and their state.
        #expect(host.bodyCountsByIdentity.isEmpty)
    }

    @Test func whenTheListViewRendersAgainEveryRowGetsANewView() {
        // A containing view that renders again may give the ForEach another
        // closure: every row is given a new view, and compares its inputs.
        final class Filter: Trackable {
            let trackingRegistrar = TrackingRegistrar()
            @Tracked var suffix = ""
        }
        struct Screen: View {
            let todos: TrackedList<StructTodoItem>
            let filter: Filter
            var body: some View {
                let suffix = filter.suffix
                List {
                    ForEach(todos) { todo in Text(todo.title + suffix) }
                }
            }
        }
        let todos = TrackedList(Self.titles(3).map { StructTodoItem(title: $0) })
        let filter = Filter()
        let host = ViewHost(Screen(todos: todos, filter: filter))
        filter.suffix = "!"
        host.flush()
        #expect(host.snapshot == "List\n  Text(\"Task 1!\")\n  Text(\"Task 2!\")\n  Text(\"Task 3!\")")
        todos[1].title = "Second"
        host.flush()
        #expect(host.snapshot == "List\n  Text(\"Task 1!\")\n  Text(\"Second!\")\n  Text(\"Task 3!\")")
        todos.remove(at: 0)
        todos.append(StructTodoItem(title: "Fourth"))
        host.flush()
        #expect(host.snapshot == "List\n  Text(\"Second!\")\n  Text(\"Task 3!\")\n  Text(\"Fourth!\")")
        #expect(host.bodyCounts == ["Screen": 2])
    }

    @Test func thePublishedAppReRendersEveryRowAndTheObservationAppTheListToo() throws {
        let published = PublishedStructTodo.TodoManager(titles: Self.titles(100))
        let publishedHost = ViewHost(PublishedStructTodo.TodoListView(manager: published))
        publishedHost.resetCounts()
        try publishedHost.toggle("Task 42")
        #expect(publishedHost.bodyCounts == ["TodoListView": 1, "TodoRowView": 100])
        #expect(publishedHost.snapshot == Self.screen(100, done: [42]))

        let observed = ObservationStructTodo.TodoManager(titles: Self.titles(100))
        let observedHost = ViewHost(ObservationStructTodo.TodoListView(manager: observed))
        observedHost.resetCounts()
        try observedHost.toggle("Task 42")
        #expect(observedHost.bodyCounts == ["TodoListView": 1, "TodoCountsView": 1, "TodoRowView": 1])
        #expect(observedHost.snapshot == Self.screen(100, done: [42]))
    }
}
