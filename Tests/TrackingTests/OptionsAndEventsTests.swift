import Testing
@testable import Tracking

/// SE-0506 parity: options that combine, events that say their kind and
/// which property caused them, and the continuous form with both.
@Suite struct OneShotOptionsTests {
    @Test func willSetAndDidSetTogetherCallTwicePerChangeBeforeAndAfterTheStore() {
        let seen = Locked<[String]>([])
        let book = Book()
        withTracking(options: [.willSet, .didSet]) { _ = book.title } onChange: { seen.append(book.title) }
        book.title = "New"
        #expect(seen.current == ["Sample Book Title", "New"])
        book.title = "Newer"      // the first change was the one
        #expect(seen.current == ["Sample Book Title", "New"])
        #expect(book.trackingRegistrar.activeDependencyCount == 0)
    }

    @Test func theEventSaysItsKindAndWhichPropertyChanged() {
        let seen = Locked<[String]>([])
        let book = Book()
        withTracking(options: [.willSet, .didSet]) {
            _ = book.title
            _ = book.author
        } onChange: { event in
            seen.append("\(event.kind) title:\(event.matches(\Book.title)) author:\(event.matches(\Book.author))")
        }
        book.author = "Someone"
        #expect(seen.current == ["willSet title:false author:true", "didSet title:false author:true"])
    }

    @Test func deinitAloneDoesNotFireOnAChangeAndFiresOnTheDeallocation() {
        let seen = Locked<[String]>([])
        let deinits = Locked(0)
        var object: Watched? = Watched(deinits: deinits)
        withTracking(options: .deinit) { [weak object] in _ = object?.value } onChange: { event in
            seen.append("\(event.kind) matches:\(event.matches(\Watched.value))")
        }
        object?.value = 1
        #expect(seen.current == [])
        object = nil
        #expect(deinits.current == 1)
        // A deinit event matches no property, as SE-0506 says.
        #expect(seen.current == ["deinit matches:false"])
    }

    @Test func withoutDeinitADeallocationFiresNothingAndLeavesNothing() {
        let fired = Locked(0)
        let deinits = Locked(0)
        let before = TrackingStatistics.liveDependencyCountOnThisThread
        var object: Watched? = Watched(deinits: deinits)
        withTracking(options: .willSet) { [weak object] in _ = object?.value } onChange: { fired.increment() }
        withTracking(options: .didSet) { [weak object] in _ = object?.value } onChange: { fired.increment() }
        object = nil
        #expect(deinits.current == 1)
        #expect(fired.current == 0)
        // Nothing it read can change any more: both scopes ended quietly.
        #expect(TrackingStatistics.liveDependencyCountOnThisThread == before)
    }

    @Test func theDefaultOptionsAreWillSetAndDeinit() {
        let seen = Locked<[String]>([])
        let book = Book()
        withTracking { _ = book.title } onChange: { event in seen.append("\(event.kind)") }
        book.title = "x"
        let deinits = Locked(0)
        var object: Watched? = Watched(deinits: deinits)
        withTracking { [weak object] in _ = object?.value } onChange: { event in seen.append("\(event.kind)") }
        object = nil
        #expect(seen.current == ["willSet", "deinit"])
    }

    @Test func cancellingTheWillSetEventSkipsTheDidSet() {
        let seen = Locked<[TrackingEvent.Kind]>([])
        let book = Book()
        withTracking(options: [.willSet, .didSet]) { _ = book.title } onChange: { event in
            seen.append(event.kind)
            event.cancel()
        }
        book.title = "x"
        #expect(seen.current == [.willSet])
        #expect(book.trackingRegistrar.activeDependencyCount == 0)
    }

    @Test func aChangeDuringApplyIsDeliveredAsBothKindsAfterApply() {
        let seen = Locked<[TrackingEvent.Kind]>([])
        let counter = Counter()
        withTracking(options: [.willSet, .didSet]) {
            _ = counter.value
            counter.value = 1
        } onChange: { event in
            seen.append(event.kind)
        }
        #expect(seen.current == [.willSet, .didSet])
    }

    @Test func matchesNamesHandWrittenAndComputedProperties() {
        let seen = Locked<[String]>([])
        let model = HandWritten()
        withTracking(options: .didSet) { _ = model.field } onChange: { event in
            seen.append("field:\(event.matches(\HandWritten.field))")
        }
        model.field = 4
        let person = Person()
        withTracking(options: .didSet) { _ = person.fullName } onChange: { event in
            // A computed property matches when a property it reads changed.
            seen.append("fullName:\(event.matches(\Person.fullName)) age:\(event.matches(\Person.age))")
        }
        person.lastName = "Lovelace"
        #expect(seen.current == ["field:true", "fullName:true age:false"])
    }

