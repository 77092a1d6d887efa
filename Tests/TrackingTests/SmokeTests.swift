import Testing
import Synchronization
@testable import Tracking

final class Book: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var title = "Sample Book Title"
    @Tracked var author = ""
    var plain = 0
}

final class Counter: @unchecked Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

@Test func smokeWithTracking() {
    let book = Book()
    let fired = Counter()
    let title = withTracking { book.title } onChange: { fired.increment() }
    #expect(title == "Sample Book Title")
    book.author = "x"
    #expect(fired.count == 0)
    book.title = "New"
    #expect(fired.count == 1)
    book.title = "Newer"
    #expect(fired.count == 1)
}

@Test func smokeObserve() {
    let book = Book()
    let seen = Mutex<[String]>([])
    let token = observe { let t = book.title; seen.withLock { $0.append(t) } }
    book.title = "A"
    book.author = "B"
    book.title = "A"
    withTransaction { book.title = "C"; book.title = "D" }
    #expect(seen.withLock { $0 } == ["Sample Book Title", "A", "D"])
    #expect(token.dependencies == ["\\Book.title"])
    #expect(token.lastChange == "\\Book.title")
    token.cancel()
    book.title = "E"
    #expect(seen.withLock { $0 }.count == 3)
}
