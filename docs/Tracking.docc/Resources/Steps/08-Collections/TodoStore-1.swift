import Foundation
import Tracking

/// A task, as the seed article writes it: a value.
struct Todo: Identifiable, Equatable {
    let id = UUID()
    var title: String
    var isCompleted = false
    var createdAt = Date()
}

/// The seed's manager, with its array in one tracked property.
///
/// It is isolated to the main actor, as an app's view models are: its
/// views and its observers run there.
@MainActor final class TodoStore: Trackable {
    let trackingRegistrar = TrackingRegistrar()

    @Tracked var todos: [Todo] = []
    @Tracked var newTodoTitle = ""

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
        if let index = todos.firstIndex(where: { $0.id == todo.id }) {
            todos[index].isCompleted.toggle()
        }
    }

    func deleteTodo(_ todo: Todo) {
        todos.removeAll { $0.id == todo.id }
    }

    var completedCount: Int {
        todos.filter(\.isCompleted).count
    }

    var pendingTodos: [Todo] {
        todos.filter { !$0.isCompleted }
    }
}
