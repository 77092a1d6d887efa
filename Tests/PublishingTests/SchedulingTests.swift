import Dispatch
import Foundation
import Publishing
import Testing

// debounce and receive(on:) deliver on a DispatchQueue. The assertions are
// on the values delivered, never on timing: where a burst must be coalesced,
// the test holds the queue so that no timer can fire in the middle of it.

@Suite("Scheduling")
struct SchedulingTests {
    /// Blocks `queue` until the returned closure is called.
    private func hold(_ queue: DispatchQueue) -> @Sendable () -> Void {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        queue.async {
            entered.signal()
            release.wait()
        }
        entered.wait()
        return { release.signal() }
    }

    @Test("debounce coalesces a burst into its last value, then lets a later value through")
    func debounceCoalesces() async {
        let queue = DispatchQueue(label: "debounce")
        let subject = PassthroughSubject<String, Never>()
        let recorder = Recorder<String>()
        let c = subject.debounce(for: .milliseconds(20), scheduler: queue).sink { recorder.record($0) }

        let release = hold(queue)
        subject.send("s")
        subject.send("sw")
        subject.send("swi")
        release()
        #expect(await recorder.waitForEvents(count: 1) == ["swi"])

        subject.send("swift")
        #expect(await recorder.waitForEvents(count: 2) == ["swi", "swift"])
        c.cancel()
    }

    @Test("debounce with removeDuplicates, the search box of the seed article")
    func debounceSearch() async {
        let queue = DispatchQueue(label: "search")
        final class SearchModel: ObservableObject {
            @Published var searchText = ""
        }
        let model = SearchModel()
        let recorder = Recorder<String>()
        let release = hold(queue)
        let c = model.$searchText
            .debounce(for: .milliseconds(10), scheduler: queue)
            .removeDuplicates()
            .sink { recorder.record($0) }
        model.searchText = "a"
        model.searchText = "ab"
        release()
        #expect(await recorder.waitForEvents(count: 1) == ["ab"])

        let release2 = hold(queue)
        model.searchText = "abc"
        model.searchText = "ab"
        release2()
        // "ab" again after the pause: removeDuplicates drops it. Send a marker
        // to know that the debounced value went through.
        let release3 = hold(queue)
        model.searchText = "end"
        release3()
        #expect(await recorder.waitForEvents(count: 2) == ["ab", "end"])
        c.cancel()
    }

    @Test("debounce drops a pending value on completion and delivers the completion")
    func debounceCompletion() async {
        let queue = DispatchQueue(label: "debounce-completion")
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<String>()
        let release = hold(queue)
        let c = subject.debounce(for: .milliseconds(5), scheduler: queue).sink(
            receiveCompletion: { _ in recorder.record("finished") },
            receiveValue: { recorder.record("\($0)") })
        subject.send(1)
        subject.send(completion: .finished)
        release()
        #expect(await recorder.waitForEvents(count: 1) == ["finished"])
        c.cancel()
    }

    @Test("receive(on:) delivers in order on the queue")
    func receiveOn() async {
        let queue = DispatchQueue(label: "receive-on")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "receive-on")
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<String>()
        let c = subject.receive(on: queue).sink(
            receiveCompletion: { _ in recorder.record("finished on \(DispatchQueue.getSpecific(key: key) ?? "?")") },
            receiveValue: { recorder.record("\($0) on \(DispatchQueue.getSpecific(key: key) ?? "?")") })
        for value in 1...5 { subject.send(value) }
        subject.send(completion: .finished)
        let events = await recorder.waitForEvents(count: 6)
        #expect(events == [
            "1 on receive-on", "2 on receive-on", "3 on receive-on", "4 on receive-on", "5 on receive-on",
            "finished on receive-on",
        ])
        c.cancel()
    }

    @Test("receive(on:) drops queued deliveries after cancel")
    func receiveOnCancel() async {
        let queue = DispatchQueue(label: "receive-on-cancel")
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int>()
        let release = hold(queue)
        let c = subject.receive(on: queue).sink { recorder.record($0) }
        subject.send(1)
        subject.send(2)
        c.cancel()
        subject.send(3)
        release()
        // A marker through the same queue proves the queued blocks have run.
        let marker = Recorder<Int>()
        queue.async { marker.record(0) }
        _ = await marker.waitForEvents(count: 1)
        #expect(recorder.events == [])
    }
}
