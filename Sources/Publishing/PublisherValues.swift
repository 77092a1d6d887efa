extension Publisher where Failure == Never {
    /// The values of this publisher as an `AsyncSequence`, as in Combine.
    ///
    /// ```swift
    /// for await title in book.$title.values {
    ///     print(title)   // the current title first, then each new one
    /// }
    /// ```
    ///
    /// The subscription starts when the iterator is made (so `$property`
    /// delivers its current value first) and ends when the publisher
    /// completes, the iterator is released, or the iterating task is
    /// cancelled.
    ///
    /// Unlike Combine's, which requests one value at a time and so drops what
    /// a subject sends while the loop is busy, this sequence buffers every
    /// value in order, without limit (this module has no demand; see
    /// ``Publisher``).
    public var values: AsyncPublisher<Self> {
        AsyncPublisher(self)
    }
}

extension Publisher {
    /// The values of this publisher as a throwing `AsyncSequence`, as in
    /// Combine: iteration throws the publisher's failure.
    ///
    /// Buffers every value, in order, without limit (see
    /// `values`).
    public var values: AsyncThrowingPublisher<Self> {
        AsyncThrowingPublisher(self)
    }
}

/// The values of a publisher that cannot fail, as an `AsyncSequence`;
/// obtained from `values`. A task that is cancelled gets nil from the next
/// call, even if values are buffered.
///
/// Thread safety: values may be sent from any thread; they are handed to the
/// iterating task in order. Each iterator has its own subscription and must be
/// used by one task at a time, like any iterator.
public struct AsyncPublisher<Upstream: Publisher>: AsyncSequence where Upstream.Failure == Never {
    /// The publisher's value type.
    public typealias Element = Upstream.Output
    /// Iteration cannot fail.
    public typealias Failure = Never

    private let upstream: Upstream

    /// Wraps `publisher`.
    ///
    /// - Parameter publisher: The publisher to iterate.
    public init(_ publisher: Upstream) {
        upstream = publisher
    }

    /// Subscribes to the publisher and returns an iterator of its values.
    public func makeAsyncIterator() -> Iterator {
        Iterator(buffer: ValueBuffer(subscribingTo: upstream))
    }

    /// The iterator of an ``AsyncPublisher``; releasing it cancels the
    /// subscription.
    public struct Iterator: AsyncIteratorProtocol {
        /// Iteration cannot fail.
        public typealias Failure = Never

        let buffer: ValueBuffer<Upstream.Output, Never>

        /// The next value, waiting for it if needed; nil after the completion
        /// or when the task is cancelled.
        public mutating func next() async -> Upstream.Output? {
            await next(isolation: nil)
        }

        /// The next value, waiting on the caller's actor; nil after the
        /// completion or when the task is cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Upstream.Output? {
            switch await buffer.next(isolation: actor) {
            case .success(let value): return value
            }
        }
    }
}

/// The values of a publisher that can fail, as a throwing `AsyncSequence`;
/// obtained from `values`. Iteration throws the
/// publisher's failure.
///
/// Thread safety: as ``AsyncPublisher``.
public struct AsyncThrowingPublisher<Upstream: Publisher>: AsyncSequence {
    /// The publisher's value type.
    public typealias Element = Upstream.Output

    private let upstream: Upstream

    /// Wraps `publisher`.
    ///
    /// - Parameter publisher: The publisher to iterate.
    public init(_ publisher: Upstream) {
        upstream = publisher
    }

    /// Subscribes to the publisher and returns an iterator of its values.
    public func makeAsyncIterator() -> Iterator {
        Iterator(buffer: ValueBuffer(subscribingTo: upstream))
    }

    /// The iterator of an ``AsyncThrowingPublisher``; releasing it cancels
    /// the subscription.
    public struct Iterator: AsyncIteratorProtocol {
        let buffer: ValueBuffer<Upstream.Output, Upstream.Failure>

