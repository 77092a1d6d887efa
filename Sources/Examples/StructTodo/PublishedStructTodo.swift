import Foundation
import Publishing
import Rendering

/// The first seed article's Todo app as the article writes it: an
/// `ObservableObject` manager with a `@Published` array of
/// ``StructTodoItem`` values, its counts computed on each read, and every
/// view that holds the manager re-rendered on each of its changes. Toggling
/// one row re-renders the list and every row: N + 1 bodies. The same screen
/// as ``CollectionTodo``.
public enum PublishedStructTodo {
    /// A task: the seed's struct.
    public typealias TodoItem = StructTodoItem

    /// The seed's `TodoManager`.
    ///
    /// Thread-safety: not `Sendable`; use it on one thread at a time.
    public final class TodoManager: ObservableObject {
        /// The tasks, oldest first.
        @Published public var todos: [TodoItem] = []
        /// The title being typed in the input field.
        @Published public var newTodoTitle: String = ""

        /// Creates a manager with one pending task per title.
        ///
        /// - Parameter titles: The titles of the initial tasks, in order.
        public init(titles: [String] = []) {
            todos = titles.map { TodoItem(title: $0) }
        }

        /// Adds a task titled ``newTodoTitle`` (trimmed) and clears the field.
        public func addTodo() {
            guard !newTodoTitle.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            let newTodo = TodoItem(title: newTodoTitle.trimmingCharacters(in: .whitespaces))
            todos.append(newTodo)
            newTodoTitle = ""
        }

        /// Adds a task.
        ///
        /// - Parameter title: What to do.
        public func addTodo(title: String) {
            todos.append(TodoItem(title: title))
        }

        /// Marks the task at `index` done, or not done.
        ///
        /// - Parameter index: The task's position.
        public func toggleTodo(at index: Int) {
            guard index < todos.count else { return }
            todos[index].isCompleted.toggle()
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
        public var completedCount: Int {
            todos.filter(\.isCompleted).count
        }

        /// The tasks that are not done, filtered on each read.
        public var pendingTodos: [TodoItem] {
            todos.filter { !$0.isCompleted }
        }
    }

    /// The seed's screen: one view owning the manager, with the input row
    /// and the counts inline, and a row view per task.
    public struct TodoListView: View {
        @StateObject private var todoManager: TodoManager

        /// Shows `manager`'s tasks.
        ///
        /// - Parameter manager: The tasks to show.
        public init(manager: TodoManager = TodoManager()) {
            _todoManager = StateObject(wrappedValue: manager)
        }

        /// The input row, the counts and the list.
        public var body: some View {
            VStack {
                HStack {
                    TextField("What needs doing?", text: $todoManager.newTodoTitle)
                        .onSubmit { todoManager.addTodo() }
                    Button("Add") { todoManager.addTodo() }
                        .disabled(todoManager.newTodoTitle.trimmingCharacters(in: .whitespaces).isEmpty)
                }
                HStack {
                    Text("Total: \(todoManager.todos.count)")
                    Text("Done: \(todoManager.completedCount)")
                    Text("Pending: \(todoManager.pendingTodos.count)")
                }
                List {
                    ForEach(todoManager.todos) { todo in
                        TodoRowView(todo: todo, todoManager: todoManager)
                    }
                }
            }
        }
    }

    /// One task; it observes the whole manager, as the seed's row does.
    public struct TodoRowView: View {
        let todo: TodoItem
        @ObservedObject var todoManager: TodoManager

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
