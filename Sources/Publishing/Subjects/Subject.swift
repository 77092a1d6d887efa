/// A publisher into which code can inject values, as in Combine.
///
/// Conforming types in this module: ``PassthroughSubject`` (no memory) and
/// ``CurrentValueSubject`` (replays its current value).
///
/// Thread safety: both are `Sendable`; `send` may be called from any thread.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Delivers a value to the current subscribers. Ignored after a
    /// completion.
    ///
    /// - Parameter value: The value to deliver.
    func send(_ value: Output)

    /// Ends the subject: every current subscriber receives `completion`, later
    /// subscribers receive it on subscription, later values are ignored. Only
    /// the first completion counts.
    ///
    /// - Parameter completion: `.finished` or `.failure(error)`.
    func send(completion: Subscribers.Completion<Failure>)
}

extension Subject where Output == Void {
    /// Delivers a `Void` value (a signal) to the current subscribers.
    public func send() {
        send(())
    }
}
