import Examples
import Publishing
import Rendering
import Tracking

/// The Todo app of the seed articles with N rows, on the three strategies:
/// toggle one row, type a 20-character title, add one item, delete one item.
enum TodoScenarios {
    static let placeholder = "What needs doing?"
    static let typedTitle = Array("Buy milk and 2 eggs!")

    static func all(sizes: [Int]) -> [RenderScenario] {
        sizes.flatMap { size in
            [toggle(size), typing(size), adding(size), deleting(size)].flatMap { $0 }
        }
    }

    private static func titles(_ size: Int) -> [String] {
        (1...size).map { "Task \($0)" }
    }

    /// Renders the list of one strategy and returns the host and a way to
    /// reach its model.
    private static func makeHost(_ strategy: String, _ size: Int) -> (ViewHost, TodoModel) {
        switch strategy {
        case RenderScenario.fineGrained:
            let manager = TrackedTodo.TodoManager(titles: titles(size))
            return (benchmarkHost(TrackedTodo.TodoListView(manager: manager)), .tracked(manager))
        case RenderScenario.wholeObject:
            let manager = PublishedTodo.TodoManager(titles: titles(size))
            return (benchmarkHost(PublishedTodo.TodoListView(manager: manager)), .published(manager))
        default:
            let manager = ObservationTodo.TodoManager(titles: titles(size))
            return (benchmarkHost(ObservationTodo.TodoListView(manager: manager)), .observation(manager))
        }
    }

    private static let strategies = [RenderScenario.wholeObject, RenderScenario.fineGrained, RenderScenario.observation]

    private static func weight(_ strategy: String, _ size: Int) -> Double {
        // Whole-object updates of a long list take long: a few samples agree.
        strategy == RenderScenario.wholeObject && size >= 1_000 ? 0.5 : 1
    }

    static func toggle(_ size: Int) -> [RenderScenario] {
        strategies.map { strategy in
            RenderScenario(
                name: "Todo: toggle one row", strategy: strategy, parameters: [("n", "\(size)")],
                setUp: {
                    let (host, _) = makeHost(strategy, size)
                    return RenderWorkload(
                        host: host,
                        update: { index in try? host.toggle("Task \(index % size + 1)") },
                        showsUpdate: { index in
                            // Toggles alternate: an odd number of toggles of a
                            // row leaves it done.
                            let row = index % size + 1
                            let toggles = (index - 1) / size + 1
                            let expected = toggles % 2 == 1
                            return host.snapshot.contains("Toggle(\"Task \(row)\", isOn: \(expected))")
                        })
                },
                expectedBodiesPerUpdate: strategy == RenderScenario.wholeObject ? size + 1 : 2,
                weight: weight(strategy, size))
        }
    }

    static func typing(_ size: Int) -> [RenderScenario] {
        strategies.map { strategy in
            RenderScenario(
                name: "Todo: type a 20-character title", strategy: strategy, parameters: [("n", "\(size)")],
                setUp: {
                    let (host, _) = makeHost(strategy, size)
                    let text: (Int) -> String = { index in
                        String(typedTitle.prefix((index - 1) % typedTitle.count + 1))
                    }
                    return RenderWorkload(
                        host: host,
                        update: { index in try? host.enter(text(index), into: placeholder) },
                        showsUpdate: { index in host.snapshot.contains("text: \"\(text(index))\"") })
                },
                expectedBodiesPerUpdate: strategy == RenderScenario.wholeObject ? size + 1 : 1,
                weight: weight(strategy, size))
        }
    }

    static func adding(_ size: Int) -> [RenderScenario] {
        strategies.map { strategy in
            RenderScenario(
                name: "Todo: add one item", strategy: strategy, parameters: [("n", "\(size)")],
                setUp: {
                    let (host, model) = makeHost(strategy, size)
                    return RenderWorkload(
                        host: host,
                        update: { index in
                            model.add("New \(index)")
                            host.flush()
                        },
                        showsUpdate: { index in host.snapshot.contains("\"New \(index)\"") },
                        restore: {
                            while model.count > size { model.removeLast() }
                            host.flush()
                        })
                },
                // The list, the counts and the new row; whole-object: every
                // existing row too.
                expectedBodiesPerUpdate: strategy == RenderScenario.wholeObject ? size + 2 : 3,
                weight: weight(strategy, size))
        }
    }

    static func deleting(_ size: Int) -> [RenderScenario] {
        strategies.map { strategy in
            RenderScenario(
                name: "Todo: delete one item", strategy: strategy, parameters: [("n", "\(size)")],
                setUp: {
                    let (host, model) = makeHost(strategy, size + 1)
                    return RenderWorkload(
                        host: host,
                        update: { _ in
                            model.removeLast()
                            host.flush()
                        },
                        showsUpdate: { _ in !host.snapshot.contains("\"Task \(size + 1)\"") },
                        restore: {
                            while model.count < size + 1 { model.add("Task \(model.count + 1)") }
                            host.flush()
                        })
                },
                // The list and the counts; whole-object: every remaining row too.
                expectedBodiesPerUpdate: strategy == RenderScenario.wholeObject ? size + 1 : 2,
                weight: weight(strategy, size))
        }
    }
}

/// The manager of one of the three Todo apps, behind one interface.
enum TodoModel {
    case tracked(TrackedTodo.TodoManager)
    case published(PublishedTodo.TodoManager)
    case observation(ObservationTodo.TodoManager)

    var count: Int {
        switch self {
        case .tracked(let manager): manager.todos.count
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
        case .tracked(let manager): if let last = manager.todos.last { manager.deleteTodo(last) }
        case .published(let manager): if let last = manager.todos.last { manager.deleteTodo(last) }
        case .observation(let manager): if let last = manager.todos.last { manager.deleteTodo(last) }
        }
    }
}
