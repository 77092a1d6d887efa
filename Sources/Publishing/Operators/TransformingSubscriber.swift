/// The subscriber behind ``Publishers/Map``, ``Publishers/Filter`` and
/// ``Publishers/CompactMap``: it forwards the subscription and the completion
/// unchanged, and each value that `transform` turns into a non-nil result.
///
/// It keeps no state, so it needs no lock: `transform` runs on the delivering
/// thread.
struct TransformingSubscriber<Input, Downstream: Subscriber>: Subscriber {
    typealias Failure = Downstream.Failure

    let downstream: Downstream
    let transform: (Input) -> Downstream.Input?

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) {
        if let output = transform(input) {
            downstream.receive(output)
        }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
