@testable import Publishing
import Testing

@Suite("Subjects and Just")
struct SubjectTests {
    @Test("PassthroughSubject delivers only later values, then the completion, then nothing")
    func passthrough() {
        let subject = PassthroughSubject<Int, TestError>()
        subject.send(0)
        let tracking = TrackingSubscriber<Int, TestError>()
        subject.subscribe(tracking)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .failure(TestError(code: 7)))
        subject.send(3)
        subject.send(completion: .finished)
        #expect(tracking.history == [.subscription, .value(1), .value(2), .completion(.failure(TestError(code: 7)))])

        let late = TrackingSubscriber<Int, TestError>()
        subject.subscribe(late)
        #expect(late.history == [.subscription, .completion(.failure(TestError(code: 7)))])
    }

    @Test("CurrentValueSubject replays, stores before delivery, and keeps its value after completion")
    func currentValue() {
        let subject = CurrentValueSubject<Int, Never>(5)
        var seen: [String] = []
        let c = subject.sink { seen.append("\($0)/\(subject.value)") }
        subject.value = 6
        subject.send(7)
        #expect(seen == ["5/5", "6/6", "7/7"])
        subject.send(completion: .finished)
        subject.send(8)
        #expect(subject.value == 7)
        let tracking = TrackingSubscriber<Int, Never>()
        subject.subscribe(tracking)
        #expect(tracking.history == [.subscription, .completion(.finished)])
        c.cancel()
    }

    @Test("sink(receiveCompletion:receiveValue:) gets values then the completion")
    func sinkWithCompletion() {
        let subject = PassthroughSubject<String, TestError>()
        var log: [String] = []
        let c = subject.sink(
            receiveCompletion: { completion in log.append("\(completion)") },
            receiveValue: { log.append($0) })
        subject.send("a")
        subject.send(completion: .finished)
        #expect(log == ["a", "finished"])
        c.cancel()
    }

    @Test("a cancelled sink's completion closure is not called")
    func cancelledSinkGetsNoCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let c = subject.sink(receiveCompletion: { _ in log.append("completion") }, receiveValue: { log.append("\($0)") })
        subject.send(1)
        c.cancel()
        subject.send(2)
        subject.send(completion: .finished)
        #expect(log == ["1"])
    }

    @Test("Just delivers its value then finishes; AnyPublisher forwards")
    func justAndAnyPublisher() {
        let tracking = TrackingSubscriber<Int, Never>()
        Just(3).eraseToAnyPublisher().eraseToAnyPublisher().subscribe(tracking)
        #expect(tracking.history == [.subscription, .value(3), .completion(.finished)])
    }

    @Test("subscribers are called in subscription order")
    func subscriptionOrder() {
        let publisher = ObservableObjectPublisher()
        var log: [Int] = []
        let cancellables = (0..<5).map { index in publisher.sink { log.append(index) } }
        publisher.send()
        #expect(log == [0, 1, 2, 3, 4])
        cancellables.forEach { $0.cancel() }
    }

    @Test("a subject dropped while a subscriber still holds its subscription is freed, list included")
    func droppedSubjectIsFreed() {
        weak var weakSubject: PassthroughSubject<Int, Never>?
        weak var weakList: SubscriberList<Int, Never>?
        let tracking = TrackingSubscriber<Int, Never>()
        do {
            let subject = PassthroughSubject<Int, Never>()
            weakSubject = subject
            weakList = subject.subscribers
            subject.subscribe(tracking)
            subject.send(1)
        }
        #expect(weakSubject == nil)
        #expect(weakList == nil)
        tracking.cancel()  // cancelling after the list is gone does nothing
        #expect(tracking.history == [.subscription, .value(1)])
    }
}

