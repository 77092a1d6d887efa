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
