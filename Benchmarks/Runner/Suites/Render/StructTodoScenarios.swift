import Examples
import Publishing
import Rendering
import Tracking

/// The seed's Todo app with struct items, as the seed writes it, on the three
/// strategies (issue 18): a `TrackedList` (``CollectionTodo``), a
/// `@Published` array (``PublishedStructTodo``) and an `@Observable` array
/// (``ObservationStructTodo``). Toggle one row, add one item, delete one item.
@MainActor
enum StructTodoScenarios {
    static func all(sizes: [Int]) -> [RenderScenario] {
        sizes.flatMap { size in [toggle(size), adding(size), deleting(size)].flatMap { $0 } }
    }

    private static let strategies = [RenderScenario.wholeObject, RenderScenario.fineGrained, RenderScenario.observation]

    private static func titles(_ size: Int) -> [String] {
        (1...size).map { "Task \($0)" }
    }

    private static func weight(_ strategy: String, _ size: Int) -> Double {
        strategy == RenderScenario.wholeObject && size >= 1_000 ? 0.5 : 1
    }

    /// The host of one strategy's app with `size` tasks, and its model.
    private static func makeHost(_ strategy: String, _ size: Int) -> (ViewHost, StructTodoModel) {
        switch strategy {
        case RenderScenario.fineGrained:
            let manager = CollectionTodo.TodoManager(titles: titles(size))
            return (benchmarkHost(CollectionTodo.TodoListView(manager: manager)), .tracked(manager))
        case RenderScenario.wholeObject:
            let manager = PublishedStructTodo.TodoManager(titles: titles(size))
            return (benchmarkHost(PublishedStructTodo.TodoListView(manager: manager)), .published(manager))
        default:
            let manager = ObservationStructTodo.TodoManager(titles: titles(size))
            return (benchmarkHost(ObservationStructTodo.TodoListView(manager: manager)), .observation(manager))
        }
    }

    static func toggle(_ size: Int) -> [RenderScenario] {
        strategies.map { strategy in
            // The row and the counts. Observation: the list too (it read the
            // array). Whole-object: the list and every row.
            ListScenarios.toggle(
                "Todo, struct items: toggle one row", strategy: strategy, size: size,
                expectedBodies: [RenderScenario.wholeObject: size + 1, RenderScenario.fineGrained: 2][strategy] ?? 3,
                weight: weight(strategy, size), makeHost: { makeHost(strategy, size).0 })
        }
    }

    static func adding(_ size: Int) -> [RenderScenario] {
        strategies.map { strategy in
            // The counts and the new row. Observation: the list too.
            // Whole-object: the list, every row and the new one.
            ListScenarios.adding(
                "Todo, struct items: add one item", strategy: strategy, size: size,
                expectedBodies: [RenderScenario.wholeObject: size + 2, RenderScenario.fineGrained: 2][strategy] ?? 3,
                weight: weight(strategy, size), makeHost: { makeHost(strategy, size) })
        }
    }

    static func deleting(_ size: Int) -> [RenderScenario] {
        strategies.map { strategy in
            // The counts. Observation: the list too. Whole-object: the list
            // and every remaining row.
            ListScenarios.deleting(
                "Todo, struct items: delete one item", strategy: strategy, size: size,
                expectedBodies: [RenderScenario.wholeObject: size + 1, RenderScenario.fineGrained: 1][strategy] ?? 2,
                weight: weight(strategy, size), makeHost: { makeHost(strategy, $0) })
        }
    }
}

/// The manager of one of the three struct Todo apps, behind one interface.
enum StructTodoModel {
    case tracked(CollectionTodo.TodoManager)
    case published(PublishedStructTodo.TodoManager)
    case observation(ObservationStructTodo.TodoManager)

    var count: Int {
        switch self {
        case .tracked(let manager): untracked { manager.todos.count }
        case .published(let manager): manager.todos.count
        case .observation(let manager): manager.todos.count
        }
    }

    func add(_ title: String) {
        switch self {
        case .tracked(let manager): manager.addTodo(title: title)
        case .published(let manager): manager.addTodo(title: title)
        case .observation(let manager): manager.addTodo(title: title)
        }
    }

    func removeLast() {
        switch self {
        case .tracked(let manager): if let last = untracked({ manager.todos.last }) { manager.deleteTodo(last) }
        case .published(let manager): if let last = manager.todos.last { manager.deleteTodo(last) }
        case .observation(let manager): if let last = manager.todos.last { manager.deleteTodo(last) }
        }
    }
}
