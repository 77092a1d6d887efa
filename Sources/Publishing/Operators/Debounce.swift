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

        private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            private struct State {
                var status = SubscriptionStatus()
                var cancelled = false
                /// Counts values; a scheduled delivery whose number is no
                /// longer the latest has been superseded.
                var generation: UInt64 = 0
                var latest: Output?
            }

            private let downstream: Downstream
            private let dueTime: DispatchTimeInterval
            private let queue: DispatchQueue
            private let state = Locked(State())

            init(downstream: Downstream, dueTime: DispatchTimeInterval, queue: DispatchQueue) {
                self.downstream = downstream
                self.dueTime = dueTime
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
                let generation = state.withLock { state -> UInt64? in
                    guard state.status.isSubscribed else { return nil }
                    state.generation &+= 1
                    state.latest = input
                    return state.generation
                }
                guard let generation else { return }
                queue.enqueue(after: dueTime) { self.due(generation) }
            }

            private func due(_ generation: UInt64) {
                let value = state.withLock { state -> Output? in
                    guard state.status.isSubscribed, state.generation == generation else { return nil }
                    defer { state.latest = nil }
                    return state.latest
                }
                if let value { downstream.receive(value) }
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                let (finished, dropped) = state.withLock { state -> (Bool, Output?) in
                    guard state.status.isSubscribed else { return (false, nil) }
                    _ = state.status.terminate()
                    defer { state.latest = nil }
                    return (true, state.latest)
                }
                _ = dropped
                guard finished else { return }
                queue.enqueue {
                    if !self.state.withLock({ $0.cancelled }) {
                        self.downstream.receive(completion: completion)
                    }
                }
            }

            func cancel() {
                let (subscription, dropped) = state.withLock { state in
                    state.cancelled = true
                    defer { state.latest = nil }
                    return (state.status.terminate(), state.latest)
                }
                _ = dropped
                subscription?.cancel()
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
