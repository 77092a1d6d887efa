import Foundation
import Testing
@testable import Tracking

@Suite struct ObserveTests {
    @Test func runsAtOnceThenAfterEachChangeSeeingTheNewValue() {
        let seen = Locked<[String]>([])
        let book = Book()
        let token = observe { seen.append(book.title) }
        #expect(seen.current == ["Sample Book Title"])
        book.title = "A"
        book.title = "B"
        #expect(seen.current == ["Sample Book Title", "A", "B"])
        withExtendedLifetime(token) {}
    }

    @Test func aChangeToAnotherPropertyRunsNothing() {
        let runs = Locked(0)
        let book = Book()
        let token = observe {
            _ = book.title
            runs.increment()
        }
        book.author = "Someone"
        book.plain = 3
        #expect(runs.current == 1)
        withExtendedLifetime(token) {}
    }

    @Test func dependenciesFollowTheBranchTaken() {
        let runs = Locked(0)
        let flag = Counter()
        let book = Book()
        let token = observe {
            runs.increment()
            if flag.value == 0 { _ = book.title } else { _ = book.author }
        }
        #expect(token.dependencies == ["\\Counter.value", "\\Book.title"])
        book.author = "x"
        #expect(runs.current == 1)
        flag.value = 1
        #expect(runs.current == 2)
        #expect(token.dependencies == ["\\Counter.value", "\\Book.author"])
        book.title = "no longer read"
        #expect(runs.current == 2)
        book.author = "y"
        #expect(runs.current == 3)
        #expect(book.trackingRegistrar.activeDependencyCount == 1)
    }

    @Test func cancelStopsItAndFreesItsRegistrationsAtOnce() {
        let runs = Locked(0)
        let book = Book()
        let token = observe {
            _ = book.title
            _ = book.author
            runs.increment()
        }
        #expect(book.trackingRegistrar.activeDependencyCount == 2)
        token.cancel()
        #expect(token.isCancelled)
        #expect(book.trackingRegistrar.activeDependencyCount == 0)
        book.title = "A"
        #expect(runs.current == 1)
        token.cancel()  // twice is harmless
        #expect(runs.current == 1)
    }

    @Test func releasingTheTokenCancels() {
        let runs = Locked(0)
        let book = Book()
        do {
            let token = observe {
                _ = book.title
                runs.increment()
            }
            withExtendedLifetime(token) {}
        }
        #expect(book.trackingRegistrar.activeDependencyCount == 0)
        book.title = "A"
        #expect(runs.current == 1)
    }

    @Test func storeInKeepsTheTokenAlive() {
        let runs = Locked(0)
        let book = Book()
        var set: Set<TrackingToken> = []
        var array: [TrackingToken] = []
        observe { _ = book.title; runs.increment() }.store(in: &set)
        observe { _ = book.title; runs.increment() }.store(in: &array)
        book.title = "A"
        #expect(runs.current == 4)
        set.removeAll()
        array.removeAll()
        book.title = "B"
        #expect(runs.current == 4)
    }

    @Test func aChildDoesNotLeakItsReadsIntoTheParent() {
        let parentRuns = Locked(0)
        let childRuns = Locked(0)
        let book = Book()
        let child = Locked<TrackingToken?>(nil)
        let parent = observe {
            _ = book.title
            parentRuns.increment()
            child.mutate {
                $0 = observe {
                    _ = book.author
                    childRuns.increment()
                }
            }
        }
        #expect(parent.dependencies == ["\\Book.title"])
        book.author = "x"
        #expect(childRuns.current == 2)
        #expect(parentRuns.current == 1)  // a child that re-runs does not re-run its parent
        withExtendedLifetime(parent) {}
    }

    @Test func aParentThatRunsAgainCancelsTheChildrenOfItsLastRun() {
        let childRuns = Locked(0)
        let book = Book()
        let children = Locked<[TrackingToken]>([])
        let parent = observe {
            _ = book.title
            let child = observe {
                _ = book.author
                childRuns.increment()
            }
            children.append(child)
        }
        book.title = "again"      // the first child is cancelled, a second one starts
        #expect(childRuns.current == 2)
        #expect(children.current[0].isCancelled)
        #expect(!children.current[1].isCancelled)
        book.author = "x"         // only the live child runs
        #expect(childRuns.current == 3)
        parent.cancel()
        #expect(children.current[1].isCancelled)
        book.author = "y"
        #expect(childRuns.current == 3)
    }

    @Test func diagnosticsNameTheDependenciesAndTheLastChange() {
        let book = Book()
        let counter = Counter()
        let token = observe {
            _ = book.title
            _ = counter.value
            _ = book.title
        }
        #expect(token.dependencies == ["\\Book.title", "\\Counter.value"])
        #expect(token.lastChange == nil)
        counter.value = 3
        #expect(token.lastChange == "\\Counter.value")
        book.title = "x"
        #expect(token.lastChange == "\\Book.title")
    }

    @Test func inheritedPropertiesAreNamedByTheirDeclaringClass() {
        let person = MiddleNamePerson()
        let token = observe {
            _ = person.age
            _ = person.firstName
            _ = person.middleName
        }
        #expect(token.dependencies == ["\\Entity.age", "\\Person.firstName", "\\MiddleNamePerson.middleName"])
    }

    @Test func anObserverMayMutateWhatOthersRead() {
        let counter = Counter()
        let mirror = Counter()
        let seen = Locked<[Int]>([])
        let copier = observe { mirror.value = counter.value * 10 }
        let reader = observe { seen.append(mirror.value) }
        counter.value = 2
        #expect(seen.current == [0, 20])
        withExtendedLifetime((copier, reader)) {}
    }

    @Test func writesInsideAnObserverConverge() {
        let counter = Counter()
        let runs = Locked(0)
        let token = observe {
            runs.increment()
            if counter.value < 5 { counter.value += 1 }
        }
        #expect(counter.value == 5)
        #expect(runs.current == 6)
        withExtendedLifetime(token) {}
    }

    @Test func anObserverThatCancelsItselfRunsNoMore() {
        let counter = Counter()
        let runs = Locked(0)
        let slot = Locked<TrackingToken?>(nil)
        slot.mutate {
            $0 = observe {
                _ = counter.value
                runs.increment()
                if runs.current == 2 { slot.current?.cancel() }
            }
        }
        counter.value = 1
        counter.value = 2
        #expect(runs.current == 2)
        #expect(counter.trackingRegistrar.activeDependencyCount == 0)
    }

    @Test func aScopeIsInvalidatedOnceUntilTrackedAgain() {
        let invalidations = Locked(0)
        let book = Book()
        let scope = TrackingScope { invalidations.increment() }
        let title = scope.track { book.title }
        #expect(title == "Sample Book Title")
        book.title = "A"
        book.title = "B"
        #expect(invalidations.current == 1)
        #expect(scope.lastChange == "\\Book.title")
        _ = scope.track { book.author }
        book.title = "C"
        #expect(invalidations.current == 1)
        book.author = "D"
        #expect(invalidations.current == 2)
        scope.cancel()
        #expect(book.trackingRegistrar.activeDependencyCount == 0)
    }
}
