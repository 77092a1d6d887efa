import Rendering
import Tracking

extension CollectionTodo {
    /// The screen: the input row, the counts, and one row per task.
    ///
    /// Its body reads no tracked property: the `ForEach` over the list
    /// tracks the list's structure itself, and each row its own task.
    public struct TodoListView: View {
        @State private var todoManager: TodoManager

        /// Shows `manager`'s tasks; the view keeps the first manager it is
        /// given for its identity, as `@State` does.
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

    /// The text field for a new task and its Add button, disabled while the
    /// title is blank. Depends on ``TodoManager/newTodoTitle`` only.
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
                    .disabled(todoManager.trimmedNewTitle.isEmpty)
            }
        }
    }

    /// Total, done and pending counts: the number of tasks (the list's
    /// structure) and two aggregates, not the tasks themselves.
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

    /// One task, as the seed's row: a copy of the task and the manager. Its
    /// toggle is bound to the task in the list, by id.
    public struct TodoRowView: View {
        let todo: TodoItem
        @Bindable var todoManager: TodoManager

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
                Toggle(todo.title, isOn: $todoManager.todos[id: todo.id].isCompleted)
                Button("Delete") { todoManager.deleteTodo(todo) }
                    .foregroundColor(.red)
                    .font(.caption)
            }
        }
    }
}
