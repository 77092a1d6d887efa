import Dispatch
import Foundation
import Publishing
import Testing

// Ports of OpenCombine's public tests (Tests/OpenCombineTests) to the
// Publishing module. Demand is left out (Publishing has none): every
// subscription behaves as if it had requested `.unlimited` on subscription.

// MARK: - Helpers

/// OpenCombine's TrackingSubscriberBase: records every event, keeps every
/// subscription it received in its history (never releases them), and
/// reports its deinit.
private final class OCTracking<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    enum Event: Equatable, CustomStringConvertible {
        case subscription
        case value(String)
        case completion(String)
        var description: String {
            switch self {
            case .subscription: "subscription"
            case .value(let v): "value(\(v))"
            case .completion(let c): c
            }
        }
    }

    private let lock = NSLock()
    private var log: [Event] = []
    private var subs: [any Subscription] = []
    private var values: [Input] = []
    private let onSubscription: ((any Subscription) -> Void)?
    private let onValue: ((Input) -> Void)?
    private let onCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    private let onDeinit: (() -> Void)?

    init(
        receiveSubscription: ((any Subscription) -> Void)? = nil,
        receiveValue: ((Input) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        onDeinit: (() -> Void)? = nil
    ) {
        onSubscription = receiveSubscription
        onValue = receiveValue
        onCompletion = receiveCompletion
        self.onDeinit = onDeinit
    }

    deinit { onDeinit?() }

    var history: [Event] { lock.withLock { log } }
    var subscriptions: [any Subscription] { lock.withLock { subs } }
    var inputs: [Input] { lock.withLock { values } }
    var completionCount: Int {
        history.filter { if case .completion = $0 { true } else { false } }.count
    }

    func receive(subscription: any Subscription) {
        lock.withLock {
            log.append(.subscription)
            subs.append(subscription)
        }
        onSubscription?(subscription)
    }

    func receive(_ input: Input) {
        lock.withLock {
            log.append(.value(input is Void ? "()" : "\(input)"))
            values.append(input)
        }
        onValue?(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let text: String
        switch completion {
        case .finished: text = "finished"
        case .failure(let error): text = "failure(\(error))"
        }
        lock.withLock { log.append(.completion(text)) }
        onCompletion?(completion)
    }

    func cancel() {
        for s in subscriptions { s.cancel() }
    }
}

private typealias E = OCTracking<Int, TestError>.Event
private let oops = TestError(code: 1)

/// OpenCombine's CustomSubscription + CustomPublisher.
private final class CustomSubscription: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private var cancels = 0
    var cancelCount: Int { lock.withLock { cancels } }
    func cancel() { lock.withLock { cancels += 1 } }
}

private final class CustomPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    let subscription: CustomSubscription
    private(set) var subscriber: (any Subscriber<Output, Failure>)?
    init(subscription: CustomSubscription) { self.subscription = subscription }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = subscriber
        subscriber.receive(subscription: subscription)
    }
    func send(_ value: Output) { subscriber?.receive(value) }
    func send(completion: Subscribers.Completion<Failure>) { subscriber?.receive(completion: completion) }
}

/// OpenCombine's CleaningUpSubscriber: holds its subscription until the
/// completion, then releases it.
private final class CleaningUpSubscriber<Input, Failure: Error>: Subscriber {
    private var subscription: (any Subscription)?
    private let onDeinit: () -> Void
    init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
    func receive(subscription: any Subscription) { self.subscription = subscription }
    func receive(_ input: Input) {}
    func receive(completion: Subscribers.Completion<Failure>) { subscription = nil }
}

private final class PublishedTestObject: ObservableObject {
    @Published var state: Int
    init(_ initialValue: Int = 0) { _state = Published(initialValue: initialValue) }
}

