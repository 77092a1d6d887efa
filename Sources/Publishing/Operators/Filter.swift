extension Publishers {
    /// A publisher that republishes only the values that satisfy a predicate;
    /// created by ``Publisher/filter(_:)``.
    public struct Filter<Upstream: Publisher>: Publisher {
        /// The upstream's value type.
        public typealias Output = Upstream.Output
        /// The upstream's failure type.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are filtered.
        public let upstream: Upstream
        /// The predicate; a value passes when it returns true.
        public let isIncluded: (Upstream.Output) -> Bool

        /// Creates the publisher.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose values are filtered.
        ///   - isIncluded: The predicate.
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Subscribes to the upstream on behalf of `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let isIncluded = isIncluded
            upstream.subscribe(TransformingSubscriber(downstream: subscriber, transform: { isIncluded($0) ? $0 : nil }))
        }
    }
}

extension Publisher {
    /// Republishes only the values for which `isIncluded` returns true, as in
    /// Combine.
    ///
    /// - Parameter isIncluded: Called with each value on the delivering
    ///   thread.
    /// - Returns: A publisher of the values that pass, with the same
    ///   completion.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}
