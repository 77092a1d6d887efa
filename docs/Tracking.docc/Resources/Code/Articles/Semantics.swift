import Synchronization
import Tracking

/// The examples of the article "Semantics reference".
enum Semantics {
    @MainActor final class Book: Trackable {
        let trackingRegistrar = TrackingRegistrar()

        @Tracked var title = "Dune"
        @Tracked var tags: [String] = []
    }

    @MainActor final class Counter: Trackable {
        let trackingRegistrar = TrackingRegistrar()

        @Tracked var value = 0
        @Tracked(notifiesEqualValues: true) var ticks = 0
    }

    @MainActor static func oneShotAndContinuous() {
        let counter = Counter()
        withTracking { _ = counter.value } onChange: { print("withTracking fired") }
        let token = observe { print("observe ran, value \(counter.value)") }
        counter.value = 1
        counter.value = 2
        token.cancel()    // done: the observer stops (so would releasing the token)
    }

    @MainActor static func beforeAndAfterTheStore() {
        let book = Book()
        withTracking { _ = book.title } onChange: {
            print("willSet scope reads: \(book.title)")
        }
        withTracking(options: .didSet) { _ = book.title } onChange: {
            print("didSet scope reads: \(book.title)")
        }
        let token = observe { print("observer reads: \(book.title)") }
        book.title = "Dune Messiah"
        token.cancel()    // done: the observer stops (so would releasing the token)
    }

    @MainActor static func equality() {
        let counter = Counter()
        let token = observe { print("value \(counter.value), ticks \(counter.ticks)") }
        counter.value = 0        // equal: nobody is told
        counter.ticks = 0        // notifiesEqualValues: told anyway
        withTransaction {
            counter.value = 5
            counter.value = 0    // back to where it was: nobody is told
        }
        let book = Book()
        let tags = observe { print("tags: \(book.tags)") }
        book.tags.append("classic")   // in place: told once, no copy
        token.cancel()
        tags.cancel()                 // done: both observers stop
    }

    @MainActor final class Watched: Trackable {
        let trackingRegistrar = TrackingRegistrar()

        @Tracked var value = 1
    }

    @MainActor static func deallocation() {
        var watched: Watched? = Watched()
        let token = observe { [weak watched] in
            print("observer reads: \(watched.map { "\($0.value)" } ?? "nothing, it is gone")")
        }
        withTracking { [weak watched] in _ = watched?.value } onChange: {
            print("withTracking fired")
        }
        watched = nil
        print("last change: \(token.lastChange ?? "none")")
        print("dependencies left: \(token.dependencies)")
    }

    /// A cycle among derived values, whose state is `Sendable` (kept in a
    /// `Mutex`), and an observer loop on the main actor.
    enum Cycles {
        /// Holds a derived value made after the one that reads it.
        final class Holder: Sendable {
            private let stored = Mutex<ThrowingDerived<Int>?>(nil)

            var derived: ThrowingDerived<Int>? {
                get { stored.withLock { $0 } }
                set { stored.withLock { $0 = newValue } }
            }
        }

        @MainActor static func run() {
            let toggle = Threads.SharedCounter()
            let holder = Holder()
            let a = ThrowingDerived<Int>("a") { toggle.value == 0 ? 0 : try holder.derived!.value + 1 }
            let b = ThrowingDerived<Int>("b") { try a.value + 1 }
            holder.derived = b
            print("b = \((try? b.value).map(String.init) ?? "error")")
            toggle.value = 1
            do {
                _ = try b.value
            } catch {
                print("error: \(error)")
            }

            let counter = Counter()
            let report: @Sendable (TrackingDiagnostic) -> Void = { diagnostic in
                print("diagnostic: \(diagnostic.kind), still changing: \(diagnostic.properties.joined(separator: ", "))")
            }
            TrackingDiagnostics.withHandler(report) {
                let token = observe { counter.value += 1 }
                print("value after the loop was stopped: \(counter.value)")
                token.cancel()
            }
        }
    }
}
