extension Publishers {
    /// A publisher that drops a value when it is a duplicate of the value just
    /// before it; created by ``Publisher/removeDuplicates()`` and
    /// ``Publisher/removeDuplicates(by:)``.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        /// The upstream's value type.
        public typealias Output = Upstream.Output
        /// The upstream's failure type.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are filtered.
        public let upstream: Upstream
        /// Returns true when the second value (the new one) duplicates the
        /// first (the previous one).
        public let predicate: (Output, Output) -> Bool

        /// Creates the publisher.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose values are filtered.
        ///   - predicate: Whether the new value (second argument) duplicates
        ///     the previous one (first argument).
        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Subscribes to the upstream on behalf of `subscriber`; each
        /// subscription compares against its own previous value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, predicate: predicate))
        }

        private final class Inner<Downstream: Subscriber>: Subscriber, @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let downstream: Downstream
            let predicate: (Output, Output) -> Bool
            /// Guards `previous`.
            private let lock = Lock.make()
            @exclusivity(unchecked) private var previous: Output?

            init(downstream: Downstream, predicate: @escaping (Output, Output) -> Bool) {
                self.downstream = downstream
                self.predicate = predicate
            }

            func receive(subscription: any Subscription) {
                downstream.receive(subscription: subscription)
            }

            func receive(_ input: Output) {
                // Every value becomes the one the next is compared with, as
                // in Combine; the predicate runs outside the lock.
                lock.lock()
                let last = previous
                previous = input
                lock.unlock()
                if let last, predicate(last, input) { return }
                downstream.receive(input)
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                downstream.receive(completion: completion)
            }
        }
    }
}

extension Publisher {
    /// Drops a value when `predicate` says it duplicates the value just before
    /// it, as in Combine. The first value always passes.
    ///
    /// - Parameter predicate: Called with the previous value and the new one;
    ///   returns true to drop the new one. Runs on the delivering thread.
    /// - Returns: A publisher without consecutive duplicates.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publisher where Output: Equatable {
    /// Drops a value equal (`==`) to the value just before it, as in Combine.
    ///
    /// ```swift
    /// $searchText.removeDuplicates()   // "a", "a", "ab" → "a", "ab"
    /// ```
    ///
    /// - Returns: A publisher without consecutive equal values.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        removeDuplicates(by: ==)
    }
}
