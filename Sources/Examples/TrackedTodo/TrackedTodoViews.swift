import Rendering
import Tracking

extension TrackedTodo {
    /// The screen: an input row, the counts, and one row per task.
    ///
    /// It reads only ``TodoManager/todos`` (to list the rows), so it renders
    /// again when a task is added or removed, not when one is toggled or
    /// renamed.
    public struct TodoListView: View {
        @State private var manager: TodoManager

        /// Shows `manager`'s tasks; the view keeps the first manager it is
        /// given for its identity, as `@State` does.
        ///
        /// - Parameter manager: The tasks to show.
        public init(manager: TodoManager = TodoManager()) {
            _manager = State(initialValue: manager)
        }

        /// The input row, the counts and the list.
        public var body: some View {
            VStack {
                TodoInputView(manager: manager)
                TodoCountsView(manager: manager)
                List {
                    ForEach(manager.todos) { todo in
                        TodoRowView(todo: todo, manager: manager)
                    }
                }
            }
        }
    }

    /// The text field for a new task and its Add button, disabled while the
    /// title is blank. Depends on ``TodoManager/newTodoTitle`` only.
    public struct TodoInputView: View {
        @Bindable var manager: TodoManager

        /// An input row adding to `manager`.
        ///
        /// - Parameter manager: Where new tasks go.
        public init(manager: TodoManager) {
            self.manager = manager
        }

        /// The field and the button.
        public var body: some View {
            HStack {
                TextField("What needs doing?", text: $manager.newTodoTitle)
                    .onSubmit { manager.addTodo() }
                Button("Add") { manager.addTodo() }
                    .disabled(manager.trimmedNewTitle.isEmpty)
            }
        }
    }

    /// Total, done and pending counts. Depends on the number of tasks and on
    /// ``TodoManager/completedCount``, not on the tasks themselves.
    public struct TodoCountsView: View {
        let manager: TodoManager

        /// The counts of `manager`.
        ///
        /// - Parameter manager: The tasks to count.
        public init(manager: TodoManager) {
            self.manager = manager
        }

        /// Three texts.
        public var body: some View {
            HStack {
                Text("Total: \(manager.todos.count)")
                Text("Done: \(manager.completedCount)")
                Text("Pending: \(manager.pendingCount)")
            }
        }
    }

    /// One task: a toggle bound to its `isDone`, titled with its title, and
    /// a Delete button. Depends on that task only.
    public struct TodoRowView: View {
        @Bindable var todo: TodoItem
        let manager: TodoManager

        /// A row for `todo`.
        ///
        /// - Parameters:
        ///   - todo: The task shown.
        ///   - manager: The manager that deletes it.
        public init(todo: TodoItem, manager: TodoManager) {
            self.todo = todo
            self.manager = manager
        }

        /// The toggle and the button.
        public var body: some View {
            HStack {
                Toggle(todo.title, isOn: $todo.isDone)
                Button("Delete") { manager.deleteTodo(todo) }
                    .foregroundColor(.red)
                    .font(.caption)
            }
        }
    }
}
