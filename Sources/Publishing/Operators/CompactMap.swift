extension Publishers {
    /// A publisher that transforms every value and republishes the non-nil
    /// results; created by ``Publisher/compactMap(_:)``.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure type.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// The transformation; a nil result is dropped.
        public let transform: (Upstream.Output) -> Output?

        /// Creates the publisher.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose values are transformed.
        ///   - transform: The transformation.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes to the upstream on behalf of `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(TransformingSubscriber(downstream: subscriber, transform: transform))
        }
    }
}

extension Publisher {
    /// Transforms every value and republishes the results that are not nil, as
    /// in Combine.
    ///
    /// ```swift
    /// $ageText.compactMap { Int($0) }
    /// ```
    ///
    /// - Parameter transform: Called with each value on the delivering
    ///   thread.
    /// - Returns: A publisher of the non-nil results, with the same
    ///   completion.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }
}
