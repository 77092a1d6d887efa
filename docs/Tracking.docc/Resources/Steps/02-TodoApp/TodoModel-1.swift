import Tracking

/// One task. Each of its properties is tracked on its own.
final class TodoItem: Trackable, Identifiable {
    let trackingRegistrar = TrackingRegistrar()

    let id: Int
    @Tracked var title: String
    @Tracked var isDone = false

    init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}
