import Rendering
import Tracking

/// The seed's screen: the input row, the counts and one row per task.
///
/// Its body reads no tracked property: `ForEach` over the collection tracks
/// the ids itself, and each row its own task.
struct TodoStoreView: View {
    @State private var store: TodoStore

    init(store: TodoStore) {
        _store = State(initialValue: store)
    }

    var body: some View {
        VStack {
            TodoStoreInput(store: store)
            TodoStoreCounts(store: store)
            List {
                ForEach(store.todos) { todo in
                    TodoStoreRow(todo: todo, store: store)
                }
            }
        }
    }
}

struct TodoStoreInput: View {
    @Bindable var store: TodoStore

    var body: some View {
        HStack {
            TextField("What needs doing?", text: $store.newTodoTitle)
                .onSubmit { store.addTodo() }
            Button("Add") { store.addTodo() }
        }
    }
}

/// Reads the count of tasks and two aggregates, not the tasks.
struct TodoStoreCounts: View {
    let store: TodoStore

    var body: some View {
        HStack {
            Text("Total: \(store.todos.count)")
            Text("Done: \(store.completedCount)")
            Text("Pending: \(store.pendingTodos.count)")
        }
    }
}

/// The seed's row: a copy of its task, and the store. The toggle is bound
/// to the task in the collection, found by id.
struct TodoStoreRow: View {
    let todo: Todo
    @Bindable var store: TodoStore

    var body: some View {
        HStack {
            Toggle(todo.title, isOn: $store.todos[id: todo.id].isCompleted)
            Button("Delete") { store.deleteTodo(todo) }
        }
    }
}
