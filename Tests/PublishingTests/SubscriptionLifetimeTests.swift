import Dispatch
import Publishing
import Testing

/// A subscriber that keeps its subscription, as most hand-written Combine
/// subscribers do: subscriber and subscription refer to each other until
/// the subscription ends.
private final class KeepingSubscriber: Subscriber {
    var subscription: (any Subscription)?
    private(set) var values: [Int] = []
    private(set) var completions = 0

    func receive(subscription: any Subscription) { self.subscription = subscription }
    func receive(_ input: Int) { values.append(input) }
    func receive(completion: Subscribers.Completion<Never>) { completions += 1 }
}

private final class Model: ObservableObject {
    @Published var count = 0
}

/// How a subscription ends.
enum SubscriptionEnd: CaseIterable, Sendable {
    case cancel, completion
}

/// Ending a subscription — cancelling it, or the publisher's completion —
/// lets go of its subscriber, as Combine does (OpenCombine's lifecycle
/// tests), even when the subscriber keeps its subscription.
@Suite("Subscription lifetime")
struct SubscriptionLifetimeTests {
    @Test("a subject's subscription lets go of its subscriber when it ends", arguments: SubscriptionEnd.allCases)
    func aSubjectsSubscriptionLetsGoOfItsSubscriberWhenItEnds(_ end: SubscriptionEnd) {
        // Each a fresh subject, the publisher to subscribe to and how to
        // complete it.
        let makers: [() -> (AnyPublisher<Int, Never>, () -> Void)] = [
            {
                let subject = PassthroughSubject<Int, Never>()
                return (subject.eraseToAnyPublisher(), { subject.send(completion: .finished) })
            },
            {
                let subject = CurrentValueSubject<Int, Never>(0)
                return (subject.eraseToAnyPublisher(), { subject.send(completion: .finished) })
            },
            {
                let subject = PassthroughSubject<Int, Never>()
                return (subject.map { $0 + 1 }.eraseToAnyPublisher(), { subject.send(completion: .finished) })
            },
        ]
        for make in makers {
            let (publisher, complete) = make()
            weak var released: KeepingSubscriber?
            do {
                let subscriber = KeepingSubscriber()
                released = subscriber
                publisher.subscribe(subscriber)
                #expect(subscriber.subscription != nil)
            }
            #expect(released != nil)
            switch end {
            case .cancel: released?.subscription?.cancel()
            case .completion: complete()
            }
            #expect(released == nil)
        }
    }

    @Test("cancelling an object's willChange or a property's publisher lets go of the subscriber")
    func cancellingAnObjectsPublishersLetsGoOfTheSubscriber() {
        let model = Model()
        let publishers = [model.objectWillChange.map { 0 }.eraseToAnyPublisher(), model.$count.eraseToAnyPublisher()]
        for publisher in publishers {
            weak var released: KeepingSubscriber?
            do {
                let subscriber = KeepingSubscriber()
                released = subscriber
                publisher.subscribe(subscriber)
            }
            model.count += 1
            #expect(released?.values.isEmpty == false)
            released?.subscription?.cancel()
            #expect(released == nil)
        }
    }

    @Test("a receive(on:) subscription lets go of its subscriber when it ends", arguments: SubscriptionEnd.allCases)
    func aReceiveOnSubscriptionLetsGoOfItsSubscriberWhenItEnds(_ end: SubscriptionEnd) {
        let queue = DispatchQueue(label: "SubscriptionLifetimeTests")
        let subject = PassthroughSubject<Int, Never>()
        weak var released: KeepingSubscriber?
        do {
            let subscriber = KeepingSubscriber()
            released = subscriber
            subject.receive(on: queue).subscribe(subscriber)
        }
        subject.send(1)
        queue.sync {}
        #expect(released?.values == [1])
        switch end {
        case .cancel: released?.subscription?.cancel()
        case .completion: subject.send(completion: .finished)
        }
        queue.sync {}
        #expect(released == nil)
    }
}
