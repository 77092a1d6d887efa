import Dispatch
import Rendering
import Testing
import Tracking

/// The issue's view, written as in a Swift 6 app: no annotation. `View` is
/// main-actor isolated, so its body reads the `@MainActor` view model.
struct NameView: View {
    let vm: ProfileViewModel
    var body: some View { Text(vm.name) }
}

/// Shows a Sendable counter that other threads write, and records where its
/// body ran.
struct CounterView: View {
    let counter: SharedCounter
    let log: BodyLog

    var body: some View {
        log.record()
        return Text("Count: \(counter.value)")
    }
}

/// Shows a counter through a weak reference: "gone" once it is deallocated.
struct ReferenceView: View {
    let reference: CounterReference
    let log: BodyLog

    var body: some View {
        log.record()
        return Text(reference.counter.map { "Count: \($0.value)" } ?? "gone")
    }
}

/// The view host on the main actor, as SwiftUI's views are: bodies run there,
/// and a change made on another thread (a write, a deallocation) is rendered
/// there by a render it schedules, never on the thread that made it.
@MainActor
@Suite struct ViewHostConcurrencyTests {
    @Test func theIssuesNameViewRendersAMainActorViewModel() {
        let profile = ProfileViewModel()
        profile.name = "Ada"
        let host = ViewHost(NameView(vm: profile))
        #expect(host.snapshot == "Text(\"Ada\")")
        host.resetCounts()
        profile.name = "Grace"
        host.flush()
        #expect(host.snapshot == "Text(\"Grace\")")
        #expect(host.bodyCounts == ["NameView": 1])
        #expect(host.renderLog.map(\.description) == ["NameView: \\ProfileViewModel.name"])
    }

    @Test func aChangeOnTheMainActorIsRenderedWithoutAFlush() async {
        let profile = ProfileViewModel()
        let host = ViewHost(NameView(vm: profile))
        host.resetCounts()
        profile.name = "Grace"
        profile.name = "Grace Hopper"
        // Nothing renders until the main actor runs its queue.
        #expect(host.hasPendingChanges)
        #expect(host.totalBodyCount == 0)
        await yield(until: "the scheduled render") { !host.hasPendingChanges }
        #expect(host.snapshot == "Text(\"Grace Hopper\")")
        #expect(host.bodyCounts == ["NameView": 1])
    }

    @Test func aWriteOnABackgroundThreadIsRenderedOnTheMainActor() async {
        let counter = SharedCounter()
        let log = BodyLog()
        let host = ViewHost(CounterView(counter: counter, log: log))
        host.resetCounts()
        let writer = Task.detached {
            counter.value = 1
            return isOnTheMainQueue()
        }
        #expect(await writer.value == false)
        await yield(until: "the render the write scheduled") { host.snapshot == "Text(\"Count: 1\")" }
        #expect(!host.hasPendingChanges)
        #expect(host.bodyCounts == ["CounterView": 1])
        #expect(log.onTheMainActor == [true, true])
    }

    /// Writes made on another thread while the main actor is busy are
    /// rendered together, once.
    @Test func writesOnABackgroundThreadBeforeTheRenderCoalesce() async {
        let counter = SharedCounter()
        let log = BodyLog()
        let host = ViewHost(CounterView(counter: counter, log: log))
        host.resetCounts()
        // The main actor waits for the writer, so that the scheduled render
        // cannot run between the writes.
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for value in 1...5 { counter.value = value }
            written.signal()
        }
        written.wait()
        #expect(host.hasPendingChanges)
        #expect(host.totalBodyCount == 0)
        await yield(until: "the scheduled render") { !host.hasPendingChanges }
        #expect(host.snapshot == "Text(\"Count: 5\")")
        #expect(host.bodyCounts == ["CounterView": 1])
        #expect(log.onTheMainActor == [true, true])
    }

    /// A deallocation on another thread invalidates the views that read the
    /// object; they re-render on the main actor.
    @Test func aDeallocationOnABackgroundThreadIsRenderedOnTheMainActor() async {
        let releases = Releases()
        let owner: CounterOwner
        let reference: CounterReference
        do {
            let counter = ReleasedCounter(releases: releases)
            owner = CounterOwner(counter)
            reference = CounterReference(counter)
        }
        let log = BodyLog()
        let host = ViewHost(ReferenceView(reference: reference, log: log))
        #expect(host.snapshot == "Text(\"Count: 0\")")
        host.resetCounts()
        await Task.detached { owner.release() }.value
        #expect(releases.onTheMainActor == [false])
        await yield(until: "the render the deallocation scheduled") { host.snapshot == "Text(\"gone\")" }
        #expect(!host.hasPendingChanges)
        #expect(host.bodyCounts == ["ReferenceView": 1])
        #expect(log.onTheMainActor == [true, true])
    }

    /// A flush renders at once; the render scheduled by the same change then
    /// finds nothing to do.
    @Test func aFlushBeforeTheScheduledRenderLeavesItNothingToDo() async {
        let counter = SharedCounter()
        let log = BodyLog()
        let host = ViewHost(CounterView(counter: counter, log: log))
        host.resetCounts()
        await Task.detached { counter.value = 1 }.value
        host.flush()
        #expect(host.snapshot == "Text(\"Count: 1\")")
        for _ in 0..<10 { await Task.yield() }
        #expect(host.bodyCounts == ["CounterView": 1])
        #expect(log.onTheMainActor == [true, true])
    }
}
