import Observation
import Tracking

/// What the micro benchmarks read and write, whichever kind of model.
/// `Sendable` for the observers that capture it; each benchmark uses its
/// model from one thread.
protocol MicroModel: AnyObject, Sendable {
    init()
    var value: Int { get set }
    var a: Int { get set }
    var b: Int { get set }
    var c: Int { get set }
}

/// The same small model four ways: a plain class, a Trackable class, a
/// Trackable class that declares `Observable`, and an `@Observable` class, so that each micro benchmark compares like with like.
final class PlainModel {
    var value = 0
    var a = 0
    var b = 0
    var c = 0
}

final class TrackedModel: Trackable, MicroModel, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value = 0
    @Tracked var a = 0
    @Tracked var b = 0
    @Tracked var c = 0
}

/// ``TrackedModel`` seen by Apple's Observation too (the bridge): the same
/// class, declaring `Observable`.
final class BridgedModel: Trackable, Observable, MicroModel, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value = 0
    @Tracked var a = 0
    @Tracked var b = 0
    @Tracked var c = 0
}

@Observable
final class ObservedModel: MicroModel, @unchecked Sendable {
    var value = 0
    var a = 0
    var b = 0
    var c = 0
}

/// A counter that observers bump from any thread.
final class RunCounter: @unchecked Sendable {
    var count = 0
}
