import Tracking

/// A counter whose properties are tracked one by one.
final class Counter: Trackable {
    let trackingRegistrar = TrackingRegistrar()
}
