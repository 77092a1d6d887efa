@_spi(SwiftUI) import Observation
import Testing
@testable import Tracking

/// Apple's Observation sees a Trackable class that also declares
/// `Observable`, property by property, exactly as it sees the same class
/// written with `@Observable`; Tracking keeps working on it; a class without
/// the conformance is not seen and gets no Apple registrar.
@Suite struct ObservationBridgeTests {
    // MARK: What Apple's Observation sees (the same for both kinds of model)

    @Test("a read property fires onChange once, before the store; an unread one does not", arguments: BookKind.allCases)
    func aReadPropertyFiresOnceBeforeTheStore(kind: BookKind) {
        let book = kind.make()
        let log = Locked<[String]>([])
        let title = withObservationTracking { book.title } onChange: {
            log.append("onChange, title is \(book.title)")
        }
        #expect(title == "Sample Book Title")
        book.author = "Ann"
        log.append("author set")
        book.title = "B"
        log.append("title set to B")
        book.title = "C"
        log.append("title set to C")
        #expect(log.current == [
            "author set",
            "onChange, title is Sample Book Title",
            "title set to B",
            "title set to C",
        ])
    }

    @Test("assigning an equal value fires nothing", arguments: BookKind.allCases)
    func assigningAnEqualValueFiresNothing(kind: BookKind) {
        let book = kind.make()
        let fired = Locked(0)
        withObservationTracking { _ = book.title; _ = book.pages } onChange: { fired.increment() }
        book.title = "Sample Book Title"
        book.pages = 0
        #expect(fired.current == 0)
        book.pages = 1
        #expect(fired.current == 1)
    }

    @Test("an in-place mutation fires before the store", arguments: BookKind.allCases)
    func anInPlaceMutationFiresBeforeTheStore(kind: BookKind) {
        let book = kind.make()
        let log = Locked<[String]>([])
        withObservationTracking { _ = book.tags } onChange: { log.append("tags \(book.tags)") }
        book.tags.append("sci-fi")
        withObservationTracking { _ = book.pages } onChange: { log.append("pages \(book.pages)") }
        book.pages += 1
        #expect(log.current == ["tags []", "pages 0"])
        #expect(book.tags == ["sci-fi"] && book.pages == 1)
    }

    @Test("willSet sees the old value and didSet the new one", arguments: BookKind.allCases)
    func willSetSeesTheOldValueAndDidSetTheNewOne(kind: BookKind) {
        let book = kind.make()
        let log = Locked<[String]>([])
        withObservationTracking {
            _ = book.title
        } willSet: { _ in
            log.append("willSet, title is \(book.title)")
        } didSet: { _ in
            log.append("didSet, title is \(book.title)")
        }
        book.author = "Ann"
        book.title = "B"
        #expect(log.current == ["willSet, title is Sample Book Title", "didSet, title is B"])
    }

    @Test("each scope fires for what it read", arguments: BookKind.allCases)
    func eachScopeFiresForWhatItRead(kind: BookKind) {
        let book = kind.make()
        // Apple's registrar keeps its scopes in a set: the order in which one
        // write fires several of them is its own.
        let fired = Locked<Set<String>>([])
        withObservationTracking { _ = book.title } onChange: { fired.mutate { _ = $0.insert("title scope") } }
        withObservationTracking { _ = book.author } onChange: { fired.mutate { _ = $0.insert("author scope") } }
        withObservationTracking { _ = book.title; _ = book.author } onChange: { fired.mutate { _ = $0.insert("both scope") } }
        book.author = "Ann"
        #expect(fired.current == ["author scope", "both scope"])
        book.title = "B"
        #expect(fired.current == ["author scope", "both scope", "title scope"])
    }

    // MARK: Tracking keeps working on a bridged model

    @Test func tellsTrackingThenAppleBeforeTheStoreAndObserversAfter() {
        let book = BridgedBook()
        let log = Locked<[String]>([])
        let token = observe { log.append("observe, title is \(book.title)") }
        withTracking { _ = book.title } onChange: { log.append("withTracking, title is \(book.title)") }
        withObservationTracking { _ = book.title } onChange: { log.append("Apple's onChange, title is \(book.title)") }
        book.title = "B"
        #expect(log.current == [
            "observe, title is Sample Book Title",
            "withTracking, title is Sample Book Title",
            "Apple's onChange, title is Sample Book Title",
            "observe, title is B",
        ])
        token.cancel()
    }

    @Test func observersRunOncePerTransactionWhileAppleHearsTheFirstWrite() {
        let book = BridgedBook()
        let log = Locked<[String]>([])
        let token = observe { log.append("observe \(book.title) by \(book.author)") }
        withObservationTracking { _ = book.title } onChange: { log.append("Apple's onChange") }
        withTransaction {
            book.title = "A"
            log.append("wrote A")
            book.title = "B"
            book.author = "Ann"
            log.append("wrote B and Ann")
        }
        #expect(log.current == [
            "observe Sample Book Title by ",
            "Apple's onChange",
            "wrote A",
            "wrote B and Ann",
            "observe B by Ann",
        ])
        token.cancel()
    }

    @Test func derivedValuesRecomputeOncePerChange() {
        let book = BridgedBook()
        let computed = Locked(0)
        let label = Derived { () -> String in
            computed.increment()
            return "\(book.title) by \(book.author)"
        }
        let seen = Locked<[String]>([])
        let token = observe { seen.append(label.value) }
        let appleFired = Locked(0)
        withObservationTracking { _ = book.author } onChange: { appleFired.increment() }
        book.author = "Ann"
        book.title = "B"
        #expect(seen.current == ["Sample Book Title by ", "Sample Book Title by Ann", "B by Ann"])
        #expect(computed.current == 3)
        #expect(appleFired.current == 1)
        token.cancel()
    }

    @Test func theEqualityPolicyAppliesToBothSides() {
        let book = BridgedBook()
        let apple = Locked(0)
        let tracking = Locked(0)
        withObservationTracking { _ = book.ticks } onChange: { apple.increment() }
        let token = observe { _ = book.ticks; tracking.increment() }
        // `notifiesEqualValues: true`: an equal value is a change.
        book.ticks = 0
        #expect(apple.current == 1)
        #expect(tracking.current == 2)
        token.cancel()
    }

    @Test func theHandWrittenRegistrarTellsBothSides() {
        let thermostat = BridgedThermostat()
        let log = Locked<[String]>([])
        let token = observe { log.append("observe \(thermostat.target)") }
        withObservationTracking { _ = thermostat.target } onChange: {
            log.append("Apple's onChange for target, at \(thermostat.target)")
        }
        withObservationTracking { _ = thermostat.kelvin } willSet: { _ in
            log.append("Apple's willSet for kelvin, at \(thermostat.kelvin)")
        } didSet: { _ in
            log.append("Apple's didSet for kelvin, at \(thermostat.kelvin)")
        }
        thermostat.target = 25
        thermostat.kelvin = 300
        // `kelvin` is a property of its own: the observer read only target.
        #expect(log.current == [
            "observe 20.0",
            "Apple's onChange for target, at 20.0",
            "observe 25.0",
            "Apple's willSet for kelvin, at 298.15",
            "Apple's didSet for kelvin, at 300.0",
        ])
        token.cancel()
    }

    // MARK: Who is bridged, and what it costs

    @Test func onlyAClassThatDeclaresObservableIsBridged() {
        #expect(Self.isBridged(BridgedBook.self))
        #expect(Self.isBridged(BridgedThermostat.self))
        #expect(Self.isBridged(BridgedCornerShelf.self))
        #expect(!Self.isBridged(Book.self))
        #expect(!Self.isBridged(LateObservableShelf.self))
    }

    /// What the accessors see: the witness of `T`'s conformance to Trackable.
    /// (Named on the concrete type, `_observationBridged` would be looked up
    /// as a member, not through the conformance.)
    private static func isBridged<T: Trackable>(_: T.Type) -> Bool {
        T._observationBridged
    }

    @Test func aClassWithoutTheConformanceIsNotSeenAndGetsNoAppleRegistrar() {
        let book = Book()
        let apple = Locked(0)
        let tracking = Locked(0)
        withObservationTracking { _ = book.title } onChange: { apple.increment() }
        withTracking { _ = book.title } onChange: { tracking.increment() }
        book.title = "B"
        #expect(apple.current == 0)
        #expect(tracking.current == 1)
        #expect(book.trackingRegistrar.storage.lock.pointer == 0)
    }

    @Test func theAppleRegistrarIsMadeAtTheFirstRead() {
        let book = BridgedBook()
        book.title = "written before any read"
        book.tags.append("modified in place")
        let storage = book.trackingRegistrar.storage
        // The in-place mutation read the property.
        #expect(storage.lock.pointer != 0)
        let other = BridgedBook()
        other.title = "B"
        #expect(other.trackingRegistrar.storage.lock.pointer == 0)
        _ = other.author
        let bridge = other.trackingRegistrar.storage.lock.pointer
        #expect(bridge != 0)
        _ = other.title
        #expect(other.trackingRegistrar.storage.lock.pointer == bridge)
    }

    @Test func aSubclassOfABridgedClassIsBridged() {
        let shelf = BridgedCornerShelf()
        let log = Locked<[String]>([])
        withObservationTracking { _ = shelf.angle } onChange: { log.append("angle") }
        withObservationTracking { _ = shelf.label } onChange: { log.append("label") }
        shelf.label = "B"
        shelf.angle = 45
        #expect(log.current == ["label", "angle"])
    }

    @Test func observableOnASubclassOfAnUnbridgedClassBridgesNothing() {
        let shelf = LateObservableShelf()
        let fired = Locked(0)
        withObservationTracking { _ = shelf.width; _ = shelf.age } onChange: { fired.increment() }
        shelf.width = 2
        shelf.age = 3
        #expect(fired.current == 0)
    }

    @Test("the object's death does to Apple's scopes what an @Observable object's does", arguments: BookKind.allCases)
    func deathMatchesObservable(kind: BookKind) {
        let fired = Locked(0)
        do {
            let book = kind.make()
            withObservationTracking { _ = book.title } onChange: { fired.increment() }
        }
        // Apple's registrar dies with the object in both kinds; what it does
        // to a waiting scope is Apple's to decide, and the same for both.
        #expect(fired.current == Self.firesOnDeath)
    }

    /// What an `@Observable` object's death does to a scope that read it,
    /// on this toolchain.
    static let firesOnDeath: Int = {
        let fired = Locked(0)
        do {
            let book = ObservedBook()
            withObservationTracking { _ = book.title } onChange: { fired.increment() }
        }
        return fired.current
    }()

    @Test func deathStillFiresTrackingsObservers() {
        let runs = Locked<[String]>([])
        var book: BridgedBook? = BridgedBook()
        let token = observe { [weak book] in runs.append(book?.title ?? "gone") }
        withObservationTracking { [weak book] in _ = book?.title } onChange: {}
        book = nil
        #expect(runs.current == ["Sample Book Title", "gone"])
        #expect(token.dependencies.isEmpty)
    }
}
