/// Something that can stop an activity: a subscription, a sink, a scheduled
/// delivery.
///
/// As in Combine, cancelling frees the resources the activity holds (the
/// subscriber's closures, its place in the publisher's list), and cancelling
/// something that was already cancelled or has finished does nothing.
///
/// Thread safety: every type of this module that conforms may be cancelled
/// from any thread, including from inside one of its own callbacks.
public protocol Cancellable {
    /// Stops the activity and frees what it holds. Calling it again does
    /// nothing.
    func cancel()
}
