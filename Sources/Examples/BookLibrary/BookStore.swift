import Publishing
import Rendering

extension BookLibrary {
    /// The library the pre-Observation way: an `ObservableObject` whose
    /// titles are `@Published`.
    ///
    /// Thread-safety: not `Sendable`; use it on one thread at a time.
    public final class BookStore: ObservableObject {
        /// The titles on the shelf.
        @Published public var titles: [String]

        /// Creates a store.
        ///
        /// - Parameter titles: The titles on the shelf.
        public init(titles: [String] = ["Dune", "Emma"]) {
            self.titles = titles
        }
    }

    /// Owns a ``BookStore`` with `@StateObject` and hands it to its
    /// descendants with `.environmentObject(_:)`.
    public struct BookStoreView: View {
        @StateObject private var store: BookStore

        /// Shows `store`, owned by the view from its first render.
        ///
        /// - Parameter store: The store.
        public init(store: BookStore = BookStore()) {
            _store = StateObject(wrappedValue: store)
        }

        /// The shelf and a button adding a book.
        public var body: some View {
            VStack {
                StoreShelfView()
                Button("Add Middlemarch") { store.titles.append("Middlemarch") }
            }
            .environmentObject(store)
        }
    }

    /// Lists the titles of the ``BookStore`` an ancestor put in the
    /// environment. Rendered without one, it shows an error line instead.
    public struct StoreShelfView: View {
        @EnvironmentObject var store: BookStore

        /// A shelf reading the store from the environment.
        public init() {}

        /// One text per title.
        public var body: some View {
            List {
                ForEach(store.titles, id: \.self) { title in
                    Text(title)
                }
            }
        }
    }
}
