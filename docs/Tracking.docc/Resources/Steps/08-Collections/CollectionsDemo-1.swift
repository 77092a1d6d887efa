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
