/// A subject that broadcasts the values it is sent to its current
/// subscribers, keeping no value of its own, as Combine's does.
///
/// A subscriber receives only the values sent after it subscribed. After
/// ``send(completion:)``, values are ignored and new subscribers receive the
/// completion at once.
///
/// ```swift
/// let events = PassthroughSubject<String, Never>()
/// let c = events.sink { print($0) }
/// events.send("tap")     // prints "tap"
/// ```
///
/// Thread safety: `Sendable`; subscribe, send and cancel from any thread.
/// Subscribers run on the sending thread, outside every internal lock.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    let subscribers = SubscriberList<Output, Failure>()

    /// Creates a subject with no subscribers.
    public init() {}

    /// Attaches a subscriber; it receives the values sent from now on.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribers.attach(subscriber)
    }

    /// Delivers `value` to every current subscriber, synchronously on the
    /// calling thread. Ignored after a completion.
    ///
    /// - Parameter value: The value to deliver.
    public func send(_ value: Output) {
        subscribers.send(value)
    }

    /// Ends the subject; only the first completion counts.
    ///
    /// - Parameter completion: `.finished` or `.failure(error)`.
    public func send(completion: Subscribers.Completion<Failure>) {
        subscribers.send(completion: completion)
    }
}
