import Tracking

/// The example of README.md, in a function. ReadmeTests also compiles it as
/// it stands in the README: as the main file of a program.
enum Readme {
    @MainActor static func example() {
        @MainActor final class Book: Trackable {     // main-actor state, as a view model is
            let trackingRegistrar = TrackingRegistrar()
            @Tracked var title = "Sample Book Title"
            @Tracked var author = ""
        }

        let book = Book()
        let token = observe { print(book.title) }      // prints now, then after each change of the title
        book.author = "Someone"                        // not read by the observer: nothing runs
        withTransaction { book.title = "A"; book.title = "B" }   // runs the observer once: prints "B"
        token.cancel()                                 // stops the observer: keep the token while you need it
    }
}
