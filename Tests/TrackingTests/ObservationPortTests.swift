import Observation
import Testing
import Tracking

// Behaviours ported from the tests of Apple's Observation module
// (swift/test/stdlib/Observation): the semantics of `withTracking` and its
// `onChange` callback — firing once, writes from within the callback,
// nesting, the willSet and didSet options — and the differences from
// `withObservationTracking`, run side by side.

@Suite struct ObservationPortTests {
    // MARK: Firing once

    @Test func aScopeOverSeveralObjectsFiresOnceAtTheFirstChange() {
        let a = NumbersAndFlag(), b = NumbersAndFlag()
        let fired = Locked(0)
        withTracking { _ = a.value; _ = b.other } onChange: { fired.increment() }
        b.other = 1
        a.value = 1
        #expect(fired.current == 1)
    }

    // MARK: Writes from within onChange

    @Test func aWriteFromWithinAWillSetCallbackDoesNotFireAgainAndTheOuterWriteIsStored() {
        let c = NumbersAndFlag()
        let fired = Locked(0)
        let seen = Locked<[Int]>([])
        withTracking { _ = c.value } onChange: {
            fired.increment()
            seen.append(c.value)
            c.value = 100
        }
        c.value = 1
        #expect(fired.current == 1)
        #expect(seen.current == [0])
        #expect(c.value == 1)
    }

    @Test func aWriteFromWithinADidSetCallbackIsKeptAndDoesNotFireAgain() {
        let c = NumbersAndFlag()
        let fired = Locked(0)
        withTracking(options: .didSet) { _ = c.value } onChange: {
            fired.increment()
            c.value = c.value + 100
        }
        c.value = 1
        #expect(fired.current == 1)
        #expect(c.value == 101)
    }

    @Test func aWriteInOnChangeToAnotherPropertyTheScopeReadDoesNotFireAgain() {
        let c = NumbersAndFlag()
        let fired = Locked(0)
        withTracking { _ = c.value; _ = c.other } onChange: {
            fired.increment()
            c.other = 9
        }
        c.value = 1
        #expect(fired.current == 1)
        #expect(c.other == 9)
    }

    /// willSet sees the old value; the didSet call is the nested write's
    /// (after its store, as documented); the outer write's store follows
    /// with no call and overwrites it.
    @Test func willSetAndDidSetTogetherWithAWriteFromTheWillSetCallbackFireOnceEach() {
        let c = NumbersAndFlag()
        let log = Locked<[String]>([])
        withTracking(options: [.willSet, .didSet]) { _ = c.value } onChange: { event in
            log.append("\(event.kind) \(c.value)")
            if event.kind == .willSet { c.value = 100 }
        }
        c.value = 1
        #expect(log.current == ["willSet 0", "didSet 100"])
        #expect(c.value == 1)
    }

    /// A didSet scope that re-arms itself in its callback, while a willSet
    /// callback elsewhere writes the same property during the outer write:
    /// the re-armed scope ends having read the final value.
    @Test func aReArmingDidSetScopeEndsOnTheFinalValueWhenAWillSetCallbackWritesDuringTheWrite() {
        let c = NumbersAndFlag()
        let seen = Locked<[Int]>([])
        withTracking { _ = c.value } onChange: { c.value = 100 }
        @Sendable func arm() {
            withTracking(options: .didSet) { seen.append(c.value) } onChange: { arm() }
        }
        arm()
        c.value = 1
        #expect(c.value == 1)
        #expect(seen.current.first == 0)
        #expect(seen.current.last == 1)
    }

    @Test func anObserverEndsOnTheFinalValueWhenAWillSetCallbackWritesDuringTheWrite() {
        let c = NumbersAndFlag()
        let seen = Locked<[Int]>([])
        withTracking { _ = c.value } onChange: { c.value = 100 }
        let token = observe { seen.append(c.value) }
        c.value = 1
        #expect(c.value == 1)
        #expect(seen.current.first == 0)
        #expect(seen.current.last == 1)
        token.cancel()
    }

