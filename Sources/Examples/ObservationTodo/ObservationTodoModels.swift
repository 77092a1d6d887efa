import Foundation
import Observation

extension ObservationTodo {
    /// One task, observed by property.
    ///
    /// Thread-safety: not `Sendable`; use it on one thread at a time.
    @Observable
    public final class TodoItem: Identifiable {
        /// A number unique within its manager, in order of creation.
        public let id: Int

        /// What to do.
        public var title: String

        /// Whether it is done. Changing it keeps the manager's
        /// ``TodoManager/completedCount`` up to date.
        public var isDone: Bool {
            didSet {
                if isDone != oldValue { manager?.completionDidChange(isDone: isDone) }
            }
        }

        /// `unowned`, not `weak`, as in ``TrackedTodo/TodoItem``: a weak
        /// reference makes every retain of the manager slow.
        @ObservationIgnored unowned var manager: TodoManager?

        /// Creates an item that belongs to no manager.
        ///
        /// - Parameters:
        ///   - id: Its identity.
        ///   - title: What to do.
        ///   - isDone: Whether it is done already.
        public init(id: Int, title: String, isDone: Bool = false) {
            self.id = id
            self.title = title
            self.isDone = isDone
        }
    }

    /// The tasks, the title being typed, and a maintained count of the done
    /// tasks (as in ``TrackedTodo/TodoManager``).
    ///
    /// Thread-safety: not `Sendable`; use it on one thread at a time.
    @Observable
    public final class TodoManager {
        /// The tasks, oldest first.
        public private(set) var todos: [TodoItem] = []

        /// The title being typed in the input field.
        public var newTodoTitle = ""

        /// How many tasks are done.
        public private(set) var completedCount = 0

        /// Whether ``visibleTodos`` lists only the tasks that are not done.
        public var showsPendingOnly = false

        @ObservationIgnored private var nextID = 1

        /// Creates a manager with one pending task per title.
        ///
        /// - Parameter titles: The titles of the initial tasks, in order.
        public init(titles: [String] = []) {
            todos = titles.map(makeItem)
        }

        deinit {
            // The items that outlive the manager no longer refer to it (read
            // from the storage, so that nothing tracks the read).
            for todo in _todos { todo.manager = nil }
        }

        /// How many tasks are not done.
        public var pendingCount: Int { todos.count - completedCount }

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
            todos.append(makeItem(title))
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

        /// Moves a task to `offset` among the tasks, 0 being the top; does
        /// nothing if the task is not in the list.
        ///
        /// - Parameters:
        ///   - todo: The task.
        ///   - offset: Where it goes; an offset past either end means that
        ///     end.
        public func moveTodo(_ todo: TodoItem, toOffset offset: Int) {
            guard let index = todos.firstIndex(where: { $0 === todo }) else { return }
            let target = min(max(offset, 0), todos.count - 1)
            guard target != index else { return }
            todos.remove(at: index)
            todos.insert(todo, at: target)
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
