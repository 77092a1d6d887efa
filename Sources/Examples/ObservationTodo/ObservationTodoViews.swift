import Rendering

extension ObservationTodo {
    /// The screen: the input row, the counts and one row per task, drawn by
    /// one body that reads only the list of tasks.
    public struct TodoListView: View {
        @State private var manager: TodoManager

        /// Shows `manager`'s tasks; the view keeps the first manager it is
        /// given for its identity.
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
                List(manager.todos) { todo in
                    TodoRowView(todo: todo, manager: manager)
                }
            }
        }
    }

    /// The text field and the Add button.
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
                TextField("What needs doing?", text: $manager.newTodoTitle).onSubmit(manager.addTodo)
                Button("Add", action: manager.addTodo).disabled(manager.trimmedNewTitle.isEmpty)
            }
        }
    }

    /// Total, done and pending counts.
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
            let total = manager.todos.count
            HStack {
                Text("Total: \(total)")
                Text("Done: \(manager.completedCount)")
                Text("Pending: \(total - manager.completedCount)")
            }
        }
    }

    /// One task: its toggle and a Delete button.
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
            }
        }
    }
}