    @Test func aComputedKeyPathMatchesThroughTheBranchItTakesNow() {
        let seen = Locked<[String]>([])
        let model = SwitchingSource()
        // Asked about first while `current` reads `a`.
        withTracking(options: .didSet) { _ = model.a } onChange: { event in
            seen.append("a:\(event.matches(\SwitchingSource.current))")
        }
        model.a = 1
        model.useB = true
        withTracking(options: .didSet) { _ = model.b } onChange: { event in
            seen.append("b:\(event.matches(\SwitchingSource.current))")
        }
        model.b = 1
        withTracking(options: .didSet) { _ = model.a } onChange: { event in
            seen.append("a:\(event.matches(\SwitchingSource.current))")
        }
        model.a = 2
        #expect(seen.current == ["a:true", "b:true", "a:false"])
    }

    @Test func aComputedKeyPathThroughAnotherObjectMatchesItsChangesOnceAsked() {
        let seen = Locked<[String]>([])
        let shelf = ShelfSource()
        // Asked first about a change of the shelf itself: the key path reads
        // the shelf's label and the book's title.
        withTracking(options: .didSet) { _ = shelf.summary } onChange: { event in
            seen.append("label:\(event.matches(\ShelfSource.summary))")
        }
        shelf.label = "B"
        // A change of the book, which the key path cannot be applied to.
        withTracking(options: .didSet) { _ = shelf.summary } onChange: { event in
            seen.append("title:\(event.matches(\ShelfSource.summary))")
        }
        shelf.book.title = "Emma"
        #expect(seen.current == ["label:true", "title:true"])
    }

    @Test func aComputedKeyPathOverHandWrittenPropertiesMatchesTheirChanges() {
        let seen = Locked<[String]>([])
        let model = HandWrittenPair()
        // Asked first about a hand-written property's change: the key path
        // is applied to the object that changed, as for a @Tracked one.
        withTracking(options: .didSet) { _ = model.first } onChange: { event in
            seen.append("first:\(event.matches(\HandWrittenPair.sum)) \(event.matches(\HandWrittenPair.secondTwice))")
        }
        model.first = 1
        withTracking(options: .didSet) { _ = model.second } onChange: { event in
            seen.append("second:\(event.matches(\HandWrittenPair.sum)) \(event.matches(\HandWrittenPair.secondTwice))")
        }
        model.second = 1
        #expect(seen.current == ["first:true false", "second:true true"])
    }

    @Test func aSubclassKeyPathDoesNotMatchThePropertyOfItsDeclaringClass() {
        let seen = Locked<[Bool]>([])
        let person = MiddleNamePerson()
        withTracking(options: .didSet) { _ = person.firstName } onChange: { event in
            seen.append(event.matches(\Person.firstName))
            seen.append(event.matches(\MiddleNamePerson.middleName))
        }
        person.firstName = "Ada"
        #expect(seen.current == [true, false])
    }
}

@Suite struct ContinuousOptionsTests {
    @Test func theFirstRunIsInitialThenOneRunPerTransactionMatchesWhatChanged() {
        let seen = Locked<[String]>([])
        let book = Book()
        let token = observe { event in
            _ = (book.title, book.author)
            seen.append("\(event.kind) title:\(event.matches(\Book.title)) author:\(event.matches(\Book.author))")
        }
        book.title = "A"
        withTransaction {
            book.title = "B"
            book.author = "C"
        }
        #expect(seen.current == [
            "initial title:false author:false",
            "didSet title:true author:false",
            "didSet title:true author:true",
        ])
        withExtendedLifetime(token) {}
    }

    @Test func deinitAloneRunsForTheDeallocationOnly() {
        let seen = Locked<[TrackingEvent.Kind]>([])
        let deinits = Locked(0)
        var object: Watched? = Watched(deinits: deinits)
        let token = observe(options: .deinit) { [weak object] event in
            _ = object?.value
            seen.append(event.kind)
        }
        object?.value = 1
        object?.value = 2
        #expect(seen.current == [.initial])
        object = nil
        #expect(seen.current == [.initial, .deinit])
        withExtendedLifetime(token) {}
    }

    @Test func didSetAloneDoesNotRunForADeallocation() {
        let seen = Locked<[TrackingEvent.Kind]>([])
        let deinits = Locked(0)
        var object: Watched? = Watched(deinits: deinits)
        let token = observe(options: .didSet) { [weak object] event in
            _ = object?.value
            seen.append(event.kind)
        }
        object?.value = 1
        object = nil
        #expect(deinits.current == 1)
        #expect(seen.current == [.initial, .didSet])
        token.cancel()
        #expect(token.dependencies.isEmpty)
    }

    @Test func willSetAloneRunsAfterTheTransactionAndSaysWillSet() {
        let seen = Locked<[String]>([])
        let book = Book()
        let token = observe(options: .willSet) { event in
            seen.append("\(event.kind) \(book.title)")
        }
        book.title = "A"
        #expect(seen.current == ["initial Sample Book Title", "willSet A"])
        withExtendedLifetime(token) {}
    }

    @Test func aChangeCutOffByADerivedValueRunsNothingAndMatchesNothingLater() {
        let seen = Locked<[String]>([])
        let counter = Counter()
        let book = Book()
        let isLarge = Derived { counter.value > 10 }
        let token = observe { event in
            _ = (isLarge.value, book.title)
            seen.append("\(event.kind) counter:\(event.matches(\Counter.value)) title:\(event.matches(\Book.title))")
        }
        counter.value = 5      // still small: no run
        book.title = "x"
        #expect(seen.current == [
            "initial counter:false title:false",
            "didSet counter:false title:true",
        ])
        withExtendedLifetime(token) {}
    }

    @Test func anEventCancelsItsObserver() {
        let runs = Locked(0)
        let counter = Counter()
        let token = observe { event in
            _ = counter.value
            runs.increment()
            if event.kind == .didSet { event.cancel() }
        }
        counter.value = 1
        counter.value = 2
        #expect(runs.current == 2)
        #expect(token.isCancelled)
        #expect(counter.trackingRegistrar.activeDependencyCount == 0)
    }
}

