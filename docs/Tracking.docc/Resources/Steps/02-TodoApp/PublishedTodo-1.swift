import Publishing

/// A task as a value, kept in the manager's published array.
struct PlainTodo: Identifiable, Equatable {
    let id: Int
    var title: String
    var isDone = false
}

/// The same tasks, published as a whole.
final class PublishedTodoManager: ObservableObject {
    @Published private(set) var todos: [PlainTodo] = []
    private var nextID = 1

    init(titles: [String] = []) {
        for title in titles { add(title) }
    }

    func add(_ title: String) {
        todos.append(PlainTodo(id: nextID, title: title))
        nextID += 1
    }

    func toggle(_ todo: PlainTodo) {
        guard let index = todos.firstIndex(where: { $0.id == todo.id }) else { return }
        todos[index].isDone.toggle()
    }

    var doneCount: Int {
        todos.count { $0.isDone }
    }
}
