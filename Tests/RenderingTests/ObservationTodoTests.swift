import Testing
@testable import Examples
@testable import Rendering

private typealias App = ObservationTodo

@MainActor
@Suite struct ObservationTodoTests {
    @Test func drawsTheSameScreenAsTheOtherTwoApps() throws {
        let host = ViewHost(App.TodoListView(manager: App.TodoManager(titles: ["Buy milk", "Walk the dog"])))
        #expect(host.snapshot == TodoScreen.snapshot(rows: [("Buy milk", false), ("Walk the dog", false)]))
        try host.enter("Read", into: "What needs doing?")
        try host.submit("What needs doing?")
        try host.toggle("Walk the dog")
        try host.tap("Delete", at: 0)
        #expect(host.snapshot == TodoScreen.snapshot(rows: [("Walk the dog", true), ("Read", false)]))
    }

    @Test func togglingOneRowOfAHundredReRendersThatRowAndTheCounts() throws {
        let manager = App.TodoManager(titles: (1...100).map { "Task \($0)" })
        let host = ViewHost(App.TodoListView(manager: manager))
        host.resetCounts()

        try host.toggle("Task 42")

        #expect(host.bodyCounts == ["TodoRowView": 1, "TodoCountsView": 1])
        #expect(host.renderLog.map(\.description) == [
            "TodoCountsView: Observation change",
            "TodoRowView: Observation change",
        ])
        #expect(host.snapshot == TodoScreen.snapshot(rows: (1...100).map { ("Task \($0)", $0 == 42) }))
    }

    @Test func withoutObservationTrackingTheScreenGoesStale() throws {
        let manager = App.TodoManager(titles: ["Buy milk"])
        let host = ViewHost(App.TodoListView(manager: manager), options: .init(tracksObservation: false))
        try host.toggle("Buy milk")
        #expect(manager.completedCount == 1)
        #expect(host.totalBodyCount == 4)
        #expect(host.snapshot == TodoScreen.snapshot(rows: [("Buy milk", false)]))
    }
}
