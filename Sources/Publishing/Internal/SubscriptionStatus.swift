/// Where a subscriber that keeps its upstream subscription stands: waiting for
/// it, holding it, or done (cancelled or completed).
///
/// Kept inside the subscriber's locked state; ``terminate()`` hands the
/// subscription out so that it is cancelled or released after the lock is
/// dropped.
enum SubscriptionStatus {
    case awaitingSubscription
    case subscribed(any Subscription)
    case terminal

    /// Stores `subscription` if none was received yet; returns false if it
    /// must be cancelled instead (a second subscription, or one arriving after
    /// cancellation).
    mutating func accept(_ subscription: any Subscription) -> Bool {
        guard case .awaitingSubscription = self else { return false }
        self = .subscribed(subscription)
        return true
    }

    var isSubscribed: Bool {
        if case .subscribed = self { return true }
        return false
    }

    /// Marks the subscriber done; returns the subscription it held, if any.
    mutating func terminate() -> (any Subscription)? {
        defer { self = .terminal }
        if case .subscribed(let subscription) = self { return subscription }
        return nil
    }
}