/// OpenCombine's `testLifecycle` helper for operators
/// (cancellingSubscriptionReleasesSubscriber: true).
private func checkOperatorLifecycle<Operator: Publisher>(
    _ makeOperator: (PassthroughSubject<Int, TestError>) -> Operator
) -> (Int, Int, Int, Bool) {
    var deinitCounter = 0
    let onDeinit = { deinitCounter += 1 }
    // #1: a completion releases the subscriber.
    do {
        let passthrough = PassthroughSubject<Int, TestError>()
        let op = makeOperator(passthrough)
        let subscriber = OCTracking<Operator.Output, Operator.Failure>(onDeinit: onDeinit)
        op.subscribe(subscriber)
        passthrough.send(31)
        passthrough.send(completion: .failure(oops))
    }
    let afterFirst = deinitCounter
    // #2: a subscription never cancelled nor completed: the subscriber and
    // its subscription keep each other (as in Combine).
    do {
        let passthrough = PassthroughSubject<Int, TestError>()
        let op = makeOperator(passthrough)
        let subscriber = OCTracking<Operator.Output, Operator.Failure>(onDeinit: onDeinit)
        op.subscribe(subscriber)
    }
    let afterSecond = deinitCounter
    // #3: cancelling the subscription releases the subscriber.
    var subscription: (any Subscription)?
    do {
        let passthrough = PassthroughSubject<Int, TestError>()
        let op = makeOperator(passthrough)
        let subscriber = OCTracking<Operator.Output, Operator.Failure>(
            receiveSubscription: { subscription = $0 }, onDeinit: onDeinit)
        op.subscribe(subscriber)
        passthrough.send(31)
    }
    subscription?.cancel()
    let afterThird = deinitCounter
    // #4: a subscriber that releases its subscription on completion is freed.
    var destroyed = false
    do {
        let passthrough = PassthroughSubject<Int, TestError>()
        let op = makeOperator(passthrough)
        op.subscribe(CleaningUpSubscriber<Operator.Output, Operator.Failure> { destroyed = true })
        passthrough.send(completion: .finished)
    }
    return (afterFirst, afterSecond, afterThird, destroyed)
}

/// OpenCombine's `race`: runs both closures `iterations` times each, on two
/// threads at once.
private func race(iterations: Int = 100, _ a: @escaping () -> Void, _ b: @escaping () -> Void) {
    let work = UncheckedBox([a, b])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
        for _ in 0..<iterations { work.value[index]() }
    }
}

private final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

// MARK: - Tests

@Suite("OpenCombine port")
struct OpenCombinePortTests {

    // MARK: PublishedTests

    @Test("Published basic behavior: replay, values before store, second subscriber, cancel")
    func publishedBasicBehavior() throws {
        let object = PublishedTestObject()
        var currentValue = 0
        var readBack: [Int] = []
        let tracking1 = OCTracking<Int, Never>(receiveValue: { _ in readBack.append(object.state) })
        object.$state.subscribe(tracking1)
        #expect(tracking1.history == [.subscription, .value("0")])
        object.state += 1
        currentValue = 1
        object.state += 2
        currentValue = 3
        object.state += 3
        currentValue = 6
        #expect(tracking1.history == [.subscription, .value("0"), .value("1"), .value("3"), .value("6")])
        // The value of @Published is updated after it is sent downstream.
        #expect(readBack == [0, 0, 1, 3])
        let tracking2 = OCTracking<Int, Never>()
        object.$state.subscribe(tracking2)
        #expect(tracking2.history == [.subscription, .value("6")])
        object.state = 42
        currentValue = 42
        #expect(tracking1.inputs == [0, 1, 3, 6, 42])
        #expect(tracking2.inputs == [6, 42])
        try #require(tracking1.subscriptions.first).cancel()
        object.state = -1
        #expect(tracking1.inputs == [0, 1, 3, 6, 42])
        #expect(tracking2.inputs == [6, 42, -1])
        _ = currentValue
        tracking2.cancel()
    }

    @Test("Published: cancelling an already cancelled subscription does nothing")
    func publishedCancelAlreadyCancelled() throws {
        let object = PublishedTestObject()
        let tracking = OCTracking<Int, Never>()
        object.$state.subscribe(tracking)
        let subscription = try #require(tracking.subscriptions.first)
        subscription.cancel()
        subscription.cancel()
        object.state = 42
        #expect(tracking.history == [.subscription, .value("0")])
    }

    @Test("assign(to: &$state): values flow; the upstream is cancelled when the object goes away")
    func assignToPublished() throws {
        let subscription = CustomSubscription()
        let publisher = CustomPublisher<Int, Never>(subscription: subscription)
        let tracking = OCTracking<Int, Never>()
        weak var weakObject: PublishedTestObject?
        do {
            let object = PublishedTestObject()
            weakObject = object
            publisher.assign(to: &object.$state)
            object.$state.subscribe(tracking)
            #expect(tracking.history == [.subscription, .value("0")])
            publisher.send(1)
            publisher.send(2)
            #expect(tracking.inputs == [0, 1, 2])
            #expect(object.state == 2)
            tracking.cancel()
            publisher.send(3)
            #expect(tracking.inputs == [0, 1, 2])
            #expect(object.state == 3)
            #expect(subscription.cancelCount == 0)
        }
        #expect(weakObject == nil)
        #expect(subscription.cancelCount == 1)
    }

    // MARK: ObservableObjectPublisherTests

