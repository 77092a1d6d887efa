import Publishing
import Testing

@Suite("AnyCancellable")
struct AnyCancellableTests {
    @Test("cancel runs the action once; cancelling twice, then deinit, does nothing more")
    func cancelTwice() {
        var calls = 0
        do {
            let cancellable = AnyCancellable { calls += 1 }
            cancellable.cancel()
            cancellable.cancel()
            #expect(calls == 1)
        }
        #expect(calls == 1)
    }

    @Test("deinit cancels")
    func deinitCancels() {
        var calls = 0
        do {
            _ = AnyCancellable { calls += 1 }
        }
        #expect(calls == 1)
    }

    @Test("wrapping a Cancellable forwards one cancel")
    func wrapsCancellable() {
        let handle = RecordingPublisher<Int, Never>.Handle()
        do {
            let cancellable = AnyCancellable(handle)
            cancellable.cancel()
            cancellable.cancel()
        }
        #expect(handle.cancels == 1)
    }

    @Test("store(in:) keeps the subscription alive in a Set or an array")
    func storeIn() {
        let subject = PassthroughSubject<Int, Never>()
        var set = Set<AnyCancellable>()
        var array: [AnyCancellable] = []
        var fromSet: [Int] = []
        var fromArray: [Int] = []
        subject.sink { fromSet.append($0) }.store(in: &set)
        subject.sink { fromArray.append($0) }.store(in: &array)
        subject.send(1)
        #expect(set.count == 1)
        #expect(array.count == 1)
        set.removeAll()
        subject.send(2)
        array.removeAll()
        subject.send(3)
        #expect(fromSet == [1])
        #expect(fromArray == [1, 2])
    }

    @Test("a sink whose cancellable is dropped receives only what arrives during the call")
    func droppedSinkIsCancelled() {
        let object = WorkModel()
        var values: [Int] = []
        _ = object.$count.sink { values.append($0) }
        object.count = 2
        #expect(values == [1])
    }

    @Test("AnyCancellables are equal only to themselves")
    func identity() {
        let a = AnyCancellable {}
        let b = AnyCancellable {}
        #expect(a == a)
        #expect(a != b)
        #expect(Set([a, b, a]).count == 2)
    }

    @Test("cancelling releases the sink's closures (and what they capture)")
    func cancelReleasesClosures() {
        final class Token {}
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.sink { _ in _ = token }
        }
        #expect(weakToken != nil)
        cancellable?.cancel()
        #expect(weakToken == nil)
    }

    @Test("cancelling a subscription twice is harmless, and nothing arrives after the first")
    func subscriptionCancelTwice() {
        let subject = PassthroughSubject<Int, Never>()
        let tracking = TrackingSubscriber<Int, Never>()
        subject.subscribe(tracking)
        subject.send(1)
        let subscription = tracking.subscription
        subscription?.cancel()
        subscription?.cancel()
        subject.send(2)
        #expect(tracking.history == [.subscription, .value(1)])
        let other = TrackingSubscriber<Int, Never>()
        subject.subscribe(other)
        subject.send(3)
        #expect(other.history == [.subscription, .value(3)])
        tracking.cancel()
        other.cancel()
    }

    @Test("a sink accepts one subscription; a second one is cancelled at once")
    func sinkCancelsSecondSubscription() {
        let first = RecordingPublisher<Int, Never>()
        let second = RecordingPublisher<Int, Never>()
        var values: [Int] = []
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        first.subscribe(sink)
        second.subscribe(sink)
        #expect(first.subscription.cancels == 0)
        #expect(second.subscription.cancels == 1)
        first.send(1)
        sink.cancel()
        sink.cancel()
        first.send(2)
        #expect(values == [1])
        #expect(first.subscription.cancels == 1)
    }
}

