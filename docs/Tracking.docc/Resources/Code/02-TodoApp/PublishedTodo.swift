import Publishing
import Rendering

/// A task as a value, kept in the manager's published array.
struct PlainTodo: Identifiable, Equatable {
    let id: Int
    var title: String
    var isDone = false
}

/// The same tasks, published as a whole.
final class PublishedTodoManager: ObservableObject {
    @Published private(set) var todos: [PlainTodo] = []
    private var nextID = 1

    init(titles: [String] = []) {
        for title in titles { add(title) }
    }

    func add(_ title: String) {
        todos.append(PlainTodo(id: nextID, title: title))
        nextID += 1
    }

    func toggle(_ todo: PlainTodo) {
        guard let index = todos.firstIndex(where: { $0.id == todo.id }) else { return }
        todos[index].isDone.toggle()
    }

    var doneCount: Int {
        todos.count { $0.isDone }
    }
}

struct PublishedTodoListView: View {
    @ObservedObject var manager: PublishedTodoManager

    var body: some View {
        VStack {
            PublishedTodoCountsView(manager: manager)
            List {
                ForEach(manager.todos) { todo in
                    PublishedTodoRowView(todo: todo, manager: manager)
                }
            }
        }
    }
}

struct PublishedTodoCountsView: View {
    @ObservedObject var manager: PublishedTodoManager

    var body: some View {
        HStack {
            Text("Total: \(manager.todos.count)")
            Text("Done: \(manager.doneCount)")
        }
    }
}

struct PublishedTodoRowView: View {
    let todo: PlainTodo
    @ObservedObject var manager: PublishedTodoManager

    var body: some View {
        HStack {
            Toggle(todo.title, isOn: Binding(get: { todo.isDone }, set: { _ in manager.toggle(todo) }))
        }
    }
}

@MainActor
func publishedTodoDemo() throws {
    let manager = PublishedTodoManager(titles: ["Buy milk", "Walk the dog", "Call mom"])
    let host = ViewHost(PublishedTodoListView(manager: manager))

    print("-- toggle Walk the dog")
    host.resetCounts()
    try host.toggle("Walk the dog")
    for (view, count) in host.bodyCounts.sorted(by: { $0.key < $1.key }) {
        print("\(view): \(count)")
    }
    for render in host.renderLog { print(render) }
}
