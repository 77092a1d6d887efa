import Foundation
import Publishing

extension PublishedTodo {
    /// The tasks and the title being typed, published as a whole: any
    /// change fires ``objectWillChange``, whatever changed.
    ///
    /// Thread-safety: not `Sendable`; use it on one thread at a time.
    public final class TodoManager: ObservableObject {
        /// The tasks, oldest first.
        @Published public var todos: [TodoItem] = []

        /// The title being typed in the input field.
        @Published public var newTodoTitle = ""

        /// Whether ``visibleTodos`` lists only the tasks that are not done.
        @Published public var showsPendingOnly = false

        private var nextID = 1

        /// Creates a manager with one pending task per title.
        ///
        /// - Parameter titles: The titles of the initial tasks, in order.
        public init(titles: [String] = []) {
            todos = titles.map(makeItem)
        }

        /// How many tasks are done; counted on each read.
        public var completedCount: Int { todos.filter(\.isDone).count }

        /// The tasks that are not done, in order.
        public var pendingTodos: [TodoItem] { todos.filter { !$0.isDone } }

        /// The tasks a filtered list shows: ``pendingTodos`` when
        /// ``showsPendingOnly`` is set, else every task.
        public var visibleTodos: [TodoItem] { showsPendingOnly ? pendingTodos : todos }

        /// ``newTodoTitle`` without surrounding spaces.
        public var trimmedNewTitle: String { newTodoTitle.trimmingCharacters(in: .whitespaces) }

        /// Adds a task titled ``newTodoTitle`` (trimmed) and clears the field;
        /// does nothing when the title is blank.
        public func addTodo() {
            let title = trimmedNewTitle
            guard !title.isEmpty else { return }
            addTodo(title: title)
            newTodoTitle = ""
        }

        /// Adds a task.
        ///
        /// - Parameter title: What to do.
        /// - Returns: The new task.
        @discardableResult
        public func addTodo(title: String) -> TodoItem {
            let item = makeItem(title)
            todos.append(item)
            return item
        }

        /// Marks the task at `index` done, or not done; does nothing for an
        /// index out of range.
        ///
        /// - Parameter index: The task's position in ``todos``.
        public func toggleTodo(at index: Int) {
            guard todos.indices.contains(index) else { return }
            todos[index].isDone.toggle()
        }

        /// Marks the task with `todo`'s id done, or not done.
        ///
        /// - Parameter todo: The task (found by id).
        public func toggleTodo(_ todo: TodoItem) {
            if let index = todos.firstIndex(where: { $0.id == todo.id }) {
                todos[index].isDone.toggle()
            }
        }

        /// Removes the task with `todo`'s id.
        ///
        /// - Parameter todo: The task (found by id).
        public func deleteTodo(_ todo: TodoItem) {
            todos.removeAll { $0.id == todo.id }
        }

        /// Moves the task with `todo`'s id to `offset` among the tasks, 0
        /// being the top; does nothing if no task has that id.
        ///
        /// - Parameters:
        ///   - todo: The task (found by id).
        ///   - offset: Where it goes; an offset past either end means that
        ///     end.
        public func moveTodo(_ todo: TodoItem, toOffset offset: Int) {
            guard let index = todos.firstIndex(where: { $0.id == todo.id }) else { return }
            let target = min(max(offset, 0), todos.count - 1)
            guard target != index else { return }
            let item = todos.remove(at: index)
            todos.insert(item, at: target)
        }

        private func makeItem(_ title: String) -> TodoItem {
            let item = TodoItem(id: nextID, title: title)
            nextID += 1
            return item
        }
    }
}
