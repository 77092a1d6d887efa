import Dispatch

extension Publishers {
    /// A publisher that waits for a pause in its upstream's values and then
    /// publishes the last one; created by
    /// ``Publisher/debounce(for:scheduler:)``.
    ///
    /// Follows Combine: each value restarts the wait; when the wait ends with no
    /// newer value, the latest value is delivered on the queue. A completion
    /// drops a value still waiting and is delivered on the queue.
    public struct Debounce<Upstream: Publisher>: Publisher {
        /// The upstream's value type.
        public typealias Output = Upstream.Output
        /// The upstream's failure type.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are debounced.
        public let upstream: Upstream
        /// How long the upstream must be silent before the latest value is
        /// published.
        public let dueTime: DispatchTimeInterval
        /// The queue on which values and the completion are delivered.
        public let scheduler: DispatchQueue

        /// Creates the publisher.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose values are debounced.
        ///   - dueTime: The pause that lets a value through.
        ///   - scheduler: The queue that waits and delivers.
        public init(upstream: Upstream, dueTime: DispatchTimeInterval, scheduler: DispatchQueue) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
        }

        /// Subscribes to the upstream on behalf of `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, dueTime: dueTime, queue: scheduler))
        }

        private final class Inner<Downstream: Subscriber>: QueueDelivery<Output, Downstream>, @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            private let dueTime: DispatchTimeInterval
            /// Counts values; a scheduled delivery whose number is no longer
            /// the latest has been superseded. Guarded by `lock`.
            @exclusivity(unchecked) private var generation: UInt64 = 0
            @exclusivity(unchecked) private var latest: Output?

            init(downstream: Downstream, dueTime: DispatchTimeInterval, queue: DispatchQueue) {
                self.dueTime = dueTime
                super.init(downstream: downstream, queue: queue)
            }

            override func receive(_ input: Output) {
                lock.lock()
                guard status.isSubscribed else {
                    lock.unlock()
                    return
                }
                generation &+= 1
                let scheduled = generation
                let replaced = latest
                latest = input
                lock.unlock()
                _ = replaced  // released here, outside the lock
                deliverOnQueue(after: dueTime) { [self] downstream in
                    if let value = take(scheduled) { downstream.receive(value) }
                }
            }

            /// The latest value if `scheduled` is still the latest generation
            /// and the upstream has not completed (a completion drops it).
            private func take(_ scheduled: UInt64) -> Output? {
                lock.lock()
                defer { lock.unlock() }
                guard status.isSubscribed, generation == scheduled else { return nil }
                defer { latest = nil }
                return latest
            }
        }
    }
}

extension Publisher {
    /// Publishes a value only after the upstream has been silent for
    /// `dueTime`, as in Combine: a burst of values becomes its last value.
    ///
    /// ```swift
    /// $searchText
    ///     .debounce(for: .milliseconds(500), scheduler: searchQueue)
    ///     .removeDuplicates()
    ///     .sink { [weak self] in self?.search($0) }
    /// ```
    ///
    /// Values and the completion are delivered on `scheduler`; a value still
    /// waiting when the upstream completes is dropped. A negative or zero
    /// `dueTime` delivers each value on the next turn of the queue unless
    /// another arrives first.
    ///
    /// - Parameters:
    ///   - dueTime: The pause that lets the latest value through.
    ///   - scheduler: The queue that waits and delivers (`DispatchQueue` is
    ///     the only scheduler in this module).
    /// - Returns: The debounced publisher.
    public func debounce(for dueTime: DispatchTimeInterval, scheduler: DispatchQueue) -> Publishers.Debounce<Self> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler)
    }
}
