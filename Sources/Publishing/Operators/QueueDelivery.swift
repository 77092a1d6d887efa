import Dispatch

/// The subscriber shared by the operators that deliver on a `DispatchQueue`
/// (``Publishers/ReceiveOn``, ``Publishers/Debounce``): it holds the upstream
/// subscription, is the downstream's subscription, and runs deliveries on the
/// queue unless cancelled meanwhile.
///
/// Subclasses decide what a value does (``receive(_:)``). A completion is
/// forwarded on the queue, after what is already queued; it releases the
/// upstream subscription at once, and the downstream once delivered. A
/// cancel releases both at once, as Combine's subscriptions do: a
/// downstream that keeps its subscription is not kept alive by it.
class QueueDelivery<Input, Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
where Downstream.Input == Input {
    typealias Failure = Downstream.Failure

    let queue: DispatchQueue
    /// Guards `status`, `downstream` and the subclasses' stored state.
    let lock = Lock.make()
    @exclusivity(unchecked) var status = SubscriptionStatus()
    /// Nil once cancelled or once the completion is delivered.
    @exclusivity(unchecked) private var downstream: Downstream?

    init(downstream: Downstream, queue: DispatchQueue) {
        self.downstream = downstream
        self.queue = queue
    }

    final func receive(subscription: any Subscription) {
        lock.lock()
        let accepted = status.accept(subscription)
        lock.unlock()
        guard accepted else {
            subscription.cancel()
            return
        }
        lock.lock()
        let downstream = self.downstream
        lock.unlock()
        downstream?.receive(subscription: self)
    }

    func receive(_ input: Input) {
        preconditionFailure("subclasses decide what a value does")
    }

    final func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let wasSubscribed = status.isSubscribed
        let subscription = status.terminate()
        lock.unlock()
        _ = subscription  // upstream is done: released, not cancelled
        guard wasSubscribed else { return }
        deliverOnQueue(after: nil, releasing: true) { $0.receive(completion: completion) }
    }

    /// Runs `delivery` on the queue (after `delay`), unless the subscription
    /// is cancelled by then; `releasing`: the last delivery, after which the
    /// downstream is let go of.
    final func deliverOnQueue(
        after delay: DispatchTimeInterval?, releasing: Bool = false, _ delivery: @escaping (Downstream) -> Void
    ) {
        queue.enqueue(after: delay) {
            self.lock.lock()
            let downstream = self.downstream
            if releasing { self.downstream = nil }
            self.lock.unlock()
            if let downstream { delivery(downstream) }
        }
    }

    final func cancel() {
        lock.lock()
        let downstream = self.downstream
        self.downstream = nil
        let subscription = status.terminate()
        lock.unlock()
        subscription?.cancel()
        withExtendedLifetime(downstream) {}  // released here, outside the lock
    }
}

extension DispatchQueue {
    /// Runs `work` on this queue, after `delay` if one is given.
    ///
    /// ``QueueDelivery`` captures its subscriber, generic and not `Sendable`;
    /// this is the one place where that closure crosses to the queue, and
    /// the subscriber's own state (behind its lock) decides whether the
    /// delivery still happens.
    fileprivate func enqueue(after delay: DispatchTimeInterval? = nil, _ work: @escaping () -> Void) {
        let work = UncheckedSendable(work)
        if let delay {
            asyncAfter(deadline: .now() + delay) { work.value() }
        } else {
            async { work.value() }
        }
    }
}
