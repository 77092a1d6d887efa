import Tracking

/// A counter whose properties are tracked one by one.
final class Counter: Trackable {
    let trackingRegistrar = TrackingRegistrar()

    @Tracked var count = 0
    @Tracked var note = ""

    func increment() {
        count += 1
    }
}
