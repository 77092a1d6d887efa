import Foundation
import Tracking

/// A task, as the seed article writes it: a value.
struct Todo: Identifiable, Equatable {
    let id = UUID()
    var title: String
    var isCompleted = false
    var createdAt = Date()
}

/// The seed's manager, with its tasks in a collection tracked element by
/// element, and its counts kept up to date as the tasks change.
///
/// It is isolated to the main actor, as an app's view models are: its
/// views and its observers run there.
@MainActor final class TodoStore: Trackable {
    let trackingRegistrar = TrackingRegistrar()

    let todos = TrackedList<Todo>(name: "todos")
    @Tracked var newTodoTitle = ""

    /// Counted once, then kept up to date per edit.
    private lazy var completed = todos.counting(where: \.isCompleted)
    lazy var pendingTodos = todos.filtering { !$0.isCompleted }

    func addTodo() {
        guard !newTodoTitle.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        let newTodo = Todo(title: newTodoTitle.trimmingCharacters(in: .whitespaces))
        todos.append(newTodo)
        newTodoTitle = ""
    }

    func toggleTodo(at index: Int) {
        guard index < todos.count else { return }
        todos[index].isCompleted.toggle()
    }

    func toggleTodo(_ todo: Todo) {
        todos[id: todo.id]?.isCompleted.toggle()
    }

    func deleteTodo(_ todo: Todo) {
        todos.remove(id: todo.id)
    }

    var completedCount: Int {
        completed.value
    }
}
