import Rendering
import Tracking

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
