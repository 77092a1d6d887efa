/// A type that delivers a sequence of values over time to subscribers,
/// possibly ending with a completion — the same role as Combine's `Publisher`,
/// with the same names, on platforms where Combine does not exist.
///
/// The module implements the part of Combine that code written for SwiftUI's
/// `ObservableObject` uses: ``ObservableObject/objectWillChange``,
/// ``Published``'s `$property`, subjects, `sink`, `assign`, a handful of
/// operators and `values`.
///
/// ## What is simplified
///
/// - **No demand (back-pressure).** Combine's `Subscribers.Demand` and
///   `Subscription.request(_:)` are left out: every subscription behaves as if
///   it had requested `.unlimited`, which is what `sink` and `assign` request
///   in Combine too. ``Subscriber/receive(_:)`` therefore returns nothing.
/// - **No serialization lock per subscriber.** Combine holds a lock while it
///   calls a subscriber, so that values sent from two threads reach it one at
///   a time. This module never calls out while it holds a lock (so a
///   subscriber may subscribe, cancel or send from inside its callback), and
///   values sent concurrently from several threads may reach a subscriber
///   concurrently. Values sent from one thread arrive in order.
/// - **Schedulers are `DispatchQueue`s.** ``debounce(for:scheduler:)`` and
///   ``receive(on:)`` take a `DispatchQueue`; there is no `Scheduler`
///   protocol.
///
/// A subscriber first receives its ``Subscription`` (its handle for
/// cancelling), then any number of values, then at most one completion.
/// Nothing arrives after a completion or after the subscription was
/// cancelled.
///
/// Thread safety: every publisher in this module may be subscribed to from
/// any thread. Values are delivered on the thread that sends them (or on the
/// queue given to ``receive(on:)``), so a subscriber's closure that touches
/// unsynchronized state must not receive from two threads at once.
public protocol Publisher<Output, Failure> {
    /// The kind of values published.
    associatedtype Output
    /// The kind of error this publisher may end with; `Never` if it cannot
    /// fail.
    associatedtype Failure: Error

    /// Attaches a subscriber: it receives its subscription, then the values.
    ///
    /// Implementations call ``Subscriber/receive(subscription:)`` exactly once
    /// before delivering anything else. Prefer ``subscribe(_:)`` at call
    /// sites, as in Combine.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches a subscriber to this publisher (calls
    /// ``receive(subscriber:)``).
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}