    @Test("ObservableObjectPublisher basic behavior")
    func observableObjectPublisherBasic() throws {
        let publisher = ObservableObjectPublisher()
        let tracking1 = OCTracking<Void, Never>()
        publisher.subscribe(tracking1)
        #expect(tracking1.history == [.subscription])
        publisher.send()
        publisher.send()
        publisher.send()
        #expect(tracking1.history.count == 4)
        let tracking2 = OCTracking<Void, Never>()
        publisher.subscribe(tracking2)
        #expect(tracking2.history == [.subscription])
        publisher.send()
        #expect(tracking1.history.count == 5)
        #expect(tracking2.history == [.subscription, .value("()")])
        try #require(tracking1.subscriptions.first).cancel()
        publisher.send()
        #expect(tracking1.history.count == 5)
        #expect(tracking2.history == [.subscription, .value("()"), .value("()")])
        tracking2.cancel()
    }

    @Test("objectWillChange of a TestObject: signals per write, second subscriber, cancel")
    func observableObjectBasic() throws {
        let object = PublishedTestObject()
        let tracking1 = OCTracking<Void, Never>()
        object.objectWillChange.subscribe(tracking1)
        object.state += 1
        object.state += 2
        #expect(tracking1.history == [.subscription, .value("()"), .value("()")])
        let tracking2 = OCTracking<Void, Never>()
        object.objectWillChange.subscribe(tracking2)
        object.state = 42
        try #require(tracking1.subscriptions.first).cancel()
        object.state = -1
        #expect(tracking1.history.count == 4)
        #expect(tracking2.history.count == 3)
        tracking2.cancel()
    }

    // MARK: PassthroughSubjectTests

    @Test("PassthroughSubject: requesting unlimited demand receives all 20 values and one completion")
    func passthroughRequestingDemand() {
        let passthrough = PassthroughSubject<Int, TestError>()
        let tracking = OCTracking<Int, TestError>()
        passthrough.subscribe(tracking)
        #expect(tracking.history == [.subscription])
        for j in 0..<20 { passthrough.send(j) }
        passthrough.send(completion: .finished)
        #expect(tracking.inputs == Array(0..<20))
        #expect(tracking.completionCount == 1)
        #expect(tracking.subscriptions.count == 1)
    }

    @Test("PassthroughSubject: send failure completion")
    func passthroughSendFailure() {
        let passthrough = PassthroughSubject<Int, TestError>()
        let tracking = OCTracking<Int, TestError>()
        passthrough.subscribe(tracking)
        passthrough.send(completion: .failure(oops))
        #expect(tracking.history == [.subscription, .completion("failure(\(oops))")])
    }

    @Test("PassthroughSubject: recursive subscription from receive(subscription:)")
    func passthroughMultipleSubscriptions() {
        let passthrough = PassthroughSubject<Int, TestError>()
        final class MySubscriber: Subscriber {
            let sut: PassthroughSubject<Int, TestError>
            var subscriptions: [any Subscription] = []
            var inputs: [Int] = []
            var completions = 0
            init(sut: PassthroughSubject<Int, TestError>) { self.sut = sut }
            func receive(subscription: any Subscription) {
                subscriptions.append(subscription)
                if subscriptions.count < 10 { sut.subscribe(self) }
            }
            func receive(_ input: Int) { inputs.append(input) }
            func receive(completion: Subscribers.Completion<TestError>) { completions += 1 }
        }
        let subscriber = MySubscriber(sut: passthrough)
        passthrough.subscribe(subscriber)
        #expect(subscriber.subscriptions.count == 10)
        #expect(subscriber.inputs.isEmpty)
        passthrough.subscribe(subscriber)
        #expect(subscriber.subscriptions.count == 11)
        passthrough.send(0)
        #expect(subscriber.inputs == Array(repeating: 0, count: 11))
        for (i, s) in subscriber.subscriptions.enumerated() where i.isMultiple(of: 2) { s.cancel() }
        passthrough.send(1)
        #expect(subscriber.inputs == Array(repeating: 0, count: 11) + Array(repeating: 1, count: 5))
        for s in subscriber.subscriptions { s.cancel() }
    }

    @Test("PassthroughSubject: a completion sent from receiveCompletion does not recurse")
    func passthroughMultipleCompletions() {
        let passthrough = PassthroughSubject<Int, TestError>()
        let tracking = OCTracking<Int, TestError>(receiveCompletion: { _ in
            passthrough.send(completion: .failure(TestError(code: 99)))
        })
        passthrough.subscribe(tracking)
        passthrough.send(42)
        passthrough.send(completion: .finished)
        passthrough.send(completion: .finished)
        passthrough.send(completion: .failure(oops))
        #expect(tracking.history == [.subscription, .value("42"), .completion("finished")])
    }

