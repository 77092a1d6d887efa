import Rendering
import Tracking

/// How many times observers ran; they run on the main actor.
@MainActor final class RunCount {
    var value = 0
}

/// A store with `count` tasks, "Task 1" to "Task <count>".
@MainActor
func storeWithTasks(_ count: Int) -> TodoStore {
    let store = TodoStore()
    for number in 1...count {
        store.newTodoTitle = "Task \(number)"
        store.addTodo()
    }
    return store
}

@MainActor
func everyReaderRuns() {
    let store = storeWithTasks(1_000)
    let runs = RunCount()
    // One reader per row, as a list of 1,000 rows has.
    let readers = (0..<1_000).map { index in
        observe {
            _ = store.todos[index].isCompleted
            runs.value += 1
        }
    }
    print("first runs: \(runs.value)")

    runs.value = 0
    store.toggleTodo(at: 42)
    print("after toggling one task, readers that ran: \(runs.value)")
    withExtendedLifetime(readers) {}
}

@MainActor
func whatReadersDependOn() {
    let store = storeWithTasks(3)
    let first = untracked { store.todos[0] }
    let element = RunCount(), title = RunCount(), count = RunCount(), everything = RunCount()
    let readers = [
        observe {
            _ = store.todos[id: first.id]
            element.value += 1
        },
        observe {
            _ = store.todos[id: first.id, \.title]
            title.value += 1
        },
        observe {
            _ = store.todos.count
            count.value += 1
        },
        observe {
            _ = store.todos.map(\.title)
            everything.value += 1
        },
    ]
    func report(_ change: String) {
        print("\(change): element \(element.value), title \(title.value), count \(count.value), "
            + "everything \(everything.value)")
        for runs in [element, title, count, everything] { runs.value = 0 }
    }
    report("first runs")
    store.toggleTodo(first)
    report("toggle the first task")
    store.todos[id: first.id]?.title = "Task 1, renamed"
    report("rename it")
    store.toggleTodo(at: 2)
    report("toggle another task")
    store.todos.move(fromOffsets: [2], toOffset: 0)
    report("move another task to the top")
    store.deleteTodo(first)
    report("delete the first task")
    withExtendedLifetime(readers) {}
}

@MainActor
func countsKeepUp() {
    let store = storeWithTasks(3)
    let summary = observe {
        print("done \(store.completedCount), pending \(store.pendingTodos.count)")
    }
    print("-- toggle the first task")
    store.toggleTodo(at: 0)
    print("-- rename it")
    store.todos[0].title = "Buy oat milk"
    print("-- toggle it twice in one transaction")
    withTransaction {
        store.toggleTodo(at: 0)
        store.toggleTodo(at: 0)
    }
    print("-- add a task")
    store.newTodoTitle = "Read a book"
    store.addTodo()
    print("-- the pending tasks: \(store.pendingTodos.map(\.title))")
    withExtendedLifetime(summary) {}
}

@MainActor
func storeViews() throws {
    let store = storeWithTasks(1_000)
    let host = ViewHost(TodoStoreView(store: store))
    func report(_ change: String) {
        let counts = host.bodyCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        print("\(change): \(host.totalBodyCount) bodies (\(counts.joined(separator: ", ")))")
        host.resetCounts()
    }
    report("first render")
    try host.toggle("Task 42")
    report("toggle Task 42")
    try host.enter("Task 1001", into: "What needs doing?")
    report("type a title")
    try host.tap("Add")
    report("add it")
    try host.tap("Delete", at: 0)
    report("delete the first task")
    store.todos[id: untracked { store.todos[0].id }]?.title = "Renamed from outside"
    host.flush()
    report("rename a task from outside the views")
}
