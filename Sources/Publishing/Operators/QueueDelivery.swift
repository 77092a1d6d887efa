import Dispatch

/// The subscriber shared by the operators that deliver on a `DispatchQueue`
/// (``Publishers/ReceiveOn``, ``Publishers/Debounce``): it holds the upstream
/// subscription, is the downstream's subscription, and runs deliveries on the
/// queue unless cancelled meanwhile.
///
/// Subclasses decide what a value does (``receive(_:)``). A completion is
/// forwarded on the queue, after what is already queued; it releases the
/// upstream subscription at once.
class QueueDelivery<Input, Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
where Downstream.Input == Input {
    typealias Failure = Downstream.Failure

    let downstream: Downstream
    let queue: DispatchQueue
    /// Guards `status`, `isCancelled` and the subclasses' stored state.
    let lock = Lock.make()
    @exclusivity(unchecked) var status = SubscriptionStatus()
    @exclusivity(unchecked) private var isCancelled = false

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
        downstream.receive(subscription: self)
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
        deliverOnQueue(after: nil) { $0.receive(completion: completion) }
    }

    /// Runs `delivery` on the queue (after `delay`), unless the subscription
    /// is cancelled by then.
    final func deliverOnQueue(after delay: DispatchTimeInterval?, _ delivery: @escaping (Downstream) -> Void) {
        queue.enqueue(after: delay) {
            self.lock.lock()
            let cancelled = self.isCancelled
            self.lock.unlock()
            if !cancelled { delivery(self.downstream) }
        }
    }

    final func cancel() {
        lock.lock()
        isCancelled = true
        let subscription = status.terminate()
        lock.unlock()
        subscription?.cancel()
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
