extension Publishers {
    /// A publisher that transforms every value of its upstream with a closure;
    /// created by ``Publisher/map(_:)-((Output)->T)`` and
    /// ``Publisher/map(_:)-(KeyPath<Output,T>)``.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure type.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// The transformation, applied on the delivering thread.
        public let transform: (Upstream.Output) -> Output

        /// Creates the publisher.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose values are transformed.
        ///   - transform: The transformation.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes to the upstream on behalf of `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = transform
            upstream.subscribe(TransformingSubscriber(downstream: subscriber, transform: { transform($0) }))
        }
    }
}

extension Publisher {
    /// Transforms every value with `transform`, as in Combine.
    ///
    /// ```swift
    /// $todos.map { $0.filter(\.isCompleted).count }
    /// ```
    ///
    /// - Parameter transform: Called with each value on the delivering
    ///   thread; returns the value to publish.
    /// - Returns: A publisher of the transformed values, with the same
    ///   completion.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }

    /// Publishes the value at `keyPath` of every value, as in Combine.
    ///
    /// - Parameter keyPath: The property to read from each value.
    /// - Returns: A publisher of the properties' values.
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self) { $0[keyPath: keyPath] }
    }
}
