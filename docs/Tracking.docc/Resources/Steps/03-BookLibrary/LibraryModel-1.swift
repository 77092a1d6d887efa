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