    @Test("PassthroughSubject: values after completion are ignored, also from receiveCompletion")
    func passthroughValuesAfterCompletion() {
        let passthrough = PassthroughSubject<Int, TestError>()
        let tracking = OCTracking<Int, TestError>(receiveCompletion: { _ in passthrough.send(42) })
        passthrough.subscribe(tracking)
        passthrough.send(42)
        passthrough.send(completion: .finished)
        passthrough.send(42)
        #expect(tracking.history == [.subscription, .value("42"), .completion("finished")])
    }

    @Test("PassthroughSubject: subscription after completion gets subscription then completion")
    func passthroughSubscriptionAfterCompletion() {
        let passthrough = PassthroughSubject<Int, TestError>()
        passthrough.send(completion: .finished)
        let tracking = OCTracking<Int, TestError>()
        passthrough.subscribe(tracking)
        #expect(tracking.history == [.subscription, .completion("finished")])
    }

    @Test("PassthroughSubject: completion, then cancel and another completion change nothing")
    func passthroughCompletion() throws {
        let passthrough = PassthroughSubject<Int, TestError>()
        let tracking = OCTracking<Int, TestError>()
        passthrough.subscribe(tracking)
        passthrough.send(1)
        passthrough.send(completion: .finished)
        passthrough.send(completion: .failure(oops))
        try #require(tracking.subscriptions.first).cancel()
        #expect(tracking.history == [.subscription, .value("1"), .completion("finished")])
    }

    @Test("PassthroughSubject: cancellation, twice")
    func passthroughCancellation() throws {
        let passthrough = PassthroughSubject<Int, TestError>()
        let tracking = OCTracking<Int, TestError>()
        passthrough.subscribe(tracking)
        passthrough.send(1)
        try #require(tracking.subscriptions.first).cancel()
        try #require(tracking.subscriptions.first).cancel()
        passthrough.send(2)
        passthrough.send(completion: .finished)
        #expect(tracking.history == [.subscription, .value("1")])
    }

    @Test("PassthroughSubject lifecycle: completion and cancel release the subscriber")
    func passthroughLifecycle() throws {
        var deinitCounter = 0
        let onDeinit = { deinitCounter += 1 }
        do {
            let passthrough = PassthroughSubject<Int, TestError>()
            let subscriber = OCTracking<Int, TestError>(onDeinit: onDeinit)
            passthrough.subscribe(subscriber)
            passthrough.send(31)
            passthrough.send(completion: .failure(oops))
            #expect(subscriber.completionCount == 1)
        }
        #expect(deinitCounter == 1, "a completion releases the subscriber")
        do {
            let passthrough = PassthroughSubject<Int, TestError>()
            let subscriber = OCTracking<Int, TestError>(onDeinit: onDeinit)
            passthrough.subscribe(subscriber)
        }
        #expect(deinitCounter == 1)
        var subscription: (any Subscription)?
        do {
            let passthrough = PassthroughSubject<Int, TestError>()
            let subscriber = OCTracking<Int, TestError>(
                receiveSubscription: { subscription = $0 }, onDeinit: onDeinit)
            passthrough.subscribe(subscriber)
            passthrough.send(31)
            #expect(subscriber.inputs == [31])
        }
        #expect(deinitCounter == 1)
        try #require(subscription).cancel()
        #expect(deinitCounter == 2, "cancelling the subscription releases the subscriber")
    }

    @Test("PassthroughSubject releases everything on termination", arguments: ["cancelled", "finished", "failed"])
    func passthroughReleasesEverything(reason: String) {
        expectReleasesEverything(reason: reason) { PassthroughSubject<Int, TestError>() }
    }

    @Test("PassthroughSubject synchronization: racing subscribes, sends and completions")
    func passthroughSynchronization() {
        let passthrough = PassthroughSubject<Int, TestError>()
        let tracking = OCTracking<Int, TestError>()
        race({ passthrough.subscribe(tracking) }, { passthrough.subscribe(tracking) })
        #expect(tracking.subscriptions.count == 200)
        race({ passthrough.send(31) }, { passthrough.send(42) })
        #expect(tracking.inputs.count == 40000)
        race({ passthrough.send(completion: .finished) }, { passthrough.send(completion: .failure(oops)) })
        #expect(tracking.completionCount == 200)
    }

    // MARK: CurrentValueSubjectTests

    @Test("CurrentValueSubject: requesting unlimited demand gets 22 values")
    func cvsRequestingDemand() {
        let cvs = CurrentValueSubject<Int, TestError>(112)
        cvs.value -= 1
        let tracking = OCTracking<Int, TestError>()
        cvs.subscribe(tracking)
        #expect(tracking.inputs == [111])
        for _ in 0..<20 { cvs.value += 1 }
        let value = cvs.value
        cvs.value = value
        cvs.send(completion: .finished)
        #expect(tracking.inputs.count == 22)
        #expect(tracking.completionCount == 1)
    }

