import Tracking

/// One task. Each of its properties is tracked on its own.
final class TodoItem: Trackable, Identifiable {
    let trackingRegistrar = TrackingRegistrar()

    let id: Int
    @Tracked var title: String
    @Tracked var isDone = false

    init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// The tasks, in the order they were added.
final class TodoManager: Trackable {
    let trackingRegistrar = TrackingRegistrar()

    @Tracked private(set) var todos: [TodoItem] = []
    private var nextID = 1

    init(titles: [String] = []) {
        for title in titles { add(title) }
    }

    func add(_ title: String) {
        todos.append(TodoItem(id: nextID, title: title))
        nextID += 1
    }

    func remove(_ todo: TodoItem) {
        todos.removeAll { $0 === todo }
    }

    /// Reads the list and every task's `isDone`.
    var doneCount: Int {
        todos.count { $0.isDone }
    }
}
