import Observation
import Synchronization
import Tracking

// The models of this target are what a Swift 6 app writes: main-actor view
// models, each with its Observation twin, and one genuinely Sendable model.
// None is @unchecked Sendable.

/// Two numbers, as a view model holds them.
@MainActor final class Pair: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var a = 0
    @Tracked var b = 0
}

/// ``Pair`` for Apple's Observation.
@MainActor @Observable final class ObservablePair {
    var a = 0
    var b = 0
}

/// ``Pair`` as a Tracking model that Apple's Observation sees too.
@MainActor final class BridgedPair: Trackable, Observable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var a = 0
    @Tracked var b = 0
}

/// The view model: a main-actor class with a tracked string.
@MainActor final class ProfileViewModel: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var name = ""
}

/// Shared between threads: its storage is a mutex, and it reports reads and
/// writes to its registrar by hand, so it is `Sendable` for real.
final class SharedCounter: Trackable, Sendable {
    let trackingRegistrar = TrackingRegistrar()
    private let storage = Mutex(0)

    var value: Int {
        get {
            trackingRegistrar.access(self, keyPath: \.value)
            return storage.withLock { $0 }
        }
        set {
            trackingRegistrar.withMutation(of: self, keyPath: \.value) {
                storage.withLock { $0 = newValue }
            }
        }
    }
}
