import Examples
import Publishing
import Rendering
import Tracking

// Two more screens over the Todo apps' models and rows, one per strategy:
// a list filtered by a "Pending only" toggle, and a list whose completed
// count is computed from the items (a `Derived` on Tracking) instead of
// kept by hand. The scenarios are in TodoScenarios.

/// The label of the filter's toggle.
let pendingOnlyLabel = "Pending only"

// MARK: Filtered list

struct TrackedFilteredList: View {
    let manager: TrackedTodo.TodoManager

    var body: some View {
        VStack {
            Toggle(pendingOnlyLabel, isOn: Bindable(manager).showsPendingOnly)
            List {
                ForEach(manager.visibleTodos) { todo in
                    TrackedTodo.TodoRowView(todo: todo, manager: manager)
                }
            }
        }
    }
}

struct ObservationFilteredList: View {
    let manager: ObservationTodo.TodoManager

    var body: some View {
        VStack {
            Toggle(pendingOnlyLabel, isOn: Bindable(manager).showsPendingOnly)
            List(manager.visibleTodos) { todo in
                ObservationTodo.TodoRowView(todo: todo, manager: manager)
            }
        }
    }
}

/// As the seed writes it: the screen and every row hold the manager.
struct PublishedFilteredList: View {
    @ObservedObject var todoManager: PublishedTodo.TodoManager

    var body: some View {
        VStack {
            Toggle(pendingOnlyLabel, isOn: $todoManager.showsPendingOnly)
            List {
                ForEach(todoManager.visibleTodos) { todo in
                    PublishedTodo.TodoRowView(todo: todo, todoManager: todoManager)
                }
            }
        }
    }
}

// MARK: Completed count computed from the items

/// The number of done tasks as a `Derived` over the items: it reads every
/// item's `isDone`, so a toggle recomputes it (O(n)) and re-renders what
/// shows it once.
final class TrackedCompletedCount: @unchecked Sendable {
    let value: Derived<Int>

    init(_ manager: TrackedTodo.TodoManager) {
        nonisolated(unsafe) let manager = manager
        value = Derived { manager.todos.reduce(0) { $0 + ($1.isDone ? 1 : 0) } }
    }
}

struct TrackedDerivedCountList: View {
    let manager: TrackedTodo.TodoManager
    let completed: TrackedCompletedCount

    var body: some View {
        VStack {
            TrackedDerivedCountView(completed: completed)
            List {
                ForEach(manager.todos) { todo in
                    TrackedTodo.TodoRowView(todo: todo, manager: manager)
                }
            }
        }
    }
}

struct TrackedDerivedCountView: View {
    let completed: TrackedCompletedCount

    var body: some View {
        Text("Done: \(completed.value.value)")
    }
}

struct ObservationDerivedCountList: View {
    let manager: ObservationTodo.TodoManager

    var body: some View {
        VStack {
            ObservationDerivedCountView(manager: manager)
            List(manager.todos) { todo in
                ObservationTodo.TodoRowView(todo: todo, manager: manager)
            }
        }
    }
}

/// Counts in its body: it reads every item's `isDone`.
struct ObservationDerivedCountView: View {
    let manager: ObservationTodo.TodoManager

    var body: some View {
        Text("Done: \(manager.todos.reduce(0) { $0 + ($1.isDone ? 1 : 0) })")
    }
}
