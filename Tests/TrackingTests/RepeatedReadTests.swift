import Testing
@testable import Tracking

/// A scope recognizes a property it already read in the same run by the
/// property's read mark, inline in the getter. These cases change the
/// thread's current run between two reads of one property, so that the
/// second read must be recorded by the outer run again.
@Suite struct RepeatedReadTests {
    @Test func aReadAfterAChildScopeReadTheSamePropertyIsTheParentsDependency() {
        let book = Book()
        let parentRuns = Locked(0)
        let childRuns = Locked(0)
        let token = observe {
            parentRuns.increment()
            _ = book.author
            let child = observe {
                childRuns.increment()
                _ = book.title
            }
            child.cancel()
            _ = book.title
        }
        #expect(token.dependencies == ["\\Book.author", "\\Book.title"])
        book.title = "Changed"
        #expect(parentRuns.current == 2)
        #expect(childRuns.current == 2)
        withExtendedLifetime(token) {}
    }

    @Test func aReadAfterAnUntrackedReadOfTheSamePropertyIsADependency() {
        let book = Book()
        let runs = Locked(0)
        let token = observe {
            runs.increment()
            _ = untracked { book.title }
            _ = book.title
        }
        #expect(token.dependencies == ["\\Book.title"])
        book.title = "Changed"
        #expect(runs.current == 2)
        withExtendedLifetime(token) {}
    }

    @Test func aReadInsideUntrackedAfterATrackedReadAddsNothing() {
        let book = Book()
        let counter = Counter()
        let runs = Locked(0)
        let token = observe {
            runs.increment()
            _ = book.title
            untracked {
                _ = book.title
                _ = counter.value
                // A scope started and ended inside `untracked` leaves the
                // thread untracked.
                withTracking { _ = book.author } onChange: {}
                _ = counter.value
            }
            _ = book.title
        }
        #expect(token.dependencies == ["\\Book.title"])
        counter.value = 1
        #expect(runs.current == 1)
        book.title = "Changed"
        #expect(runs.current == 2)
        withExtendedLifetime(token) {}
    }

    @Test func aDerivedValueReadingAPropertyItsReaderReadRecordsItOnBoth() {
        let book = Book()
        let length = Derived { book.title.count }
        let seen = Locked<[Int]>([])
        let token = observe {
            _ = book.title
            seen.append(length.value)
            _ = book.title
        }
        book.title = "abc"
        #expect(seen.current == ["Sample Book Title".count, 3])
        #expect(token.dependencies.contains("\\Book.title"))
        withExtendedLifetime(token) {}
    }
}

/// A property read through `Tracked.readRepeatedly` (as `@State` is), which
/// skips recording when the property's read mark equals the thread's run
/// mark: outside a scope that mark must match no property, and a child scope
/// or an `untracked` block in between must not make a later read look
/// repeated.
final class RepeatedlyReadCounter: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @exclusivity(unchecked) var _count = Tracked(wrappedValue: 0)

    var count: Int {
        get { Tracked.readRepeatedly(withUnsafeMutablePointer(to: &_count) { $0 }, of: self, wrapped: \.count) }
        set { Tracked[_enclosingInstance: self, wrapped: \.count, storage: \._count] = newValue }
    }
}

@Suite struct ReadRepeatedlyTests {
    @Test func aReadOutsideAnyScopeRecordsNothingAndTheNextRunRecordsItsRead() {
        let counter = RepeatedlyReadCounter()
        let runs = Locked(0)
        let first = observe { runs.increment(); _ = counter.count; _ = counter.count }
        // Outside any scope: the value, and no dependency for anyone.
        #expect(counter.count == 0)
        let second = observe { runs.increment(); _ = counter.count }
        #expect(first.dependencies == ["\\RepeatedlyReadCounter.count"])
        #expect(second.dependencies == ["\\RepeatedlyReadCounter.count"])
        counter.count = 1
        #expect(runs.current == 4)
        withExtendedLifetime((first, second)) {}
    }

    @Test func aReadAfterAChildScopeReadItIsStillTheParentsDependency() {
        let counter = RepeatedlyReadCounter()
        let parentRuns = Locked(0)
        let childRuns = Locked(0)
        let token = observe {
            parentRuns.increment()
            let child = observe { childRuns.increment(); _ = counter.count }
            child.cancel()
            _ = counter.count
        }
        #expect(token.dependencies == ["\\RepeatedlyReadCounter.count"])
        counter.count = 1
        #expect(parentRuns.current == 2)
        #expect(childRuns.current == 2)
        withExtendedLifetime(token) {}
    }

    @Test func aReadAfterAnUntrackedReadIsADependency() {
        let counter = RepeatedlyReadCounter()
        let runs = Locked(0)
        let token = observe {
            runs.increment()
            _ = untracked { counter.count }
            _ = counter.count
        }
        #expect(token.dependencies == ["\\RepeatedlyReadCounter.count"])
        counter.count = 1
        #expect(runs.current == 2)
        withExtendedLifetime(token) {}
    }
}
