import Testing
import Tracking
@testable import Examples
@testable import Rendering

/// The seed's Todo app with struct items on the three models: what each
/// update re-renders, exactly, and that all three draw the same screen.
@MainActor
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

/// A `ForEach` over a tracked list, through random edits: after each render
/// the screen shows the list as it is, rows that stay keep their nodes, and
/// an edit of one element renders its row alone.
@MainActor
@Suite struct TrackedForEachTests {
    struct Entry: Identifiable, Equatable, Sendable {
        let id: Int
        var text: String
    }

    struct Rows: View {
        let list: TrackedList<Entry>
        var body: some View {
            List {
                ForEach(list) { entry in Row(entry: entry) }
            }
        }
    }

    struct Row: View {
        let entry: Entry
        var body: some View { Text(entry.text) }
    }

    private static func screen(_ list: TrackedList<Entry>) -> String {
        (["List"] + untracked { list.map { "  Text(\"\($0.text)\")" } }).joined(separator: "\n")
    }

    @Test func randomEditsAlwaysShowTheList() {
        var generator = SeededGenerator(seed: 18)
        let list = TrackedList((1...20).map { Entry(id: $0, text: "e\($0)") })
        let host = ViewHost(Rows(list: list))
        var nextID = 21
        for step in 0..<300 {
            let count = untracked { list.count }
            host.resetCounts()
            var expectedRows: Int?
            let operation = generator.next() % 6
            switch operation {
            case 0:
                list.append(Entry(id: nextID, text: "e\(nextID)"))
                nextID += 1
                expectedRows = 1
            case 1:
                list.insert(Entry(id: nextID, text: "e\(nextID)"), at: Int(generator.next() % UInt64(count + 1)))
                nextID += 1
                expectedRows = 1
            case 2 where count > 0:
                list.remove(at: Int(generator.next() % UInt64(count)))
                expectedRows = 0
            case 3 where count > 1:
                let from = Int(generator.next() % UInt64(count))
                list.move(fromOffsets: [from], toOffset: Int(generator.next() % UInt64(count + 1)))
                expectedRows = 0
            case 4 where count > 0:
                list[Int(generator.next() % UInt64(count))].text = "edited \(step)"
                expectedRows = 1
            default:
                withTransaction {
                    list.append(Entry(id: nextID, text: "e\(nextID)"))
                    if count > 2 { list.remove(at: 1) }
                }
                nextID += 1
            }
            host.flush()
            #expect(host.snapshot == Self.screen(list), "step \(step), edit \(operation)")
            if let expectedRows { #expect(host.bodyCounts["Row", default: 0] == expectedRows, "step \(step)") }
            #expect(host.bodyCounts["Rows"] == nil, "step \(step)")
        }
    }
}

@MainActor
@Suite struct TrackedSubsetForEachTests {
    struct PendingList: View {
        let manager: CollectionTodo.TodoManager
        var body: some View {
            List {
                ForEach(manager.pendingTodos) { todo in Text(todo.title) }
            }
        }
    }

    @Test func aListOfThePendingTasksFollowsToggles() {
        let manager = CollectionTodo.TodoManager(titles: ["A", "B", "C"])
        let host = ViewHost(PendingList(manager: manager))
        manager.toggleTodo(at: 1)
        host.flush()
        #expect(host.snapshot == "List\n  Text(\"A\")\n  Text(\"C\")")
        untracked { manager.todos[id: manager.todos[0].id]?.title = "A, renamed" }
        host.flush()
        #expect(host.snapshot == "List\n  Text(\"A, renamed\")\n  Text(\"C\")")
        manager.toggleTodo(at: 1)
        manager.addTodo(title: "D")
        host.flush()
        #expect(host.snapshot == "List\n  Text(\"A, renamed\")\n  Text(\"B\")\n  Text(\"C\")\n  Text(\"D\")")
        #expect(host.bodyCounts == ["PendingList": 1])
    }
}

@MainActor
@Suite struct TrackedListBindingTests {
    struct Rows: View {
        @Bindable var todos: TrackedList<StructTodoItem>
        var body: some View {
            List {
                ForEach(todos) { todo in
                    Toggle(todo.title, isOn: $todos[id: todo.id].isCompleted)
                }
            }
        }
    }

    @Test func aBindingByIDTogglesTheElementInPlace() throws {
        let todos = TrackedList(["A", "B"].map { StructTodoItem(title: $0) })
        let host = ViewHost(Rows(todos: todos))
        host.resetCounts()
        try host.toggle("B")
        #expect(untracked { todos.map(\.isCompleted) } == [false, true])
        #expect(host.snapshot == "List\n  Toggle(\"A\", isOn: false)\n  Toggle(\"B\", isOn: true)")
        // Neither the view nor the other row rendered: only B's row scope.
        #expect(host.totalBodyCount == 0)
    }

    @Test func aBindingToARemovedElementKeepsItsLastValueAndIgnoresWrites() {
        let todos = TrackedList([StructTodoItem(title: "A", isCompleted: true)])
        let id = untracked { todos[0].id }
        let binding = Bindable(todos)[id: id].isCompleted
        #expect(binding.wrappedValue == true)
        todos.remove(id: id)
        #expect(binding.wrappedValue == true)
        binding.wrappedValue = false
        #expect(untracked { todos.count } == 0)
    }
}