    @Test("CurrentValueSubject: send failure completion")
    func cvsSendFailure() {
        let cvs = CurrentValueSubject<Int, TestError>(0)
        let tracking = OCTracking<Int, TestError>()
        cvs.subscribe(tracking)
        cvs.value += 3
        cvs.send(completion: .failure(oops))
        #expect(tracking.history == [.subscription, .value("0"), .value("3"), .completion("failure(\(oops))")])
    }

    /// Combine stores the value (OpenCombine expects 42); Publishing
    /// documents that setting it after a completion is ignored, as a send is.
    @Test("CurrentValueSubject: setting value after completion is ignored")
    func cvsChangeValueAfterCompletion() {
        let cvs = CurrentValueSubject<Int, TestError>(0)
        cvs.send(completion: .finished)
        cvs.value = 42
        #expect(cvs.value == 0)
    }

    @Test("CurrentValueSubject: send(_:) after completion does not change the value")
    func cvsSendValueAfterCompletion() {
        let cvs = CurrentValueSubject<Int, TestError>(0)
        cvs.send(completion: .finished)
        cvs.send(42)
        #expect(cvs.value == 0)
    }

    @Test("CurrentValueSubject: recursive subscription from receive(subscription:)")
    func cvsMultipleSubscriptions() {
        let cvs = CurrentValueSubject<Int, TestError>(112)
        final class MySubscriber: Subscriber {
            let sut: CurrentValueSubject<Int, TestError>
            let tracking = OCTracking<Int, TestError>()
            init(sut: CurrentValueSubject<Int, TestError>) { self.sut = sut }
            func receive(subscription: any Subscription) {
                tracking.receive(subscription: subscription)
                if tracking.subscriptions.count < 10 { sut.subscribe(self) }
            }
            func receive(_ input: Int) { tracking.receive(input) }
            func receive(completion: Subscribers.Completion<TestError>) { tracking.receive(completion: completion) }
        }
        let subscriber = MySubscriber(sut: cvs)
        cvs.subscribe(subscriber)
        #expect(subscriber.tracking.subscriptions.count == 10)
        #expect(subscriber.tracking.inputs == Array(repeating: 112, count: 10))
        cvs.subscribe(subscriber)
        #expect(subscriber.tracking.subscriptions.count == 11)
        #expect(subscriber.tracking.inputs == Array(repeating: 112, count: 11))
        for (i, s) in subscriber.tracking.subscriptions.enumerated() where i.isMultiple(of: 2) { s.cancel() }
        cvs.value = 200
        #expect(subscriber.tracking.inputs == Array(repeating: 112, count: 11) + Array(repeating: 200, count: 5))
        subscriber.tracking.cancel()
    }

    @Test("CurrentValueSubject: multiple completions, values after completion")
    func cvsMultipleCompletionsAndValuesAfter() {
        let cvs = CurrentValueSubject<Int, TestError>(112)
        let tracking = OCTracking<Int, TestError>(receiveCompletion: { _ in
            cvs.send(completion: .failure(TestError(code: 99)))
            cvs.value = 42
        })
        cvs.subscribe(tracking)
        cvs.value = 44
        cvs.send(completion: .finished)
        cvs.send(completion: .finished)
        cvs.send(completion: .failure(oops))
        cvs.value = 1201
        #expect(tracking.history == [.subscription, .value("112"), .value("44"), .completion("finished")])
    }

    @Test("CurrentValueSubject: subscription after completion gets no value")
    func cvsSubscriptionAfterCompletion() {
        let cvs = CurrentValueSubject<Int, TestError>(0)
        cvs.send(completion: .finished)
        let tracking = OCTracking<Int, TestError>()
        cvs.subscribe(tracking)
        #expect(tracking.history == [.subscription, .completion("finished")])
    }

    @Test("CurrentValueSubject: subscription after send / set replays the latest")
    func cvsSubscriptionAfterSendOrSet() {
        let cvs = CurrentValueSubject<Int, TestError>(0)
        cvs.send(2)
        let t1 = OCTracking<Int, TestError>()
        cvs.subscribe(t1)
        #expect(t1.history == [.subscription, .value("2")])
        cvs.value = 3
        let t2 = OCTracking<Int, TestError>()
        cvs.subscribe(t2)
        #expect(t2.history == [.subscription, .value("3")])
        t1.cancel()
        t2.cancel()
    }

