/// The publisher behind the default ``ObservableObject/objectWillChange``: it
/// emits `Void` before the object changes and never fails or finishes.
///
/// Every `@Published` property of an object shares its object's instance, and
/// sends through it before the property's value changes, as in Combine. Call
/// ``send()`` yourself to announce a change to state that is not
/// `@Published`:
///
/// ```swift
/// final class Counter: ObservableObject {
///     private(set) var count = 0
///     func increment() {
///         objectWillChange.send()
///         count += 1
///     }
/// }
/// ```
///
/// Thread safety: the type is `Sendable`. Subscribing, sending and cancelling
/// may happen on any thread, concurrently. ``send()`` calls the subscribers on
/// the calling thread, outside every lock of this module, in subscription
/// order; a subscriber may subscribe, cancel or send from inside its
/// callback.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    /// The value published: nothing, only the fact of a change.
    public typealias Output = Void
    /// This publisher cannot fail.
    public typealias Failure = Never

    let subscribers = SubscriberList<Void, Never>()

    /// Creates a publisher with no subscribers.
    public init() {}

    /// Attaches a subscriber; it receives the signals sent from now on.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        subscribers.attach(subscriber)
    }

    /// Signals every current subscriber that the object is about to change.
    ///
    /// Subscribers run synchronously on the calling thread, before `send()`
    /// returns. With no subscribers it does nothing.
    public func send() {
        subscribers.send(())
    }
}
