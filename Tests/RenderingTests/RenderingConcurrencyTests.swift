import Foundation
import Testing
@testable import Examples
@testable import Rendering

@MainActor
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

    /// Four hosts on the main actor, each over its own list, written by four
    /// threads at once: each host renders exactly its own changes.
    @Test func hostsWrittenFromSeveralThreadsDoNotInterfere() {
        let managers = (0..<4).map { _ in TrackedTodo.TodoManager(titles: (0..<50).map { "Task \($0)" }) }
        let hosts = managers.map { ViewHost(TrackedTodo.TodoListView(manager: $0)) }
        for host in hosts { host.resetCounts() }
        let boxes = managers.map { UncheckedBox($0) }
        let done = DispatchGroup()
        for (index, box) in boxes.enumerated() {
            done.enter()
            Thread.detachNewThread {
                for step in 0..<20 { box.value.toggleTodo(box.value.todos[(index + step) % 50]) }
                done.leave()
            }
        }
        done.wait()
        for (index, host) in hosts.enumerated() {
            #expect(host.hasPendingChanges)
            host.flush()
            #expect(host.bodyCounts == ["TodoRowView": 20, "TodoCountsView": 1])
            #expect(host.snapshot.contains("Toggle(\"Task \(index)\", isOn: true)"))
            #expect(host.snapshot.contains("Toggle(\"Task \((index + 20) % 50)\", isOn: false)"))
        }
    }

    /// A write on another thread schedules the render on the main actor: the
    /// test flushes nothing, and lets the main actor run its queue.
    @Test func aChangeOnAnotherThreadIsRenderedOnTheMainActorWithoutAFlush() async {
        let manager = TrackedTodo.TodoManager(titles: ["A", "B"])
        let host = ViewHost(TrackedTodo.TodoListView(manager: manager))
        host.resetCounts()
        let item = UncheckedBox(manager.todos[0])
        onAnotherThread { item.value.isDone = true }
        #expect(host.hasPendingChanges)
        for _ in 0..<1_000 where host.hasPendingChanges {
            await Task.yield()
        }
        #expect(!host.hasPendingChanges)
        #expect(host.bodyCounts == ["TodoRowView": 1, "TodoCountsView": 1])
        #expect(host.snapshot.contains("Toggle(\"A\", isOn: true)"))
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
