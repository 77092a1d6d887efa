import Foundation
import Tracking

extension TrackedTodo {
    /// The list of tasks and the text of the task being typed.
    ///
    /// ``completedCount`` is a stored, tracked counter that the items keep up
    /// to date when their `isDone` changes, rather than a count over
    /// ``todos`` computed on each read: a view that shows it then depends on
    /// one property instead of every item, and a toggle costs the same
    /// whatever the number of items.
    ///
    /// Thread-safety: not `Sendable`; use it on one thread at a time.
    public final class TodoManager: Trackable {
        /// The manager's registrar.
        public let trackingRegistrar = TrackingRegistrar()

        /// The tasks, oldest first.
        @Tracked public private(set) var todos: [TodoItem] = []

        /// The title being typed in the input field.
        @Tracked public var newTodoTitle = ""

        /// How many tasks are done.
        @Tracked public private(set) var completedCount = 0

        /// Whether ``visibleTodos`` lists only the tasks that are not done.
        @Tracked public var showsPendingOnly = false

        private var nextID = 1

        /// Creates a manager with one pending task per title.
        ///
        /// - Parameter titles: The titles of the initial tasks, in order.
        public init(titles: [String] = []) {
            todos = titles.map(makeItem)
        }

        deinit {
            // The items that outlive the manager no longer refer to it.
            for todo in untracked({ todos }) { todo.manager = nil }
        }

        /// How many tasks are not done.
        public var pendingCount: Int { todos.count - completedCount }

        /// The tasks that are not done, in order.
        public var pendingTodos: [TodoItem] { todos.filter { !$0.isDone } }

        /// The tasks a filtered list shows: ``pendingTodos`` when
        /// ``showsPendingOnly`` is set, else every task. A view that reads it
        /// with the filter on depends on every task's `isDone`.
        public var visibleTodos: [TodoItem] { showsPendingOnly ? pendingTodos : todos }

        /// ``newTodoTitle`` without surrounding spaces.
        public var trimmedNewTitle: String { newTodoTitle.trimmingCharacters(in: .whitespaces) }

        /// Adds a task titled ``newTodoTitle`` (trimmed) and clears the field;
        /// does nothing when the title is blank.
        ///
        /// - Returns: The new task, or nil if the title was blank.
        @discardableResult
        public func addTodo() -> TodoItem? {
            let title = trimmedNewTitle
            guard !title.isEmpty else { return nil }
            let item = addTodo(title: title)
            newTodoTitle = ""
            return item
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

        /// Marks a task done, or not done.
        ///
        /// - Parameter todo: The task; one of ``todos``.
        public func toggleTodo(_ todo: TodoItem) {
            todo.isDone.toggle()
        }

        /// Removes a task; does nothing if it is not in the list.
        ///
        /// - Parameter todo: The task.
        public func deleteTodo(_ todo: TodoItem) {
            guard let index = todos.firstIndex(where: { $0 === todo }) else { return }
            if todo.isDone { completedCount -= 1 }
            todo.manager = nil
            todos.remove(at: index)
        }

        /// Moves a task to `offset` among the tasks, 0 being the top, as one
        /// change of ``todos``; does nothing if the task is not in the list.
        ///
        /// - Parameters:
        ///   - todo: The task.
        ///   - offset: Where it goes; an offset past either end means that
        ///     end.
        public func moveTodo(_ todo: TodoItem, toOffset offset: Int) {
            guard let index = todos.firstIndex(where: { $0 === todo }) else { return }
            let target = min(max(offset, 0), todos.count - 1)
            guard target != index else { return }
            withTransaction {
                todos.remove(at: index)
                todos.insert(todo, at: target)
            }
        }

        func completionDidChange(isDone: Bool) {
            completedCount += isDone ? 1 : -1
        }

        private func makeItem(_ title: String) -> TodoItem {
            let item = TodoItem(id: nextID, title: title)
            nextID += 1
            item.manager = self
            return item
        }
    }
}