    @Test("CurrentValueSubject: completion and cancellation")
    func cvsCompletionAndCancellation() throws {
        let cvs = CurrentValueSubject<Int, TestError>(42)
        let t1 = OCTracking<Int, TestError>()
        cvs.subscribe(t1)
        cvs.send(1)
        try #require(t1.subscriptions.first).cancel()
        try #require(t1.subscriptions.first).cancel()
        cvs.send(2)
        #expect(t1.history == [.subscription, .value("42"), .value("1")])

        let t2 = OCTracking<Int, TestError>()
        cvs.subscribe(t2)
        cvs.send(completion: .finished)
        cvs.send(completion: .failure(oops))
        try #require(t2.subscriptions.first).cancel()
        #expect(t2.history == [.subscription, .value("2"), .completion("finished")])
    }

    @Test("CurrentValueSubject lifecycle: completion and cancel release the subscriber")
    func cvsLifecycle() throws {
        var deinitCounter = 0
        let onDeinit = { deinitCounter += 1 }
        do {
            let cvs = CurrentValueSubject<Int, TestError>(0)
            let subscriber = OCTracking<Int, TestError>(onDeinit: onDeinit)
            cvs.subscribe(subscriber)
            cvs.value += 1
            cvs.send(completion: .failure(oops))
            #expect(subscriber.history == [.subscription, .value("0"), .value("1"), .completion("failure(\(oops))")])
        }
        #expect(deinitCounter == 1, "a completion releases the subscriber")
        var subscription: (any Subscription)?
        do {
            let cvs = CurrentValueSubject<Int, TestError>(0)
            let subscriber = OCTracking<Int, TestError>(receiveSubscription: { subscription = $0 }, onDeinit: onDeinit)
            cvs.subscribe(subscriber)
            cvs.send(31)
            #expect(subscriber.inputs == [0, 31])
        }
        #expect(deinitCounter == 1)
        try #require(subscription).cancel()
        #expect(deinitCounter == 2, "cancelling the subscription releases the subscriber")
    }

    @Test("CurrentValueSubject releases everything on termination", arguments: ["cancelled", "finished", "failed"])
    func cvsReleasesEverything(reason: String) {
        expectReleasesEverything(reason: reason) { CurrentValueSubject<Int, TestError>(42) }
    }

    /// OpenCombine's `testReleasesEverythingOnTermination`: once its
    /// subscription is cancelled, finished or failed, the subscriber, the
    /// subscription and then the subject are all freed.
    private func expectReleasesEverything<S: Subject<Int, TestError>>(reason: String, _ makeSubject: () -> S) {
        weak var weakSubscriber: OCTracking<Int, TestError>?
        weak var weakSubject: S?
        weak var weakSubscription: AnyObject?
        do {
            let subject = makeSubject()
            do {
                let subscriber = OCTracking<Int, TestError>(receiveSubscription: { weakSubscription = $0 as AnyObject })
                weakSubscriber = subscriber
                weakSubject = subject
                subject.subscribe(subscriber)
            }
            switch reason {
            case "cancelled": (weakSubscription as? any Subscription)?.cancel()
            case "finished": subject.send(completion: .finished)
            default: subject.send(completion: .failure(oops))
            }
            #expect(weakSubscriber == nil, "Subscriber leaked - \(reason)")
            #expect(weakSubscription == nil, "Subscription leaked - \(reason)")
        }
        #expect(weakSubject == nil, "Subject leaked - \(reason)")
    }

    @Test("CurrentValueSubject synchronization: racing subscribes, sends and completions")
    func cvsSynchronization() {
        let cvs = CurrentValueSubject<Int, TestError>(112)
        let tracking = OCTracking<Int, TestError>()
        race({ cvs.subscribe(tracking) }, { cvs.subscribe(tracking) })
        #expect(tracking.subscriptions.count == 200)
        race({ cvs.send(1) }, { cvs.send(2) })
        #expect(tracking.inputs.count == 40200)
        race({ cvs.send(completion: .finished) }, { cvs.send(completion: .failure(oops)) })
        #expect(tracking.completionCount == 200)
    }

    // MARK: AnyCancellableTests

    @Test("AnyCancellable: store in a Set, wrapping another AnyCancellable, twice")
    func anyCancellableStoreInSet() {
        var bag = Set<AnyCancellable>()
        let c1 = AnyCancellable({})
        c1.store(in: &bag)
        #expect(bag == [c1])
        let c2 = AnyCancellable(c1)
        c2.store(in: &bag)
        #expect(bag == [c1, c2])
        c2.store(in: &bag)
        #expect(bag == [c1, c2])
        var array: [AnyCancellable] = []
        c1.store(in: &array)
        c2.store(in: &array)
        #expect(array == [c1, c2])
    }

