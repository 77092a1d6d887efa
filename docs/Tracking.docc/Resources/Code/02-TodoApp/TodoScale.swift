import Foundation
import Rendering

/// Toggles one task of `count` on both versions of the app and returns how
/// many bodies each evaluated.
@MainActor
func bodiesPerToggle(tasks count: Int) throws -> (tracked: Int, published: Int) {
    let titles = (1...count).map { "Task \($0)" }

    let tracked = ViewHost(TodoListView(manager: TodoManager(titles: titles)))
    tracked.resetCounts()
    try tracked.toggle("Task 1")

    let published = ViewHost(PublishedTodoListView(manager: PublishedTodoManager(titles: titles)))
    published.resetCounts()
    try published.toggle("Task 1")

    return (tracked.totalBodyCount, published.totalBodyCount)
}

@MainActor
func todoScaleDemo() throws {
    print("tasks   Trackable   ObservableObject")
    for count in [10, 100, 1_000] {
        let bodies = try bodiesPerToggle(tasks: count)
        let columns = ["\(count)", "\(bodies.tracked)", "\(bodies.published)"]
        print(columns[0].padding(toLength: 8, withPad: " ", startingAt: 0)
            + columns[1].padding(toLength: 12, withPad: " ", startingAt: 0)
            + columns[2])
    }
}
