import Foundation
import Publishing
import Rendering
import Tracking

/// A tracked model with two properties, for the host's rules.
final class Note: Trackable, Identifiable {
    let trackingRegistrar = TrackingRegistrar()
    let id: Int
    @Tracked var title: String
    @Tracked var body = ""

    init(id: Int = 1, title: String = "Note") {
        self.id = id
        self.title = title
    }
}

/// A whole-object model.
final class Counter: ObservableObject {
    @Published var count = 0
    @Published var unrelated = 0
}

/// Counts instances alive, for release tests.
final class Lifetime: @unchecked Sendable {
    private let lock = NSLock()
    private var created = 0
    private var released = 0

    var alive: Int { lock.withLock { created - released } }
    var createdCount: Int { lock.withLock { created } }
    func didCreate() { lock.withLock { created += 1 } }
    func didRelease() { lock.withLock { released += 1 } }
}

/// An ObservableObject that reports its lifetime.
final class TrackedLifetimeModel: ObservableObject {
    @Published var value = 0
    let lifetime: Lifetime

    init(lifetime: Lifetime) {
        self.lifetime = lifetime
        lifetime.didCreate()
    }

    deinit {
        lifetime.didRelease()
    }
}

/// Records events in order, for lifecycle tests.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    var events: [String] { lock.withLock { storage } }
    func record(_ event: String) { lock.withLock { storage.append(event) } }
}
