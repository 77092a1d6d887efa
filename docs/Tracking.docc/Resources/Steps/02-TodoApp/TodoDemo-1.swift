import Rendering

@MainActor
func todoDemo() throws {
    let manager = TodoManager(titles: ["Buy milk", "Walk the dog", "Call mom"])
    let host = ViewHost(TodoListView(manager: manager))
    print(host.snapshot)
}