    @Test func anObservedDerivedValueEndsCurrentWhenAWillSetCallbackWritesDuringTheWrite() {
        let c = NumbersAndFlag()
        let double = Derived { c.value * 2 }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(double.value) }
        withTracking { _ = c.value } onChange: { c.value = 100 }
        c.value = 1
        #expect(double.value == 2)
        #expect(seen.current.first == 0)
        #expect(seen.current.last == 2)
        token.cancel()
    }

    // MARK: Derived values read in a willSet callback

    /// A willSet callback runs before the store, so a derived value it reads
    /// computes from the old value; after the store that result is stale.
    @Test func aDerivedValueReadInAWillSetCallbackIsNotStaleAfterTheStore() {
        let c = NumbersAndFlag()
        let double = Derived { c.value * 2 }
        #expect(double.value == 0)
        let inCallback = Locked<[Int]>([])
        withTracking { _ = c.value } onChange: { inCallback.append(double.value) }
        c.value = 5
        #expect(inCallback.current == [0])
        #expect(double.value == 10)
    }

    @Test func anObservedDerivedValueReadInAWillSetCallbackIsNotStaleAfterTheStore() {
        let c = NumbersAndFlag()
        let double = Derived { c.value * 2 }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(double.value) }
        withTracking { _ = c.value } onChange: { _ = double.value }
        c.value = 5
        #expect(double.value == 10)
        #expect(seen.current == [0, 10])
        token.cancel()
    }

    @Test func aDerivedValueFirstReadInAWillSetCallbackIsNotStaleAfterTheStore() {
        let c = NumbersAndFlag()
        let double = Derived { c.value * 2 }
        withTracking { _ = c.value } onChange: { _ = double.value }
        c.value = 5
        #expect(double.value == 10)
    }

    @Test func aDerivedValueReadInAWillSetCallbackInsideATransactionIsCurrentAfterTheWrite() {
        let c = NumbersAndFlag()
        let double = Derived { c.value * 2 }
        let seen = Locked<[Int]>([])
        let token = observe { seen.append(double.value) }
        withTracking { _ = c.value } onChange: { _ = double.value }
        withTransaction {
            c.value = 5
            #expect(double.value == 10)
        }
        #expect(double.value == 10)
        #expect(seen.current == [0, 10])
        token.cancel()
    }

    // MARK: Nesting

    /// As an outer `withObservationTracking` depends on the reads of one
    /// nested in it.
    @Test func anObserverDependsOnTheReadsOfAWithTrackingInsideIt() {
        let c = NumbersAndFlag()
        let runs = Locked(0), fired = Locked(0)
        let token = observe {
            runs.increment()
            withTracking { _ = c.value } onChange: { fired.increment() }
        }
        c.value = 1
        #expect(fired.current == 1)
        #expect(runs.current == 2)
        token.cancel()
    }

    /// `untracked` hides reads from the outer scope only.
    @Test func aScopeStartedInsideUntrackedTracksItsOwnReadsAndTheOuterScopeNone() {
        let c = NumbersAndFlag()
        let outer = Locked(0), inner = Locked(0)
        withTracking {
            untracked {
                withTracking { _ = c.value } onChange: { inner.increment() }
            }
        } onChange: { outer.increment() }
        c.value = 1
        #expect(inner.current == 1)
        #expect(outer.current == 0)
    }

    @Test func anOuterScopeKeepsTheReadsOfAThrowingInnerScope() {
        struct Failure: Error {}
        let c = NumbersAndFlag()
        let outer = Locked(0), inner = Locked(0)
        withTracking {
            _ = try? withTracking { _ = c.value; throw Failure() } onChange: { inner.increment() }
        } onChange: { outer.increment() }
        c.value = 1
        #expect(inner.current == 0)
        #expect(outer.current == 1)
    }

    // MARK: Side by side with Apple's Observation

    /// Apple installs its tracking after apply returns, so a change made
    /// during apply is not reported; Tracking fires right after apply.
    @Test func aChangeDuringApplyFiresTrackingButNotObservation() {
        let apple = ObservedBook()
        let appleFired = Locked(0)
        withObservationTracking { _ = apple.pages; apple.pages = 1 } onChange: { appleFired.increment() }
        let mine = NumbersAndFlag()
        let mineFired = Locked(0)
        withTracking { _ = mine.value; mine.value = 1 } onChange: { mineFired.increment() }
        #expect(appleFired.current == 0)
        #expect(mineFired.current == 1)
    }

    /// Apple (Swift 6.3) does not call onChange for a deallocation;
    /// Tracking's default options include `.deinit`.
    @Test func aDeallocationFiresTrackingButNotObservation() {
        var apple: ObservedBook? = ObservedBook()
        let appleFired = Locked(0)
        withObservationTracking { _ = apple!.pages } onChange: { appleFired.increment() }
        apple = nil
        var mine: NumbersAndFlag? = NumbersAndFlag()
        let mineFired = Locked(0)
        withTracking { _ = mine!.value } onChange: { mineFired.increment() }
        mine = nil
        #expect(appleFired.current == 0)
        #expect(mineFired.current == 1)
    }

    /// An equal value assigned to an `Equatable` property: neither tells
    /// anybody (the setter of Apple's macro compares equatable values too).
    @Test func anEqualAssignmentFiresNeitherObservationNorTracking() {
        let apple = ObservedBook()
        let appleFired = Locked(0)
        withObservationTracking { _ = apple.pages } onChange: { appleFired.increment() }
        apple.pages = 0
        let mine = NumbersAndFlag()
        let mineFired = Locked(0)
        withTracking { _ = mine.value } onChange: { mineFired.increment() }
        mine.value = 0
        #expect(appleFired.current == 0)
        #expect(mineFired.current == 0)
        apple.pages = 1
        mine.value = 1
        #expect(appleFired.current == 1)
        #expect(mineFired.current == 1)
    }

    @Test func nestedScopesFireTheSameWayInBoth() {
        let apple = ObservedBook()
        let appleFired = Locked<[String]>([])
        withObservationTracking {
            _ = apple.pages
            withObservationTracking { _ = apple.author } onChange: { appleFired.append("inner") }
        } onChange: { appleFired.append("outer") }
        apple.author = "x"
        let mine = NumbersAndFlag()
        let mineFired = Locked<[String]>([])
        withTracking {
            _ = mine.value
            withTracking { _ = mine.other } onChange: { mineFired.append("inner") }
        } onChange: { mineFired.append("outer") }
        mine.other = 1
        #expect(Set(appleFired.current) == ["inner", "outer"])
        #expect(Set(mineFired.current) == ["inner", "outer"])
    }
}
