import Tracking

/// The examples of the article "Options, events and cleanups".
enum Events {
    @MainActor final class Book: Trackable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var title = "Dune"
        @Tracked var author = "Frank Herbert"
    }

    @MainActor final class Settings: Trackable {
        let trackingRegistrar = TrackingRegistrar()
        @Tracked var server = "eu.example.com"
    }

    /// A connection the observer opens and must close.
    @MainActor final class Connection {
        let server: String

        init(to server: String) {
            self.server = server
            print("open \(server)")
        }

        func close() { print("close \(server)") }
    }

    @MainActor static func beforeAndAfter() {
        let book = Book()
        withTracking(options: [.willSet, .didSet]) {
            _ = book.title
        } onChange: { event in
            print("\(event.kind): \(book.title)")
        }
        book.title = "Dune Messiah"
    }

    @MainActor static func whichProperty() {
        let book = Book()
        let token = observe { event in
            let summary = "\(book.title) by \(book.author)"
            if event.matches(\Book.title) { print("the title changed: \(summary)") }
            if event.matches(\Book.author) { print("the author changed: \(summary)") }
            if event.kind == .initial { print("first run: \(summary)") }
        }
        book.title = "Children of Dune"
        withTransaction {
            book.title = "Dune"
            book.author = "F. Herbert"
        }
        token.cancel()    // done: the observer stops (so would releasing the token)
    }

    @MainActor static func deallocation() {
        var book: Book? = Book()
        withTracking(options: .deinit) { [weak book] in
            _ = book?.title
        } onChange: { event in
            print("\(event.kind), matches the title: \(event.matches(\Book.title))")
        }
        book?.title = "Dune Messiah"    // a change: .deinit alone does not fire
        print("changed")
        book = nil
    }

    @MainActor static func cleanups() {
        let settings = Settings()
        let token = observe {
            let connection = Connection(to: settings.server)   // read: a dependency
            onCleanup { connection.close() }                   // before the next run
            onCleanup { print("flush \(connection.server)") }  // cleanups run newest first
        }
        settings.server = "us.example.com"
        token.cancel()                                        // cleans up the last run
    }
}
