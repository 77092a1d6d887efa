/// A subject that holds a current value, replays it to each new subscriber and
/// broadcasts every new value, as Combine's does.
///
/// Unlike `$property` of a ``Published`` property, the current value is
/// updated *before* subscribers receive the new one (Combine's order for this
/// type): a subscriber that reads ``value`` sees the value it is receiving.
///
/// ```swift
/// let volume = CurrentValueSubject<Int, Never>(5)
/// let c = volume.sink { print($0) }   // prints 5
/// volume.value = 7                     // prints 7
/// ```
///
/// Thread safety: `Sendable`; the value is read and written under a lock, and
/// subscribers run on the sending thread outside it.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    let subscribers: SubscriberList<Output, Failure>

    /// Creates a subject holding `value`.
    ///
    /// - Parameter value: The initial current value.
    public init(_ value: Output) {
        subscribers = SubscriberList(current: value)
    }

    /// The current value. Setting it is the same as ``send(_:)`` (also after a
    /// completion, when it is ignored).
    public var value: Output {
        get { subscribers.currentValue! }
        set { send(newValue) }
    }

    /// Attaches a subscriber: it receives the current value at once, then every
    /// new value. After a completion it receives only the completion.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribers.attach(subscriber)
    }

    /// Stores `value` as the current value, then delivers it to every current
    /// subscriber. Ignored after a completion.
    ///
    /// - Parameter value: The new value.
    public func send(_ value: Output) {
        let (stored, previous) = subscribers.replaceCurrent(with: value)
        _ = previous  // released here, outside the lock
        if stored { subscribers.send(value) }
    }

    /// Ends the subject; only the first completion counts. The current value
    /// stays readable.
    ///
    /// - Parameter completion: `.finished` or `.failure(error)`.
    public func send(completion: Subscribers.Completion<Failure>) {
        subscribers.send(completion: completion)
    }
}
