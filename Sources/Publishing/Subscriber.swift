/// A type that receives values and a completion from a ``Publisher``.
///
/// The calls arrive in this order: ``receive(subscription:)`` once, then
/// ``receive(_:)`` any number of times, then ``receive(completion:)`` at most
/// once. Unlike Combine's, ``receive(_:)`` returns no demand: this module has
/// no back-pressure (see ``Publisher``).
///
/// Most code uses ``Publisher/sink(receiveValue:)`` or
/// ``Publisher/assign(to:on:)`` instead of writing a subscriber.
public protocol Subscriber<Input, Failure> {
    /// The kind of values this subscriber receives.
    associatedtype Input
    /// The kind of error this subscriber may receive.
    associatedtype Failure: Error

    /// Receives the handle with which the subscriber can cancel; called once,
    /// before any value.
    ///
    /// - Parameter subscription: The subscription; keep it to cancel later.
    func receive(subscription: any Subscription)

    /// Receives one value.
    ///
    /// - Parameter input: The value.
    func receive(_ input: Input)

    /// Receives the completion: the publisher finished or failed. Nothing
    /// arrives after it.
    ///
    /// - Parameter completion: `.finished` or `.failure(error)`.
    func receive(completion: Subscribers.Completion<Failure>)
}

/// The handle a publisher gives each subscriber. Cancelling it stops the
/// deliveries and releases the subscriber.
///
/// Combine's `request(_:)` is left out: every subscription delivers all
/// values (see ``Publisher``).
///
/// Thread safety: ``Cancellable/cancel()`` may be called from any thread, also
/// from inside the subscriber's own callback; calling it twice does nothing
/// the second time.
public protocol Subscription: Cancellable {}

/// A namespace for subscriber types and ``Subscribers/Completion``, as in
/// Combine.
public enum Subscribers {}

extension Subscribers {
    /// How a publisher ended: normally, or with an error.
    public enum Completion<Failure: Error> {
        /// The publisher finished normally.
        case finished
        /// The publisher stopped because of an error.
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

/// A namespace for the publisher types the operators return (for example
/// ``Publishers/Map``), as in Combine.
public enum Publishers {}
