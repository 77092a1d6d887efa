import Publishing
import Testing

// Callbacks run outside every internal lock: a subscriber may subscribe,
// cancel or send from inside its callback without deadlock.

@Suite("Re-entrancy")
struct ReentrancyTests {
    @Test("a subscriber may subscribe another subscriber from its callback; the new one gets later sends")
    func subscribeFromCallback() {
        let publisher = ObservableObjectPublisher()
        var log: [String] = []
        var inner: [AnyCancellable] = []
        let outer = publisher.sink {
            log.append("outer")
            if inner.isEmpty {
                inner.append(publisher.sink { log.append("inner") })
            }
        }
        publisher.send()
        publisher.send()
        #expect(log == ["outer", "outer", "inner"])
        outer.cancel()
        inner.forEach { $0.cancel() }
    }

    @Test("a subscriber may cancel itself from its callback")
    func cancelSelfFromCallback() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var cancellable: AnyCancellable?
        cancellable = subject.sink { value in
            received.append(value)
            cancellable?.cancel()
        }
        subject.send(1)
        subject.send(2)
        #expect(received == [1])
    }

    @Test("cancelling a later subscriber during a send skips it in that same send")
    func cancelOtherDuringSend() {
        let publisher = ObservableObjectPublisher()
        var log: [String] = []
        var second: AnyCancellable?
        let first = publisher.sink {
            log.append("first")
            second?.cancel()
        }
        second = publisher.sink { log.append("second") }
        publisher.send()
        publisher.send()
        #expect(log == ["first", "first"])
        first.cancel()
    }

    @Test("a subscriber may send to the same subject from its callback (nested delivery)")
    func sendFromCallback() {
        let subject = PassthroughSubject<Int, Never>()
        var log: [Int] = []
        let c = subject.sink { value in
            log.append(value)
            if value < 3 { subject.send(value + 1) }
        }
        subject.send(1)
        #expect(log == [1, 2, 3])
        c.cancel()
    }

    @Test("writing another @Published property from objectWillChange fires again, without deadlock")
    func writeFromObjectWillChange() {
        let model = WorkModel()
        var signals = 0
        let c = model.objectWillChange.sink {
            signals += 1
            if signals == 1 { model.name = "changed from callback" }
        }
        model.count = 5
        #expect(signals == 2)
        #expect(model.name == "changed from callback")
        #expect(model.count == 5)
        c.cancel()
    }

    @Test("a $x subscriber that subscribes to $x while a value is delivered receives that value first")
    func subscribeToPublishedDuringDelivery() {
        let model = WorkModel()
        var log: [String] = []
        var inner: AnyCancellable?
        let outer = model.$count.sink { value in
            log.append("outer \(value) (stored \(model.count))")
            if value == 2, inner == nil {
                inner = model.$count.sink { log.append("inner \($0) (stored \(model.count))") }
            }
        }
        model.count = 2
        model.count = 3
        // As in Combine: the publisher holds the value it delivers, so the
        // new subscriber starts with it, while the property, stored after the
        // delivery, still reads the old one. The value in flight is not
        // delivered to it a second time.
        #expect(log == [
            "outer 1 (stored 1)", "outer 2 (stored 1)", "inner 2 (stored 1)",
            "outer 3 (stored 2)", "inner 3 (stored 2)",
        ])
        #expect(model.count == 3)
        outer.cancel()
        inner?.cancel()
    }

    @Test("after a delivery, a new $x subscriber receives the stored value, also after a nested assignment")
    func subscribeAfterNestedDelivery() {
        let model = WorkModel()
        var log: [String] = []
        var late: [AnyCancellable] = []
        let outer = model.$count.sink { value in
            log.append("outer \(value)")
            if value == 2 {
                model.count = 10   // a nested delivery, inside the delivery of 2
                late.append(model.$count.sink { log.append("during 2 \($0)") })
            }
        }
        model.count = 2
        late.append(model.$count.sink { log.append("after \($0)") })
        // The nested delivery of 10 has ended when "during 2" subscribes: the
        // value in delivery is 2 again, which is also the value stored last
        // (the outer assignment stores after the nested one), so every
        // subscriber ends on the stored value.
        #expect(log == ["outer 1", "outer 2", "outer 10", "during 2 2", "after 2"])
        #expect(model.count == 2)
        outer.cancel()
        late.removeAll()
    }

    @Test("a CurrentValueSubject subscriber may read and set the value from its callback")
    func currentValueFromCallback() {
        let subject = CurrentValueSubject<Int, Never>(0)
        var log: [Int] = []
        let c = subject.sink { value in
            log.append(value)
            if value == 1 { subject.value = subject.value + 10 }
        }
        subject.send(1)
        #expect(log == [0, 1, 11])
        #expect(subject.value == 11)
        c.cancel()
    }

    @Test("a value sent while a new subscriber is being set up arrives after its replay, not before")
    func sendDuringSubscriptionIsOrdered() {
        final class SendingSubscriber: Subscriber {
            let subject: CurrentValueSubject<Int, Never>
            var log: [Int] = []
            var subscription: (any Subscription)?
            init(_ subject: CurrentValueSubject<Int, Never>) { self.subject = subject }
            func receive(subscription: any Subscription) {
                self.subscription = subscription
                subject.send(5)
            }
            func receive(_ input: Int) { log.append(input) }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = SendingSubscriber(subject)
        subject.subscribe(subscriber)
        subject.send(6)
        #expect(subscriber.log == [0, 5, 6])
        #expect(subject.value == 6)
        subscriber.subscription?.cancel()
        subscriber.subscription = nil
    }
}
