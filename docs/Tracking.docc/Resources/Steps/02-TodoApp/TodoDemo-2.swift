import Rendering

@MainActor
func todoDemo() throws {
    let manager = TodoManager(titles: ["Buy milk", "Walk the dog", "Call mom"])
    let host = ViewHost(TodoListView(manager: manager))
    print(host.snapshot)

    print("-- toggle Walk the dog")
    host.resetCounts()
    try host.toggle("Walk the dog")
    for (view, count) in host.bodyCounts.sorted(by: { $0.key < $1.key }) {
        print("\(view): \(count)")
    }
    for render in host.renderLog { print(render) }
}
