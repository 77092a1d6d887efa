import Foundation
import Tracking

extension CollectionTodo {
    /// The seed's `TodoManager`, with its `todos` in a `TrackedList`.
    ///
    /// Its methods keep the seed's code: `todos.append(newTodo)`,
    /// `todos[index].isCompleted.toggle()`; `toggleTodo(_:)` and
    /// `deleteTodo(_:)` find the task by id in O(1) instead of the seed's
    /// `firstIndex(where:)` scan. ``completedCount`` and ``pendingTodos`` are
    /// aggregates of the list, kept up to date per edit instead of counted on
    /// each read.
    ///
    /// Thread-safety: not `Sendable`; use it on one thread at a time.
    public final class TodoManager: Trackable {
        /// The manager's registrar.
        public let trackingRegistrar = TrackingRegistrar()

        /// The tasks, oldest first, tracked element by element.
        public let todos: TrackedList<TodoItem>

        /// The title being typed in the input field.
        @Tracked public var newTodoTitle = ""

        private let completed: ElementCount<TodoItem>

        /// The tasks that are not done, in order; a reader of its `count`
        /// runs again only when the count changes.
        public let pendingTodos: ElementSubset<TodoItem>

        /// Creates a manager with one pending task per title.
        ///
        /// - Parameter titles: The titles of the initial tasks, in order.
        public init(titles: [String] = []) {
            todos = TrackedList(titles.map { TodoItem(title: $0) }, name: "\\TodoManager.todos")
            completed = todos.counting(where: \.isCompleted)
            pendingTodos = todos.filtering { !$0.isCompleted }
        }

        /// How many tasks are done: a tracked read of one count, O(1).
        public var completedCount: Int { completed.value }

        /// ``newTodoTitle`` without surrounding spaces.
        public var trimmedNewTitle: String { newTodoTitle.trimmingCharacters(in: .whitespaces) }

        /// Adds a task titled ``newTodoTitle`` (trimmed) and clears the field;
        /// does nothing when the title is blank.
        public func addTodo() {
            guard !trimmedNewTitle.isEmpty else { return }
            let newTodo = TodoItem(title: trimmedNewTitle)
            todos.append(newTodo)
            newTodoTitle = ""
        }

        /// Adds a task.
        ///
        /// - Parameter title: What to do.
        /// - Returns: The new task.
        @discardableResult
        public func addTodo(title: String) -> TodoItem {
            let newTodo = TodoItem(title: title)
            todos.append(newTodo)
            return newTodo
        }

        /// Marks the task at `index` done, or not done; does nothing for an
        /// index out of range.
        ///
        /// - Parameter index: The task's position in ``todos``.
        public func toggleTodo(at index: Int) {
            guard index >= 0, index < todos.count else { return }
            todos[index].isCompleted.toggle()
        }

        /// Marks the task with `todo`'s id done, or not done.
        ///
        /// - Parameter todo: The task (found by id).
        public func toggleTodo(_ todo: TodoItem) {
            todos[id: todo.id]?.isCompleted.toggle()
        }

        /// Removes the task with `todo`'s id.
        ///
        /// - Parameter todo: The task (found by id).
        public func deleteTodo(_ todo: TodoItem) {
            todos.remove(id: todo.id)
        }

        /// Moves the task with `todo`'s id to `offset`.
        ///
        /// - Parameters:
        ///   - todo: The task (found by id).
        ///   - offset: Where it goes, among the other tasks.
        public func moveTodo(_ todo: TodoItem, toOffset offset: Int) {
            guard let from = todos.firstIndex(id: todo.id) else { return }
            todos.move(fromOffsets: [from], toOffset: offset > from ? offset + 1 : offset)
        }
    }
}
