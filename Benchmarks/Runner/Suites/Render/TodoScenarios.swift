import Examples
import Publishing
import Rendering
import Tracking

/// The Todo app of the seed articles with N rows, on the three strategies:
/// toggle one row, type a 20-character title, add one item, delete one item,
/// move the last item to the top; and two more screens over the same models
/// (``TodoVariantScreens``): a list filtered to the pending tasks and back,
/// and a toggle where the completed count is computed from the items.
@MainActor
enum TodoScenarios {
    static let placeholder = "What needs doing?"
    static let typedTitle = Array("Buy milk and 2 eggs!")
    /// How many tasks are done in the filtered list, whatever its size: the
    /// rows the filter hides and shows again.
    static let doneInFilteredList = 5

    static func all(sizes: [Int]) -> [RenderScenario] {
        sizes.flatMap { size in
            [
                toggle(size), typing(size), adding(size), deleting(size), moving(size), filtering(size),
                derivedCountToggle(size),
            ].flatMap { $0 }
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
            ListScenarios.toggle(
                "Todo: toggle one row", strategy: strategy, size: size,
                expectedBodies: strategy == RenderScenario.wholeObject ? size + 1 : 2,
                weight: weight(strategy, size), makeHost: { makeHost(strategy, size).0 })
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
            // The list, the counts and the new row; whole-object: every
            // existing row too.
            ListScenarios.adding(
                "Todo: add one item", strategy: strategy, size: size,
                expectedBodies: strategy == RenderScenario.wholeObject ? size + 2 : 3,
                weight: weight(strategy, size), makeHost: { makeHost(strategy, size) })
        }
    }

    /// The first row's title after update number `index` of moving the last
    /// item to the top: the list turns by one each time.
    private static func topTitle(afterMove index: Int, _ size: Int) -> String {
        "Task \(size - (index - 1) % size)"
    }

    static func moving(_ size: Int) -> [RenderScenario] {
        strategies.map { strategy in
            RenderScenario(
                name: "Todo: move the last item to the top", strategy: strategy, parameters: [("n", "\(size)")],
                setUp: {
                    let (host, model) = makeHost(strategy, size)
                    return RenderWorkload(
                        host: host,
                        update: { _ in
                            model.moveLastToTop()
                            host.flush()
                        },
                        showsUpdate: { index in
                            firstToggleTitle(in: host.snapshot) == topTitle(afterMove: index, size)
                        })
                },
                // The list and the counts (they read the list); whole-object:
                // every row too.
                expectedBodiesPerUpdate: strategy == RenderScenario.wholeObject ? size + 1 : 2,
                weight: weight(strategy, size))
        }
    }

    /// The title of the first toggle on screen.
    private static func firstToggleTitle(in snapshot: String) -> String? {
        guard let start = snapshot.range(of: "Toggle(\"") else { return nil }
        let rest = snapshot[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// Renders the filtered list of one strategy, with
    /// ``doneInFilteredList`` tasks done, spread over the list.
    private static func makeFilteredHost(_ strategy: String, _ size: Int) -> ViewHost {
        let done = Set((0..<doneInFilteredList).map { $0 * size / doneInFilteredList })
        switch strategy {
        case RenderScenario.fineGrained:
            let manager = TrackedTodo.TodoManager(titles: titles(size))
            for offset in done { manager.toggleTodo(manager.todos[offset]) }
            return benchmarkHost(TrackedFilteredList(manager: manager))
        case RenderScenario.wholeObject:
            let manager = PublishedTodo.TodoManager(titles: titles(size))
            for offset in done { manager.toggleTodo(at: offset) }
            return benchmarkHost(PublishedFilteredList(todoManager: manager))
        default:
            let manager = ObservationTodo.TodoManager(titles: titles(size))
            for offset in done { manager.toggleTodo(manager.todos[offset]) }
            return benchmarkHost(ObservationFilteredList(manager: manager))
        }
    }

    static func filtering(_ size: Int) -> [RenderScenario] {
        let hidden = doneInFilteredList
        return strategies.map { strategy in
            RenderScenario(
                name: "Todo: filter to the pending items and back", strategy: strategy,
                parameters: [("n", "\(size)")],
                setUp: {
                    let host = makeFilteredHost(strategy, size)
                    return RenderWorkload(
                        host: host,
                        update: { _ in
                            try? host.toggle(pendingOnlyLabel)
                            try? host.toggle(pendingOnlyLabel)
                        },
                        showsUpdate: { _ in
                            host.snapshot.contains("Toggle(\"\(pendingOnlyLabel)\", isOn: false)")
                                && host.snapshot.contains("Toggle(\"Task 1\", isOn: true)")
                        })
                },
                // The list, twice, and the rows it shows again. Whole-object:
                // every row shown, each time (the ones shown again render as
                // new rows).
                expectedBodiesPerUpdate: strategy == RenderScenario.wholeObject
                    ? 1 + (size - hidden) + 1 + size : 2 + hidden,
                weight: weight(strategy, size))
        }
    }

    static func derivedCountToggle(_ size: Int) -> [RenderScenario] {
        strategies.map { strategy in
            RenderScenario(
                name: "Todo: toggle one row, completed count computed", strategy: strategy,
                parameters: [("n", "\(size)")],
                setUp: {
                    let host: ViewHost
                    switch strategy {
                    case RenderScenario.fineGrained:
                        let manager = TrackedTodo.TodoManager(titles: titles(size))
                        host = benchmarkHost(
                            TrackedDerivedCountList(manager: manager, completed: TrackedCompletedCount(manager)))
                    case RenderScenario.wholeObject:
                        // The seed's screen: its count is computed on each read.
                        let manager = PublishedTodo.TodoManager(titles: titles(size))
                        host = benchmarkHost(PublishedTodo.TodoListView(manager: manager))
                    default:
                        let manager = ObservationTodo.TodoManager(titles: titles(size))
                        host = benchmarkHost(ObservationDerivedCountList(manager: manager))
                    }
                    return RenderWorkload(
                        host: host,
                        update: { index in try? host.toggle("Task \(index % size + 1)") },
                        showsUpdate: { index in ListScenarios.shows(toggle: index, of: size, in: host) })
                },
                // The row and the count; whole-object: every row and the list.
                expectedBodiesPerUpdate: strategy == RenderScenario.wholeObject ? size + 1 : 2,
                weight: weight(strategy, size))
        }
    }

    static func deleting(_ size: Int) -> [RenderScenario] {
        strategies.map { strategy in
            // The list and the counts; whole-object: every remaining row too.
            ListScenarios.deleting(
                "Todo: delete one item", strategy: strategy, size: size,
                expectedBodies: strategy == RenderScenario.wholeObject ? size + 1 : 2,
                weight: weight(strategy, size), makeHost: { makeHost(strategy, $0) })
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

    func moveLastToTop() {
        switch self {
        case .tracked(let manager): if let last = manager.todos.last { manager.moveTodo(last, toOffset: 0) }
        case .published(let manager): if let last = manager.todos.last { manager.moveTodo(last, toOffset: 0) }
        case .observation(let manager): if let last = manager.todos.last { manager.moveTodo(last, toOffset: 0) }
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
