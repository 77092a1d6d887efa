import Testing
@testable import Examples
@testable import Rendering

/// Moving a task and filtering the list, on the three Todo apps: what each
/// re-renders, exactly.
@MainActor
@Suite struct TodoListEditTests {
    /// One of the three apps, behind one interface.
    enum App: CaseIterable, CustomTestStringConvertible {
        case tracked, observation, published

        var testDescription: String { "\(self)" }

        /// A host showing `titles`, and the model's operations.
        @MainActor func make(_ titles: [String]) -> (host: ViewHost, model: Model) {
            switch self {
            case .tracked:
                let manager = TrackedTodo.TodoManager(titles: titles)
                return (ViewHost(TrackedTodo.TodoListView(manager: manager)), Model(
                    titles: { manager.todos.map(\.title) },
                    move: { manager.moveTodo(manager.todos[$0], toOffset: $1) },
                    moveAbsent: { manager.moveTodo(TrackedTodo.TodoItem(id: 99, title: "elsewhere"), toOffset: 0) },
                    toggle: { manager.toggleTodo(manager.todos[$0]) },
                    filter: { manager.showsPendingOnly = $0 },
                    visible: { manager.visibleTodos.map(\.title) }))
            case .observation:
                let manager = ObservationTodo.TodoManager(titles: titles)
                return (ViewHost(ObservationTodo.TodoListView(manager: manager)), Model(
                    titles: { manager.todos.map(\.title) },
                    move: { manager.moveTodo(manager.todos[$0], toOffset: $1) },
                    moveAbsent: { manager.moveTodo(ObservationTodo.TodoItem(id: 99, title: "elsewhere"), toOffset: 0) },
                    toggle: { manager.toggleTodo(manager.todos[$0]) },
                    filter: { manager.showsPendingOnly = $0 },
                    visible: { manager.visibleTodos.map(\.title) }))
            case .published:
                let manager = PublishedTodo.TodoManager(titles: titles)
                return (ViewHost(PublishedTodo.TodoListView(manager: manager)), Model(
                    titles: { manager.todos.map(\.title) },
                    move: { manager.moveTodo(manager.todos[$0], toOffset: $1) },
                    moveAbsent: { manager.moveTodo(PublishedTodo.TodoItem(id: 99, title: "elsewhere"), toOffset: 0) },
                    toggle: { manager.toggleTodo(at: $0) },
                    filter: { manager.showsPendingOnly = $0 },
                    visible: { manager.visibleTodos.map(\.title) }))
            }
        }

        /// What moving a task re-renders: the list and the counts (they read
        /// the list), or, whole-object, the list and every row.
        func bodiesForAMove(rows: Int) -> [String: Int] {
            self == .published ? ["TodoListView": 1, "TodoRowView": rows] : ["TodoListView": 1, "TodoCountsView": 1]
        }
    }

    struct Model {
        let titles: () -> [String]
        let move: (_ from: Int, _ to: Int) -> Void
        let moveAbsent: () -> Void
        let toggle: (Int) -> Void
        let filter: (Bool) -> Void
        let visible: () -> [String]
    }

    @Test(arguments: App.allCases)
    func movingTheLastTaskToTheTopRendersWhatReadsTheListAndKeepsEveryRow(_ app: App) {
        let (host, model) = app.make(["A", "B", "C"])
        host.resetCounts()

        model.move(2, 0)
        host.flush()

        #expect(model.titles() == ["C", "A", "B"])
        #expect(host.bodyCounts == app.bodiesForAMove(rows: 3))
        #expect(host.snapshot == TodoScreen.snapshot(rows: [("C", false), ("A", false), ("B", false)]))

        // Past the end means the end; a task not in the list moves nothing.
        model.move(0, 99)
        model.moveAbsent()
        #expect(model.titles() == ["A", "B", "C"])
    }

    @Test(arguments: App.allCases)
    func visibleTodosListsThePendingTasksWhenTheFilterIsOn(_ app: App) {
        let (_, model) = app.make(["A", "B", "C"])
        model.toggle(1)
        #expect(model.visible() == ["A", "B", "C"])
        model.filter(true)
        #expect(model.visible() == ["A", "C"])
    }
}
