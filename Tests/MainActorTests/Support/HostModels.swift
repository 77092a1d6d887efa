import Synchronization
import Tracking

// The models of the view host tests. None is @unchecked Sendable: a model
// is main-actor isolated, or its storage is a mutex.

/// Where the bodies of a test's views record, in order, whether each
/// evaluation ran on the main actor.
@MainActor final class BodyLog {
    private(set) var onTheMainActor: [Bool] = []

    func record() { onTheMainActor.append(isOnTheMainQueue()) }
}

/// A Sendable counter whose deinitializer records whether it ran on the main
/// actor: for a deallocation on another thread.
final class ReleasedCounter: Trackable, Sendable {
    let trackingRegistrar = TrackingRegistrar()
    private let storage = Mutex(0)
    private let releases: Releases

    init(releases: Releases) {
        self.releases = releases
    }

    deinit {
        releases.record(onTheMainActor: isOnTheMainQueue())
    }

    var value: Int {
        trackingRegistrar.access(self, keyPath: \.value)
        return storage.withLock { $0 }
    }
}

/// Whether each ``ReleasedCounter`` was released on the main actor.
final class Releases: Sendable {
    private let storage = Mutex<[Bool]>([])

    var onTheMainActor: [Bool] { storage.withLock { $0 } }

    func record(onTheMainActor: Bool) { storage.withLock { $0.append(onTheMainActor) } }
}

/// Refers to a counter without keeping it alive: a body that reads through it
/// depends on the counter until it is deallocated.
final class CounterReference: Sendable {
    weak let counter: ReleasedCounter?

    init(_ counter: ReleasedCounter) {
        self.counter = counter
    }
}

/// Holds the last strong reference to a counter, so that another thread can
/// release it.
final class CounterOwner: Sendable {
    private let slot: Mutex<ReleasedCounter?>

    init(_ counter: ReleasedCounter) {
        slot = Mutex(counter)
    }

    /// Drops the counter, on the calling thread.
    func release() {
        slot.withLock { $0 = nil }
    }
}
