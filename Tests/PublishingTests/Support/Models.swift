import Foundation
import Publishing

// The models of the seed articles, as tests use them: the Counter that
// announces its own changes, the Todo app's manager, the wrapper that holds
// other observable objects, and a base class with a subclass.

/// A counter with a plain property that notifies by hand.
final class Counter: ObservableObject {
    private(set) var count = 0

    func increment() {
        objectWillChange.send()
        count += 1
    }
}

struct TodoItem: Identifiable, Equatable {
    let id = UUID()
    var title: String
    var isCompleted = false
}

/// The Todo app's manager: every mutation goes through `@Published`.
final class TodoManager: ObservableObject {
    @Published var todos: [TodoItem] = []
    @Published var newTodoTitle = ""

    func addTodo() {
        let title = newTodoTitle.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return }
        todos.append(TodoItem(title: title))
        newTodoTitle = ""
    }

    func toggleTodo(_ todo: TodoItem) {
        if let index = todos.firstIndex(where: { $0.id == todo.id }) {
            todos[index].isCompleted.toggle()
        }
    }

    func deleteTodo(_ todo: TodoItem) {
        todos.removeAll { $0.id == todo.id }
    }

    /// One assignment per item: one signal per item.
    func addOneByOne(_ titles: [String]) {
        for title in titles { todos.append(TodoItem(title: title)) }
    }

    /// One assignment for the batch: one signal.
    func addAll(_ titles: [String]) {
        todos.append(contentsOf: titles.map { TodoItem(title: $0) })
    }

    var completedCount: Int { todos.filter(\.isCompleted).count }
}

final class WorkModel: ObservableObject {
    @Published var name = "name"
    @Published var count = 1
}

final class UserModel: ObservableObject {
    @Published var nickname = "nickname"
    @Published var header = "http://example.com"
}

/// The wrapper of the pitfall: its children are plain stored properties, so
/// their changes do not reach the wrapper's `objectWillChange`.
final class WrapperModel: ObservableObject {
    let workModel = WorkModel()
    let userModel = UserModel()
}

/// The same wrapper, forwarding its children's signals by hand.
final class ForwardingWrapperModel: ObservableObject {
    let workModel = WorkModel()
    let userModel = UserModel()
    private var cancellables = Set<AnyCancellable>()

    init() {
        workModel.objectWillChange
            .sink { [weak self] in self?.objectWillChange.send() }
            .store(in: &cancellables)
        userModel.objectWillChange
            .sink { [weak self] in self?.objectWillChange.send() }
            .store(in: &cancellables)
    }
}

class BaseModel: ObservableObject {
    @Published var isLoading = false
}

final class SonModel: BaseModel {
    @Published var name = "name"
    @Published var count = 1
}