/// Issue 16, point 7: `lastChange` names the change that caused the last
/// run, not one that ran nothing.
@Suite struct LastChangeTests {
    @Test func aChangeCutOffByADerivedValuesEqualityIsNotTheLastChange() {
        let counter = Counter()
        let book = Book()
        let isLarge = Derived { counter.value > 10 }
        let token = observe { _ = (isLarge.value, book.title) }
        book.title = "x"
        #expect(token.lastChange == "\\Book.title")
        counter.value = 5       // isLarge stays false: nothing ran
        #expect(token.lastChange == "\\Book.title")
        counter.value = 50
        #expect(token.lastChange == "\\Counter.value")
    }

    /// A cause cut off is kept for the next change of the same property,
    /// and given up for another: neither is reported until a run happens.
    @Test func causesCutOffAgainAndReplacedAreNotTheLastChange() {
        let counter = Counter()
        let other = Counter()
        let book = Book()
        let isLarge = Derived { counter.value > 10 || other.value > 10 }
        let token = observe { _ = (isLarge.value, book.title) }
        counter.value = 5
        counter.value = 6
        other.value = 7
        #expect(token.lastChange == nil)
        counter.value = 50
        #expect(token.lastChange == "\\Counter.value")
        other.value = 1         // isLarge stays true
        #expect(token.lastChange == "\\Counter.value")
        book.title = "x"
        #expect(token.lastChange == "\\Book.title")
    }

    @Test func aChangeRevertedInATransactionIsNotTheLastChange() {
        let runs = Locked(0)
        let counter = Counter()
        let book = Book()
        let token = observe {
            _ = (counter.value, book.title)
            runs.increment()
        }
        counter.value = 1
        #expect(token.lastChange == "\\Counter.value")
        withTransaction {
            book.title = "changed"
            book.title = "Sample Book Title"
        }
        #expect(runs.current == 2)
        #expect(token.lastChange == "\\Counter.value")
    }

    @Test func aScopeNamesTheChangeThatInvalidatedIt() {
        let book = Book()
        let scope = TrackingScope {}
        _ = scope.track { (book.title, book.author) }
        book.author = "first"
        #expect(scope.lastChange == "\\Book.author")
        book.title = "after the invalidation"
        _ = scope.track { book.title }
        #expect(scope.lastChange == "\\Book.author")
    }
}

/// A computed property that reads `a` or `b`, as `useB` says.
private final class SwitchingSource: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var useB = false
    @Tracked var a = 0
    @Tracked var b = 0
    var current: Int { useB ? b : a }
}

/// A computed property over its own label and another object's title.
private final class ShelfSource: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    let book = Book()
    @Tracked var label = "A"
    var summary: String { "\(label): \(book.title)" }
}

/// Two properties announced by hand, and computed properties over them.
private final class HandWrittenPair: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    private var storedFirst = 0
    private var storedSecond = 0

    var first: Int {
        get {
            trackingRegistrar.access(self, keyPath: \.first)
            return storedFirst
        }
        set { trackingRegistrar.withMutation(of: self, keyPath: \.first) { storedFirst = newValue } }
    }

    var second: Int {
        get {
            trackingRegistrar.access(self, keyPath: \.second)
            return storedSecond
        }
        set { trackingRegistrar.withMutation(of: self, keyPath: \.second) { storedSecond = newValue } }
    }

    var sum: Int { first + second }
    var secondTwice: Int { second * 2 }
}
