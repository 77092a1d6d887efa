import Testing
import Tracking
import Publishing
@testable import Rendering
@testable import Examples

@Test func explore() throws {
    let manager = TrackedTodo.TodoManager(titles: ["Buy milk", "Walk the dog", "Call mom"])
    let host = ViewHost(TrackedTodo.TodoListView(manager: manager))
    print(host.snapshot)
    print(host.bodyCounts)
    host.resetCounts()
    try host.toggle("Walk the dog")
    print(host.snapshot)
    print(host.bodyCounts, host.renderLog.map(\.description), host.bodyCountsByIdentity)
    host.resetCounts()
    try host.enter("Read", into: "What needs doing?")
    print(host.bodyCounts, host.renderLog.map(\.description))
    host.resetCounts()
    try host.tap("Add")
    print(host.snapshot)
    print(host.bodyCounts, host.renderLog.map(\.description))
    host.resetCounts()
    try host.tap("Delete", at: 0)
    print(host.snapshot)
    print(host.bodyCounts, host.renderLog.map(\.description))

    let pm = PublishedTodo.TodoManager(titles: ["Buy milk", "Walk the dog", "Call mom"])
    let phost = ViewHost(PublishedTodo.TodoListView(manager: pm))
    phost.resetCounts()
    try phost.toggle("Walk the dog")
    print(phost.snapshot)
    print(phost.bodyCounts, phost.renderLog.map(\.description))
    print(phost.errors)
}
