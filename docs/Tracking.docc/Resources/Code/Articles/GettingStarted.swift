import Rendering
import Tracking

/// The examples of the article "Getting started".
enum GettingStarted {
    @MainActor final class Book: Trackable {
        let trackingRegistrar = TrackingRegistrar()

        @Tracked var title = "Sample Book Title"
        @Tracked var author = "Unknown"
        let isbn = "978-0-316-24662-0"   // a plain property: never tracked
    }

    @MainActor static func oneShot() {
        let book = Book()
        let title = withTracking {
            book.title
        } onChange: {
            print("the title will change")
        }
        print("read: \(title)")

        book.author = "Ann Leckie"         // not read: nothing happens
        book.title = "Ancillary Justice"   // prints once
        book.title = "Ancillary Sword"     // already fired: nothing happens
    }

    @MainActor static func continuous() {
        let book = Book()
        let token = observe {
            print("\(book.title) by \(book.author)")
        }
        book.title = "Ancillary Justice"
        withTransaction {
            book.title = "Provenance"
            book.author = "Ann Leckie"
        }
        token.cancel()
        book.title = "Translation State"   // cancelled: nothing happens
    }

    @MainActor static func derived() {
        let book = Book()
        book.author = "Ann Leckie"
        let label = IsolatedDerived { "\(book.title) by \(book.author)" }
        print(label.value)
        book.title = "Ancillary Mercy"
        print(label.value)
    }

    struct BookView: View {
        let book: Book

        var body: some View {
            VStack {
                Text(book.title)
                Text("by \(book.author)")
            }
        }
    }

    @MainActor static func inAView() throws {
        let book = Book()
        let host = ViewHost(BookView(book: book))
        book.author = "Ann Leckie"
        host.flush()
        print(host.snapshot)
        for render in host.renderLog { print(render) }
    }
}