        /// The next value, waiting for it if needed; nil after `.finished` or
        /// when the task is cancelled.
        ///
        /// - Throws: The publisher's failure, once; then the iterator returns
        ///   nil.
        public mutating func next() async throws -> Upstream.Output? {
            try await next(isolation: nil)
        }

        /// The next value, waiting on the caller's actor; nil after
        /// `.finished` or when the task is cancelled.
        ///
        /// - Throws: The publisher's failure, once; then the iterator returns
        ///   nil.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Upstream.Output? {
            try await buffer.next(isolation: actor).get()
        }
    }
}

/// The buffer between a publisher (any thread) and an async iterator (one
/// task at a time).
final class ValueBuffer<Output, Failure: Error>: @unchecked Sendable {
    typealias Outcome = Result<Output?, Failure>

    private struct State {
        var status = SubscriptionStatus()
        var values: [Output] = []
        var completion: Subscribers.Completion<Failure>?
        var ended = false
        var waiter: UnsafeContinuation<UncheckedSendable<Outcome>, Never>?

        /// The next outcome if one is ready: a buffered value, then the
        /// completion (once), then nil forever.
        mutating func takeReady() -> Outcome? {
            if !values.isEmpty { return .success(values.removeFirst()) }
            if ended { return .success(nil) }
            guard let completion else { return nil }
            ended = true
            switch completion {
            case .finished: return .success(nil)
            case .failure(let error): return .failure(error)
            }
        }
    }

    /// The subscriber attached upstream; it holds the buffer weakly, so that
    /// releasing the iterator releases the buffer, whose `deinit` cancels.
    private struct Feed: Subscriber {
        weak var buffer: ValueBuffer?

        func receive(subscription: any Subscription) {
            if let buffer, buffer.state.withLock({ $0.status.accept(subscription) }) { return }
            subscription.cancel()
        }

        func receive(_ input: Output) {
            buffer?.deliver { state in state.values.append(input) }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            var finished: (any Subscription)?
            buffer?.deliver { state in
                state.completion = completion
                finished = state.status.terminate()
            }
            _ = finished  // the upstream is done: released here, outside the lock
        }
    }

    private let state = Locked(State())

    init<P: Publisher>(subscribingTo publisher: P) where P.Output == Output, P.Failure == Failure {
        publisher.subscribe(Feed(buffer: self))
    }

    deinit {
        cancel()
    }

    /// Applies `change`, then wakes the waiting task if there is now something
    /// for it.
    private func deliver(_ change: (inout State) -> Void) {
        let wake = state.withLock { state -> (UnsafeContinuation<UncheckedSendable<Outcome>, Never>, Outcome)? in
            guard !state.ended else { return nil }
            change(&state)
            guard let waiter = state.waiter, let outcome = state.takeReady() else { return nil }
            state.waiter = nil
            return (waiter, outcome)
        }
        if let (waiter, outcome) = wake {
            waiter.resume(returning: UncheckedSendable(outcome))
        }
    }

    func next(isolation actor: isolated (any Actor)?) async -> Outcome {
        if Task.isCancelled {
            cancel()
            return .success(nil)
        }
        if let ready = state.withLock({ $0.takeReady() }) { return ready }
        let outcome = await withTaskCancellationHandler {
            await withUnsafeContinuation(isolation: actor) { waiter in
                let ready = state.withLock { state -> Outcome? in
                    if let ready = state.takeReady() { return ready }
                    state.waiter = waiter
                    return nil
                }
                if let ready { waiter.resume(returning: UncheckedSendable(ready)) }
            }
        } onCancel: {
            self.cancel()
        }
        return outcome.value
    }

    /// Ends the sequence: cancels the subscription, drops buffered values and
    /// wakes the waiting task with nil.
    func cancel() {
        let (subscription, waiter, dropped) = state.withLock { state in
            state.ended = true
            defer { state.waiter = nil; state.values = [] }
            return (state.status.terminate(), state.waiter, state.values)
        }
        _ = dropped  // released here, outside the lock
        waiter?.resume(returning: UncheckedSendable(.success(nil)))
        subscription?.cancel()
    }
}
