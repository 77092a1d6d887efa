import Foundation
import Observation
import Rendering

/// The first seed article's Todo app on Apple's Observation, with the
/// article's struct items: an `@Observable` manager whose `todos` is one
/// array of ``StructTodoItem`` values. A view that reads `todos` depends on
/// the whole array: toggling one row re-renders the list, the counts and
/// that row, and the list compares every row's inputs. The same screen as
/// ``CollectionTodo``.
public enum ObservationStructTodo {
    /// A task: the seed's struct.
    public typealias TodoItem = StructTodoItem

    /// The seed's `TodoManager`, `@Observable`.
    ///
    /// Thread-safety: not `Sendable`; use it on one thread at a time.
    @Observable
    public final class TodoManager {
        /// The tasks, oldest first.
        public var todos: [TodoItem] = []
        /// The title being typed in the input field.
        public var newTodoTitle: String = ""

        /// Creates a manager with one pending task per title.
        ///
        /// - Parameter titles: The titles of the initial tasks, in order.
        public init(titles: [String] = []) {
            todos = titles.map { TodoItem(title: $0) }
        }

        /// Adds a task titled ``newTodoTitle`` (trimmed) and clears the field.
        public func addTodo() {
            guard !newTodoTitle.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            todos.append(TodoItem(title: newTodoTitle.trimmingCharacters(in: .whitespaces)))
            newTodoTitle = ""
        }

        /// Adds a task.
        ///
        /// - Parameter title: What to do.
        public func addTodo(title: String) {
            todos.append(TodoItem(title: title))
        }

        /// Marks the task with `todo`'s id done, or not done.
        ///
        /// - Parameter todo: The task (found by id).
        public func toggleTodo(_ todo: TodoItem) {
            if let index = todos.firstIndex(where: { $0.id == todo.id }) {
                todos[index].isCompleted.toggle()
            }
        }

        /// Removes the task with `todo`'s id.
        ///
        /// - Parameter todo: The task (found by id).
        public func deleteTodo(_ todo: TodoItem) {
            todos.removeAll { $0.id == todo.id }
        }

        /// How many tasks are done, counted on each read.
        public var completedCount: Int { todos.filter(\.isCompleted).count }

        /// The tasks that are not done, filtered on each read.
        public var pendingTodos: [TodoItem] { todos.filter { !$0.isCompleted } }
    }

    /// The screen: the input row, the counts and one row per task.
    public struct TodoListView: View {
        @State private var todoManager: TodoManager

        /// Shows `manager`'s tasks.
        ///
        /// - Parameter manager: The tasks to show.
        public init(manager: TodoManager = TodoManager()) {
            _todoManager = State(initialValue: manager)
        }

        /// The input row, the counts and the list.
        public var body: some View {
            VStack {
                TodoInputView(todoManager: todoManager)
                TodoCountsView(todoManager: todoManager)
                List {
                    ForEach(todoManager.todos) { todo in
                        TodoRowView(todo: todo, todoManager: todoManager)
                    }
                }
            }
        }
    }

    /// The field for a new task and its Add button.
    public struct TodoInputView: View {
        @Bindable var todoManager: TodoManager

        /// An input row adding to `todoManager`.
        ///
        /// - Parameter todoManager: Where new tasks go.
        public init(todoManager: TodoManager) {
            self.todoManager = todoManager
        }

        /// The field and the button.
        public var body: some View {
            HStack {
                TextField("What needs doing?", text: $todoManager.newTodoTitle)
                    .onSubmit { todoManager.addTodo() }
                Button("Add") { todoManager.addTodo() }
                    .disabled(todoManager.newTodoTitle.trimmingCharacters(in: .whitespaces).isEmpty)
            }
        }
    }

    /// Total, done and pending counts, computed from the array.
    public struct TodoCountsView: View {
        let todoManager: TodoManager

        /// The counts of `todoManager`.
        ///
        /// - Parameter todoManager: The tasks to count.
        public init(todoManager: TodoManager) {
            self.todoManager = todoManager
        }

        /// Three texts.
        public var body: some View {
            HStack {
                Text("Total: \(todoManager.todos.count)")
                Text("Done: \(todoManager.completedCount)")
                Text("Pending: \(todoManager.pendingTodos.count)")
            }
        }
    }

    /// One task: a copy of it and the manager.
    public struct TodoRowView: View {
        let todo: TodoItem
        let todoManager: TodoManager

        /// A row for `todo`.
        ///
        /// - Parameters:
        ///   - todo: The task shown.
        ///   - todoManager: The manager that toggles and deletes it.
        public init(todo: TodoItem, todoManager: TodoManager) {
            self.todo = todo
            self.todoManager = todoManager
        }

        /// The toggle and the button.
        public var body: some View {
            HStack {
                Toggle(todo.title, isOn: Binding(get: { todo.isCompleted }, set: { _ in todoManager.toggleTodo(todo) }))
                Button("Delete") { todoManager.deleteTodo(todo) }
                    .foregroundColor(.red)
                    .font(.caption)
            }
        }
    }
}
