import Observation
import Tracking

/// The same small model three ways: a plain class, a Trackable class and an
/// `@Observable` class, so that each micro benchmark compares like with like.
final class PlainModel {
    var value = 0
    var a = 0
    var b = 0
    var c = 0
}

final class TrackedModel: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value = 0
    @Tracked var a = 0
    @Tracked var b = 0
    @Tracked var c = 0
}

@Observable
final class ObservedModel: @unchecked Sendable {
    var value = 0
    var a = 0
    var b = 0
    var c = 0
}

/// A counter that observers bump from any thread.
final class RunCounter: @unchecked Sendable {
    var count = 0
}
