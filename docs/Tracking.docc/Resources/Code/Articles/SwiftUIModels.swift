import Observation
import Tracking

/// The examples of the article "Using Tracking models in SwiftUI". SwiftUI
/// itself is not on Linux: the examples call what SwiftUI calls around a
/// view's body, Apple's `withObservationTracking`.
@MainActor enum SwiftUIModels {
    /// A Tracking model that Apple's Observation, and so SwiftUI, sees.
    @MainActor final class Book: Trackable, Observable {
        let trackingRegistrar = TrackingRegistrar()

        @Tracked var title = "Sample Book Title"
        @Tracked var author = "Unknown"

        /// Computed from tracked properties: both sides see the reads.
        var label: String { "\(title) by \(author)" }
    }

    /// The same model without the conformance: Tracking only.
    @MainActor final class TrackedOnlyBook: Trackable {
        let trackingRegistrar = TrackingRegistrar()

        @Tracked var title = "Sample Book Title"
    }

    static func bothSides() {
        let book = Book()
        // What SwiftUI does around a body: Apple's one-shot tracking.
        withObservationTracking {
            print("body reads \(book.title)")
        } onChange: {
            print("Apple's onChange, before the store")
        }
        // Tracking's own observer of the same model.
        let token = observe { print("observe: \(book.label)") }

        book.author = "Ann Leckie"          // the body did not read it
        book.title = "Ancillary Justice"    // Apple's first, before the store
        withExtendedLifetime(token) {}
    }

    static func transactions() {
        let book = Book()
        withObservationTracking {
            _ = book.label
        } onChange: {
            print("Apple's onChange")
        }
        let token = observe { print("observe: \(book.label)") }
        withTransaction {
            book.title = "Provenance"
            print("title written")
            book.author = "Ann Leckie"
            print("author written")
        }
        withExtendedLifetime(token) {}
    }

    static func withoutTheConformance() {
        let book = TrackedOnlyBook()
        withObservationTracking {
            print("body reads \(book.title)")
        } onChange: {
            print("Apple's onChange")       // never: Apple cannot see this class
        }
        book.title = "Ancillary Justice"
        print("title is \(book.title)")
    }

    static func derivedValues() {
        let book = Book()
        let label = IsolatedDerived { "\(book.title) by \(book.author)" }
        print(label.value)                  // computed and cached
        withObservationTracking {
            print("body reads \(label.value)")  // cached: no property is read
        } onChange: {
            print("Apple's onChange")       // never
        }
        book.title = "Provenance"
        print(label.value)
    }
}
