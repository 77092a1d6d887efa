import Rendering
import Tracking

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