    @Test("AnyCancellable: destroying a chain of 10000 wrapped cancellables")
    func anyCancellableDestructionChain() {
        var fired = 0
        for _ in 0..<10 {
            var anyCancellable = AnyCancellable({ fired += 1 })
            for _ in 0..<10000 {
                anyCancellable = AnyCancellable(anyCancellable)
            }
            _ = anyCancellable
        }
        #expect(fired == 10)
    }

    // MARK: JustTests

    @Test("Just: subscription, value, finished")
    func justBasic() {
        let tracking = OCTracking<Int, Never>()
        Just(42).subscribe(tracking)
        #expect(tracking.history == [.subscription, .value("42"), .completion("finished")])
    }

    @Test("Just: cancelling on subscription")
    func justCancelOnSubscription() {
        let tracking = OCTracking<Int, Never>(receiveSubscription: { $0.cancel() })
        Just(42).subscribe(tracking)
        // Combine: request(.max(1)) then cancel delivers value and finished; with
        // no demand, cancelling first delivers nothing (documented).
        #expect(tracking.history == [.subscription])
    }

    @Test("Just lifecycle: the subscriber is released")
    func justLifecycle() {
        var deinitCount = 0
        do {
            let tracking = OCTracking<Int, Never>(onDeinit: { deinitCount += 1 })
            Just(42).subscribe(tracking)
            tracking.subscriptions.first?.cancel()
        }
        #expect(deinitCount == 1)
    }

    // MARK: Operator tests

    @Test("removeDuplicates(by:) basic behavior: outputs and predicate call counts")
    func removeDuplicatesBasic() {
        let input = [1, 2, 2, 50, 30, 10, -1, 51, 52]
        var counter = 0
        func run(_ make: (PassthroughSubject<Int, TestError>) -> Publishers.RemoveDuplicates<PassthroughSubject<Int, TestError>>) -> [E] {
            let subject = PassthroughSubject<Int, TestError>()
            let tracking = OCTracking<Int, TestError>()
            make(subject).subscribe(tracking)
            for value in input { subject.send(value) }
            subject.send(completion: .finished)
            return tracking.history
        }
        let values: ([Int]) -> [E] = { [.subscription] + $0.map { .value("\($0)") } + [.completion("finished")] }
        #expect(run { $0.removeDuplicates(by: { counter += 1; return $0 >= $1 }) } == values([1, 2, 50, 51, 52]))
        #expect(counter == 8)
        #expect(run { $0.removeDuplicates(by: { counter += 1; return $0 > $1 }) } == values([1, 2, 2, 50, 51, 52]))
        #expect(counter == 16)
        #expect(run { $0.removeDuplicates() } == values([1, 2, 50, 30, 10, -1, 51, 52]))
    }

    @Test("removeDuplicates: upstream finishes immediately / with error, predicate not called")
    func removeDuplicatesFinishes() {
        for completion in [Subscribers.Completion<TestError>.finished, .failure(oops)] {
            let subject = PassthroughSubject<Int, TestError>()
            let tracking = OCTracking<Int, TestError>()
            subject.removeDuplicates(by: { _, _ in Issue.record("predicate called"); return false }).subscribe(tracking)
            subject.send(completion: completion)
            #expect(tracking.history.count == 2)
        }
    }

    @Test("map of map: values and completion")
    func mapOfMap() {
        let publisher = PassthroughSubject<Int, Never>()
        let tracking = OCTracking<Int, Never>()
        publisher.map { $0 * 2 }.map { $0 + 1 }.subscribe(tracking)
        publisher.send(2)
        publisher.send(3)
        publisher.send(5)
        publisher.send(completion: .finished)
        #expect(tracking.history == [.subscription, .value("5"), .value("7"), .value("11"), .completion("finished")])
    }

    @Test("map forwards an upstream's error (twice, from a custom publisher)")
    func mapError() {
        let publisher = CustomPublisher<Int, TestError>(subscription: CustomSubscription())
        let tracking = OCTracking<Int, TestError>()
        publisher.map { $0 * 2 }.subscribe(tracking)
        publisher.send(completion: .failure(oops))
        publisher.send(completion: .failure(oops))
        #expect(tracking.history == [.subscription, .completion("failure(\(oops))"), .completion("failure(\(oops))")])
    }

    @Test("map cancel: the upstream subscription is cancelled")
    func mapCancel() throws {
        let subscription = CustomSubscription()
        let publisher = CustomPublisher<Int, TestError>(subscription: subscription)
        let tracking = OCTracking<Int, TestError>()
        publisher.map { $0 * 2 }.subscribe(tracking)
        try #require(tracking.subscriptions.first).cancel()
        #expect(subscription.cancelCount == 1)
    }

