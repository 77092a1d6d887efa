import Publishing
import Rendering

extension PublishedTodo {
    /// The screen as the article wrote it: one view owning the manager with
    /// the input row and the counts inline, and a row view per task.
    public struct TodoListView: View {
        @StateObject private var todoManager: TodoManager

        /// Shows `manager`'s tasks. The view owns the manager from its first
        /// render (`@StateObject`); later managers passed to the same
        /// identity are ignored.
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
                        .textFieldStyle(RoundedBorderTextFieldStyle())
                        .onSubmit { todoManager.addTodo() }
                    Button("Add") { todoManager.addTodo() }
                        .disabled(todoManager.trimmedNewTitle.isEmpty)
                }
                HStack {
                    Text("Total: \(todoManager.todos.count)")
                    Text("Done: \(todoManager.completedCount)")
                    Text("Pending: \(todoManager.pendingTodos.count)")
                }
                .font(.caption)
                List {
                    ForEach(todoManager.todos) { todo in
                        TodoRowView(todo: todo, todoManager: todoManager)
                    }
                }
            }
        }
    }

    /// One task. It holds the manager as `@ObservedObject`, as the article
    /// does, so it re-renders on every change of the manager, including
    /// changes to other tasks.
    public struct TodoRowView: View {
        let todo: TodoItem
        @ObservedObject var todoManager: TodoManager

        /// A row for `todo`.
        ///
        /// - Parameters:
        ///   - todo: The task shown (a copy, as of the parent's render).
        ///   - todoManager: The manager that toggles and deletes it.
        public init(todo: TodoItem, todoManager: TodoManager) {
            self.todo = todo
            self.todoManager = todoManager
        }

        /// The toggle and the button.
        public var body: some View {
            HStack {
                Toggle(todo.title, isOn: Binding(get: { todo.isDone }, set: { _ in todoManager.toggleTodo(todo) }))
                Button("Delete") { todoManager.deleteTodo(todo) }
                    .foregroundColor(.red)
                    .font(.caption)
            }
        }
    }
}
