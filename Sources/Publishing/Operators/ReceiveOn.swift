import Dispatch

extension Publishers {
    /// A publisher that delivers its upstream's values and completion on a
    /// queue; created by ``Publisher/receive(on:)``.
    public struct ReceiveOn<Upstream: Publisher>: Publisher {
        /// The upstream's value type.
        public typealias Output = Upstream.Output
        /// The upstream's failure type.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are moved to the queue.
        public let upstream: Upstream
        /// The queue on which values and the completion are delivered.
        public let scheduler: DispatchQueue

        /// Creates the publisher.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose values are moved.
        ///   - scheduler: The queue that delivers them.
        public init(upstream: Upstream, scheduler: DispatchQueue) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        /// Subscribes to the upstream on behalf of `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, queue: scheduler))
        }

        private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            private struct State {
                var status = SubscriptionStatus()
                var cancelled = false
            }

            private let downstream: Downstream
            private let queue: DispatchQueue
            private let state = Locked(State())

            init(downstream: Downstream, queue: DispatchQueue) {
                self.downstream = downstream
                self.queue = queue
            }

            func receive(subscription: any Subscription) {
                guard state.withLock({ $0.status.accept(subscription) }) else {
                    subscription.cancel()
                    return
                }
                downstream.receive(subscription: self)
            }

            func receive(_ input: Output) {
                guard state.withLock({ $0.status.isSubscribed }) else { return }
                queue.enqueue {
                    if !self.state.withLock({ $0.cancelled }) {
                        self.downstream.receive(input)
                    }
                }
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                let subscription = state.withLock { state -> (any Subscription)? in
                    guard state.status.isSubscribed else { return nil }
                    return state.status.terminate()
                }
                guard subscription != nil else { return }
                queue.enqueue {
                    if !self.state.withLock({ $0.cancelled }) {
                        self.downstream.receive(completion: completion)
                    }
                }
            }

            func cancel() {
                let subscription = state.withLock { state in
                    state.cancelled = true
                    return state.status.terminate()
                }
                subscription?.cancel()
            }
        }
    }
}

extension Publisher {
    /// Delivers values and the completion on `queue`, as Combine's
    /// `receive(on:)` does with a `DispatchQueue`.
    ///
    /// On a serial queue the order is kept. After cancellation, deliveries
    /// already queued are dropped. The subscription itself is handed to the
    /// subscriber synchronously.
    ///
    /// - Parameter queue: The queue that delivers.
    /// - Returns: A publisher of the same values, delivered on `queue`.
    public func receive(on queue: DispatchQueue) -> Publishers.ReceiveOn<Self> {
        Publishers.ReceiveOn(upstream: self, scheduler: queue)
    }
}