    @Test("map lifecycle (cancellingSubscriptionReleasesSubscriber: true)")
    func mapLifecycle() {
        let (first, second, third, fourth) = checkOperatorLifecycle { $0.map { $0 * 2 } }
        #expect(first == 1, "#1: completion releases the subscriber")
        #expect(second == 1, "#2")
        #expect(third == 2, "#3: cancel releases the subscriber")
        #expect(fourth, "#4")
    }

    @Test("filter / compactMap lifecycle")
    func filterCompactMapLifecycle() {
        let f = checkOperatorLifecycle { $0.filter { $0 > 0 } }
        #expect(f.0 == 1 && f.1 == 1 && f.2 == 2 && f.3)
        let c = checkOperatorLifecycle { $0.compactMap { $0 > 0 ? $0 : nil } }
        #expect(c.0 == 1 && c.1 == 1 && c.2 == 2 && c.3)
    }

    @Test("filter removes elements; filter of filter")
    func filterBasic() {
        let subject = PassthroughSubject<Int, Never>()
        var results: [Int] = []
        var results2: [Int] = []
        let c1 = subject.filter { $0.isMultiple(of: 2) }.sink { results.append($0) }
        let c2 = subject.filter { $0.isMultiple(of: 3) }.filter { $0.isMultiple(of: 5) }.sink { results2.append($0) }
        for i in 1...15 { subject.send(i) }
        #expect(results == [2, 4, 6, 8, 10, 12, 14])
        #expect(results2 == [15])
        c1.cancel()
        c2.cancel()
    }

    @Test("compactMap: drops nils, forwards completion")
    func compactMapBasic() {
        let subject = PassthroughSubject<String, TestError>()
        let tracking = OCTracking<Int, TestError>()
        subject.compactMap { Int($0) }.subscribe(tracking)
        for s in ["1", "a", "2", "", "3"] { subject.send(s) }
        subject.send(completion: .failure(oops))
        #expect(tracking.history == [.subscription, .value("1"), .value("2"), .value("3"), .completion("failure(\(oops))")])
    }

    @Test("AnyPublisher: erasing forwards subscription, values, completion")
    func anyPublisherForwards() {
        let subject = PassthroughSubject<Int, TestError>()
        let erased = subject.eraseToAnyPublisher().eraseToAnyPublisher()
        let tracking = OCTracking<Int, TestError>()
        erased.subscribe(tracking)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(tracking.history == [.subscription, .value("1"), .completion("finished")])
    }

    @Test("receive(on:) cancel drops queued deliveries; completion after values")
    func receiveOnBasic() async {
        let queue = DispatchQueue(label: "OpenCombinePortTests.receiveOn")
        let subject = PassthroughSubject<Int, TestError>()
        let tracking = OCTracking<Int, TestError>()
        subject.receive(on: queue).subscribe(tracking)
        #expect(tracking.history == [.subscription])
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        queue.sync {}
        #expect(tracking.history == [.subscription, .value("1"), .value("2"), .completion("finished")])

        let subject2 = PassthroughSubject<Int, TestError>()
        let tracking2 = OCTracking<Int, TestError>()
        subject2.receive(on: queue).subscribe(tracking2)
        queue.suspend()
        subject2.send(1)
        tracking2.cancel()
        queue.resume()
        queue.sync {}
        #expect(tracking2.history == [.subscription])
    }

    @Test("receive(on:) lifecycle: completion and cancel release the subscriber")
    func receiveOnLifecycle() {
        let queue = DispatchQueue(label: "OpenCombinePortTests.receiveOn2")
        // Deliveries are asynchronous: measure after the queue drained.
        var deinitCounter = 0
        do {
            let passthrough = PassthroughSubject<Int, TestError>()
            let subscriber = OCTracking<Int, TestError>(onDeinit: { deinitCounter += 1 })
            passthrough.receive(on: queue).subscribe(subscriber)
            passthrough.send(completion: .finished)
        }
        queue.sync {}
        #expect(deinitCounter == 1, "completion releases the subscriber")
        var subscription: (any Subscription)?
        do {
            let passthrough = PassthroughSubject<Int, TestError>()
            let subscriber = OCTracking<Int, TestError>(receiveSubscription: { subscription = $0 }, onDeinit: { deinitCounter += 1 })
            passthrough.receive(on: queue).subscribe(subscriber)
        }
        subscription?.cancel()
        queue.sync {}
        #expect(deinitCounter == 2, "cancel releases the subscriber")
    }
}


// MARK: - Minimal reproduction of the genuine bug

