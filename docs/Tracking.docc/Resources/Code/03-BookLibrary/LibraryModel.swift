import Tracking

/// A book on the shelf.
final class Book: Trackable, Identifiable {
    let trackingRegistrar = TrackingRegistrar()

    let id: Int
    @Tracked var title: String
    @Tracked var author: String
    @Tracked var isCheckedOut = false

    init(id: Int, title: String, author: String) {
        self.id = id
        self.title = title
        self.author = author
    }
}

/// The books of a library.
final class Library: Trackable {
    let trackingRegistrar = TrackingRegistrar()

    @Tracked var books: [Book]

    init(books: [Book]) {
        self.books = books
    }

    /// Three books, the last one checked out.
    static func sample() -> Library {
        let library = Library(books: [
            Book(id: 1, title: "Beloved", author: "Toni Morrison"),
            Book(id: 2, title: "Middlemarch", author: "George Eliot"),
            Book(id: 3, title: "Solaris", author: "Stanisław Lem"),
        ])
        library.books[2].isCheckedOut = true
        return library
    }

    var checkedOutCount: Int {
        books.count { $0.isCheckedOut }
    }
}
