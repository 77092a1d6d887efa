extension Subscribers {
    /// A subscriber that calls closures with each value and with the
    /// completion, as Combine's `Sink` does. Usually created with
    /// ``Publisher/sink(receiveCompletion:receiveValue:)`` or
    /// ``Publisher/sink(receiveValue:)``.
    ///
    /// Cancelling it, or receiving a completion, cancels the subscription and
    /// releases both closures (breaking any reference cycle they close), as in
    /// Combine.
    ///
    /// Thread safety: `Sendable`; may be cancelled from any thread, including
    /// from inside its own closures. The closures run on the thread that
    /// delivers, never under a lock; once ``cancel()`` has returned, no new
    /// call to them starts.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
        /// Guards the three properties below.
        private let lock = Lock.make()
        @exclusivity(unchecked) private var status = SubscriptionStatus()
        @exclusivity(unchecked) private var receiveValue: ((Input) -> Void)?
        @exclusivity(unchecked) private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

        /// Creates a sink.
        ///
        /// - Parameters:
        ///   - receiveCompletion: Called once with the completion.
        ///   - receiveValue: Called with each value.
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveValue = receiveValue
            self.receiveCompletion = receiveCompletion
        }

        /// Keeps the subscription (to cancel it later). A second subscription,
        /// or one that arrives after cancellation, is cancelled at once.
        public func receive(subscription: any Subscription) {
            lock.lock()
            let accepted = status.accept(subscription)
            lock.unlock()
            if !accepted { subscription.cancel() }
        }

        /// Calls `receiveValue` with `input`, unless the sink was cancelled or
        /// completed.
        public func receive(_ input: Input) {
            lock.lock()
            let receiveValue = status.isSubscribed ? self.receiveValue : nil
            lock.unlock()
            receiveValue?(input)
        }

        /// Calls `receiveCompletion` once, then releases both closures and the
        /// subscription.
        public func receive(completion: Subscribers.Completion<Failure>) {
            let (_, _, receiveCompletion) = terminate()
            receiveCompletion?(completion)
        }

        /// Cancels the subscription and releases both closures; the completion
        /// closure is not called. Calling it again does nothing.
        public func cancel() {
            let (subscription, _, _) = terminate()
            subscription?.cancel()
        }

        /// Marks the sink terminal and moves the subscription and the closures
        /// out, so that they are released outside the lock.
        private func terminate() -> (
            (any Subscription)?, ((Input) -> Void)?, ((Subscribers.Completion<Failure>) -> Void)?
        ) {
            lock.lock()
            defer { lock.unlock() }
            defer {
                receiveValue = nil
                receiveCompletion = nil
            }
            return (status.terminate(), receiveValue, receiveCompletion)
        }
    }
}

extension Publisher {
    /// Subscribes with closures for the values and the completion, as in
    /// Combine.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once when the publisher finishes or fails.
    ///   - receiveValue: Called with each value, on the thread that delivers
    ///     it.
    /// - Returns: The cancellable that keeps the subscription alive: when it is
    ///   cancelled or deallocated, the subscription ends.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes with a closure for the values of a publisher that cannot
    /// fail, as in Combine.
    ///
    /// ```swift
    /// model.objectWillChange.sink { print("will change") }.store(in: &cancellables)
    /// ```
    ///
    /// - Parameter receiveValue: Called with each value, on the thread that
    ///   delivers it.
    /// - Returns: The cancellable that keeps the subscription alive: when it is
    ///   cancelled or deallocated, the subscription ends.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
