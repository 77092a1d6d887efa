import Tracking

/// The models of Apple's Observation tests and of the seed articles, written
/// with Tracking. `@unchecked Sendable`: tests hand them to observers, which
/// run on the mutating thread; each test says which thread mutates.

class Entity: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var age = 0
}

class Person: Entity, @unchecked Sendable {
    @Tracked var firstName = ""
    @Tracked var lastName = ""
    @Tracked var friends: [Person] = []

    var fullName: String { firstName + " " + lastName }
}

final class MiddleNamePerson: Person, @unchecked Sendable {
    @Tracked var middleName = ""

    override var fullName: String { firstName + " " + middleName + " " + lastName }
}

final class Book: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var title = "Sample Book Title"
    @Tracked var author = ""
    @Tracked var tags: [String] = []
    var plain = 0
}

final class Counter: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value = 0
}

/// A class whose tracked property has user observers, to check their order.
final class Audited: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    let log: Locked<[String]>

    init(log: Locked<[String]>) {
        self.log = log
    }

    @Tracked var value = 0 {
        willSet { log.append("willSet \(value) -> \(newValue)") }
        didSet { log.append("didSet \(oldValue) -> \(value)") }
    }
}

/// A property whose access and mutation are written by hand, recording the
/// key paths they receive (as Apple's `ImplementsAccessAndMutation` test does).
final class HandWritten: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    let accessed: Locked<[PartialKeyPath<HandWritten>]> = Locked([])
    let mutated: Locked<[PartialKeyPath<HandWritten>]> = Locked([])
    private var storedField = 3

    var field: Int {
        get {
            access(keyPath: \.field)
            return storedField
        }
        set {
            withMutation(keyPath: \.field) { storedField = newValue }
        }
    }

    private func access<Member>(keyPath: KeyPath<HandWritten, Member>) {
        accessed.append(keyPath)
        trackingRegistrar.access(self, keyPath: keyPath)
    }

    private func withMutation<Member, T>(keyPath: KeyPath<HandWritten, Member>, _ mutation: () throws -> T) rethrows -> T {
        mutated.append(keyPath)
        return try trackingRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
    }
}

@MainActor
final class IsolatedModel: Trackable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var text = "hello"
}

/// A copy-on-write value that counts the copies its mutations had to make.
struct CopyCountingList: Equatable {
    final class Storage {
        var values: [Int]
        init(_ values: [Int]) { self.values = values }
    }

    private var storage: Storage
    let copies: Locked<Int>

    init(count: Int, copies: Locked<Int>) {
        storage = Storage(Array(0..<count))
        self.copies = copies
    }

    var count: Int { storage.values.count }

    mutating func append(_ value: Int) {
        if !isKnownUniquelyReferenced(&storage) {
            copies.increment()
            storage = Storage(storage.values)
        }
        storage.values.append(value)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage === rhs.storage }
}

final class ListHolder: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var list: CopyCountingList

    init(list: CopyCountingList) {
        self.list = list
    }
}
