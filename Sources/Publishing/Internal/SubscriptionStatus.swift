/// Where a subscriber that keeps its upstream subscription stands: waiting for
/// it, holding it, or done (cancelled or completed).
///
/// Kept inside the subscriber's locked state; ``terminate()`` hands the
/// subscription out so that it is cancelled or released after the lock is
/// dropped. A struct with a stored ``isSubscribed`` flag (rather than an enum)
/// so that the check on every delivery reads one byte instead of copying the
/// subscription existential.
struct SubscriptionStatus {
    private var subscription: (any Subscription)?
    private var isTerminal = false
    /// True from ``accept(_:)`` until ``terminate()``.
    private(set) var isSubscribed = false

    /// Stores `subscription` if none was received yet; returns false if it
    /// must be cancelled instead (a second subscription, or one arriving after
    /// cancellation).
    mutating func accept(_ subscription: any Subscription) -> Bool {
        guard !isTerminal, !isSubscribed else { return false }
        self.subscription = subscription
        isSubscribed = true
        return true
    }

    /// Marks the subscriber done; returns the subscription it held, if any.
    mutating func terminate() -> (any Subscription)? {
        isTerminal = true
        isSubscribed = false
        defer { subscription = nil }
        return subscription
    }
}
