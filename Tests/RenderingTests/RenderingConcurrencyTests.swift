import Foundation
import Testing
@testable import Examples
@testable import Rendering

@Suite struct RenderingConcurrencyTests {
    /// Runs `body` on another thread and waits for it.
    private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        done.wait()
    }

    @Test func trackedChangesOnAnotherThreadAreQueuedAndRenderedAtFlush() {
        let manager = TrackedTodo.TodoManager(titles: ["A", "B"])
        let host = ViewHost(TrackedTodo.TodoListView(manager: manager))
        host.resetCounts()
        let item = UncheckedBox(manager.todos[1])
        onAnotherThread { item.value.isDone = true }
        #expect(host.hasPendingChanges)
        #expect(host.totalBodyCount == 0)
        host.flush()
        #expect(host.bodyCounts == ["TodoRowView": 1, "TodoCountsView": 1])
        #expect(host.snapshot.contains("Toggle(\"B\", isOn: true)"))
    }

    @Test func objectWillChangeOnAnotherThreadIsQueuedAndRenderedAtFlush() {
        let manager = PublishedTodo.TodoManager(titles: ["A", "B"])
        let host = ViewHost(PublishedTodo.TodoListView(manager: manager))
        host.resetCounts()
        let box = UncheckedBox(manager)
        onAnotherThread { box.value.toggleTodo(at: 0) }
        #expect(host.hasPendingChanges)
        host.flush()
        #expect(host.bodyCounts == ["TodoListView": 1, "TodoRowView": 2])
        #expect(host.snapshot.contains("Toggle(\"A\", isOn: true)"))
    }

    @Test func hostsOnSeparateThreadsDoNotInterfere() async {
        await withTaskGroup(of: Int.self) { group in
            for index in 0..<4 {
                group.addTask {
                    let manager = TrackedTodo.TodoManager(titles: (0..<50).map { "Task \($0)" })
                    let host = ViewHost(TrackedTodo.TodoListView(manager: manager))
                    host.resetCounts()
                    for step in 0..<20 { try? host.toggle("Task \((index + step) % 50)") }
                    return host.totalBodyCount
                }
            }
            for await count in group {
                #expect(count == 40)
            }
        }
    }
}

/// Moves a non-Sendable model to another thread for a test that hands it
/// over and waits.
private final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
