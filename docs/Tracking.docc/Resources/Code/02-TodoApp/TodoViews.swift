import Rendering
import Tracking

/// The counts, then one row per task.
struct TodoListView: View {
    let manager: TodoManager

    var body: some View {
        VStack {
            TodoCountsView(manager: manager)
            List {
                ForEach(manager.todos) { todo in
                    TodoRowView(todo: todo, manager: manager)
                }
            }
        }
    }
}

/// How many tasks there are, and how many are done.
struct TodoCountsView: View {
    let manager: TodoManager

    var body: some View {
        HStack {
            Text("Total: \(manager.todos.count)")
            Text("Done: \(manager.doneCount)")
        }
    }
}

/// One task: a toggle bound to its `isDone`, and a delete button.
struct TodoRowView: View {
    @Bindable var todo: TodoItem
    let manager: TodoManager

    var body: some View {
        HStack {
            Toggle(todo.title, isOn: $todo.isDone)
            Button("Delete") { manager.remove(todo) }
        }
    }
}
