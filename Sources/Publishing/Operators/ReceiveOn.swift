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

        private final class Inner<Downstream: Subscriber>: QueueDelivery<Output, Downstream>, @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            override func receive(_ input: Output) {
                lock.lock()
                let isSubscribed = status.isSubscribed
                lock.unlock()
                if isSubscribed { deliverOnQueue(after: nil) { $0.receive(input) } }
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
