import Tracking

extension BookLibrary {
    /// A book; each property is tracked on its own.
    ///
    /// Thread-safety: not `Sendable`; use it on one thread at a time.
    public final class Book: Trackable, Identifiable {
        /// The book's registrar.
        public let trackingRegistrar = TrackingRegistrar()

        /// A number unique within its library.
        public let id: Int

        /// The title.
        @Tracked public var title: String

        /// The author.
        @Tracked public var author: String

        /// Whether the book can be borrowed.
        @Tracked public var isAvailable: Bool

        /// Creates a book.
        ///
        /// - Parameters:
        ///   - id: Its identity.
        ///   - title: The title.
        ///   - author: The author.
        ///   - isAvailable: Whether it can be borrowed.
        public init(id: Int, title: String, author: String, isAvailable: Bool = true) {
            self.id = id
            self.title = title
            self.author = author
            self.isAvailable = isAvailable
        }
    }

    /// The books of a library.
    ///
    /// Thread-safety: not `Sendable`; use it on one thread at a time.
    public final class Library: Trackable {
        /// The library's registrar.
        public let trackingRegistrar = TrackingRegistrar()

        /// The books, in shelf order.
        @Tracked public var books: [Book]

        /// Creates a library.
        ///
        /// - Parameter books: The books, in shelf order.
        public init(books: [Book]) {
            self.books = books
        }

        /// Three books: "Dune" by Frank Herbert, "Emma" by Jane Austen and
        /// "Ulysses" by James Joyce (not available).
        public static func sample() -> Library {
            Library(books: [
                Book(id: 1, title: "Dune", author: "Frank Herbert"),
                Book(id: 2, title: "Emma", author: "Jane Austen"),
                Book(id: 3, title: "Ulysses", author: "James Joyce", isAvailable: false),
            ])
        }

        /// How many books can be borrowed; reads every book's availability.
        public var availableCount: Int { books.count(where: \.isAvailable) }

        /// The book with `id`, if the library has it.
        ///
        /// - Parameter id: The book's id.
        /// - Returns: The book, or nil.
        public func book(withID id: Int) -> Book? {
            books.first { $0.id == id }
        }
    }
}
