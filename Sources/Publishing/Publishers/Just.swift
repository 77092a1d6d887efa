/// A publisher that delivers one value to each subscriber, then finishes, as
/// Combine's `Just` does.
///
/// Useful as a placeholder or default (`Just(0).eraseToAnyPublisher()`) and in
/// tests.
///
/// Thread safety: `Sendable` when `Output` is; each subscription is
/// independent.
public struct Just<Output>: Publisher {
    /// `Just` cannot fail.
    public typealias Failure = Never

    /// The value delivered to every subscriber.
    public let output: Output

    /// Creates a publisher of `output`.
    ///
    /// - Parameter output: The value to deliver.
    public init(_ output: Output) {
        self.output = output
    }

    /// Gives the subscriber a subscription, the value (unless it cancelled in
    /// between), then `.finished`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        let subscription = OneShotSubscription()
        subscriber.receive(subscription: subscription)
        guard !subscription.isCancelled else { return }
        subscriber.receive(output)
        guard !subscription.isCancelled else { return }
        subscriber.receive(completion: .finished)
    }
}

extension Just: Sendable where Output: Sendable {}

/// The subscription of a publisher that delivers synchronously: it only
/// records whether the subscriber cancelled.
final class OneShotSubscription: Subscription, @unchecked Sendable {
    private let cancelled = Locked(false)

    var isCancelled: Bool { cancelled.withLock { $0 } }

    func cancel() {
        cancelled.withLock { $0 = true }
    }
}
