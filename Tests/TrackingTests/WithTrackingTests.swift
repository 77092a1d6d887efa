import Foundation
import Testing
@testable import Tracking

/// The behaviours Apple's Observation tests check for
/// `withObservationTracking`, expressed with `withTracking`.
@Suite struct WithTrackingTests {
    @Test func unobservedChangesRunNothing() {
        let person = MiddleNamePerson()
        for index in 0..<100 { person.firstName = "\(index)" }
        #expect(person.firstName == "99")
        #expect(person.trackingRegistrar.registeredPropertyCount == 0)
    }

    @Test func firesAfterReadThenChange() {
        let fired = Locked(0)
        let person = MiddleNamePerson()
        let name = withTracking { person.firstName } onChange: { fired.increment() }
        #expect(name == "")
        person.firstName = "c"
        #expect(fired.current == 1)
        #expect(person.trackingRegistrar.activeDependencyCount == 0)
    }

    @Test func firesOnceOnly() {
        let fired = Locked(0)
        let person = MiddleNamePerson()
        withTracking { _ = person.firstName } onChange: { fired.increment() }
        person.firstName = "a"
        person.firstName = "b"
        person.firstName = "c"
        #expect(fired.current == 1)
    }

    @Test func anUnreadPropertyDoesNotFire() {
        let fired = Locked(0)
        let person = MiddleNamePerson()
        withTracking { _ = person.lastName } onChange: { fired.increment() }
        person.firstName = "c"
        person.middleName = "d"
        #expect(fired.current == 0)
        person.lastName = "e"
        #expect(fired.current == 1)
    }

    @Test func aComputedPropertyTracksTheStoredOnesItReads() {
        let fired = Locked(0)
        let person = MiddleNamePerson()
        withTracking { _ = person.fullName } onChange: { fired.increment() }
        person.age = 40
        #expect(fired.current == 0)
        person.middleName = "c"
        #expect(fired.current == 1)
    }

    @Test func trackingThroughAnotherObject() {
        let fired = Locked(0)
        let person = MiddleNamePerson()
        let friend = MiddleNamePerson()
        person.friends.append(friend)
        withTracking { _ = person.friends.first?.fullName } onChange: { fired.increment() }
        person.middleName = "c"
        #expect(fired.current == 0)
        friend.middleName = "c"
        #expect(fired.current == 1)
    }

    @Test func nestedScopesBothFireAndTheOuterDependsOnTheInnerReads() {
        let outer = Locked(0)
        let inner = Locked(0)
        let person = MiddleNamePerson()
        withTracking {
            withTracking { _ = person.firstName } onChange: { inner.increment() }
        } onChange: {
            outer.increment()
        }
        person.firstName = "c"
        #expect(inner.current == 1)
        #expect(outer.current == 1)
        person.firstName = "d"
        #expect(outer.current == 1)
    }

    @Test func recursiveTrackingInBothOrders() {
        let fired = Locked<[String]>([])
        let person = MiddleNamePerson()
        // The outer scope reads first, then the inner one.
        withTracking {
            _ = person.firstName
            withTracking { _ = person.lastName } onChange: { fired.append("inner 1") }
        } onChange: {
            fired.append("outer 1")
        }
        // The inner scope reads first, then the outer one.
        withTracking {
            withTracking { _ = person.lastName } onChange: { fired.append("inner 2") }
            _ = person.firstName
        } onChange: {
            fired.append("outer 2")
        }
        person.lastName = "x"
        #expect(fired.current.sorted() == ["inner 1", "inner 2", "outer 1", "outer 2"])
        fired.mutate { $0.removeAll() }
        person.firstName = "y"
        #expect(fired.current == [])
    }

    @Test func fireseBeforeTheValueIsStored() {
        let seen = Locked<[String]>([])
        let book = Book()
        withTracking { _ = book.title } onChange: { seen.append(book.title) }
        book.title = "New"
        #expect(seen.current == ["Sample Book Title"])
    }

    @Test func theDidSetOptionFiresAfterTheValueIsStored() {
        let seen = Locked<[String]>([])
        let book = Book()
        withTracking(options: .didSet) { _ = book.title } onChange: { seen.append(book.title) }
        book.title = "New"
        book.title = "Newer"
        #expect(seen.current == ["New"])
    }

    @Test func accessAndMutationWrittenByHandReceiveTheKeyPath() {
        let fired = Locked(0)
        let model = HandWritten()
        #expect(model.accessed.current.isEmpty)
        _ = model.field
        #expect(model.accessed.current == [\HandWritten.field])
        #expect(model.mutated.current.isEmpty)
        withTracking { _ = model.field } onChange: { fired.increment() }
        model.field = 123
        #expect(model.mutated.current == [\HandWritten.field])
        #expect(fired.current == 1)
        #expect(model.field == 123)
    }

    @Test func aPlainPropertyNeverFires() {
        let fired = Locked(0)
        let book = Book()
        withTracking { _ = book.plain } onChange: { fired.increment() }
        book.plain = 5
        #expect(fired.current == 0)
        withTracking {
            _ = book.plain
            _ = book.author
        } onChange: {
            fired.increment()
        }
        book.plain = 6
        #expect(fired.current == 0)
        book.author = "x"
        #expect(fired.current == 1)
    }

    @MainActor
    @Test func aMainActorClass() {
        let fired = Locked(0)
        let model = IsolatedModel()
        withTracking { _ = model.text } onChange: { fired.increment() }
        model.text = "c"
        #expect(fired.current == 1)
        model.text = "d"
        #expect(fired.current == 1)
    }

    @Test func aChangeMadeDuringApplyFiresWhenApplyReturns() {
        let fired = Locked(0)
        let counter = Counter()
        withTracking {
            _ = counter.value
            counter.value = 5
        } onChange: {
            fired.increment()
        }
        #expect(fired.current == 1)
        counter.value = 6
        #expect(fired.current == 1)
    }

    @Test func aScopeThatReadsNothingKeepsNothing() {
        let fired = Locked(0)
        let counter = Counter()
        let result = withTracking { 42 } onChange: { fired.increment() }
        #expect(result == 42)
        #expect(counter.trackingRegistrar.activeDependencyCount == 0)
        counter.value = 1
        #expect(fired.current == 0)
    }

    @Test func aThrowingApplyDiscardsTheTrackingAndRethrows() {
        struct Failure: Error {}
        let fired = Locked(0)
        let counter = Counter()
        #expect(throws: Failure.self) {
            try withTracking {
                _ = counter.value
                throw Failure()
            } onChange: {
                fired.increment()
            }
        }
        counter.value = 1
        #expect(fired.current == 0)
        #expect(counter.trackingRegistrar.registeredPropertyCount == 1)
        #expect(counter.trackingRegistrar.activeDependencyCount == 0)
    }

    @Test func onChangeMayMutateAndTrackAgain() {
        let fired = Locked(0)
        let counter = Counter()
        @Sendable func arm() {
            withTracking { _ = counter.value } onChange: {
                fired.increment()
                arm()
            }
        }
        arm()
        counter.value = 1
        counter.value = 2
        counter.value = 3
        #expect(fired.current == 3)
    }
}
