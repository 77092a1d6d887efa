import Foundation
import Tracking

extension TrackedTodo {
    /// One task. A `Trackable` class, so that a row reading `isDone`
    /// depends on this item's `isDone` only.
    ///
    /// Thread-safety: not `Sendable`; use it on one thread at a time, like
    /// the views that show it.
    public final class TodoItem: Trackable, Identifiable {
        /// The item's registrar.
        public let trackingRegistrar = TrackingRegistrar()

        /// A number unique within its manager, in order of creation.
        public let id: Int

        /// What to do.
        @Tracked public var title: String

        /// Whether it is done. Changing it keeps the manager's
        /// ``TodoManager/completedCount`` up to date, whoever changes it (the
        /// manager, or a toggle bound to it).
        @Tracked public var isDone: Bool {
            didSet {
                if isDone != oldValue { manager?.completionDidChange(isDone: isDone) }
            }
        }

        /// When the item was created.
        public let createdAt: Date

        /// The manager that counts this item, if it belongs to one.
        ///
        /// `unowned`, not `weak`: a weak reference gives the manager a side
        /// table, and then every retain and release of the manager, one per
        /// row each time the list renders, takes the runtime's slow path. The
        /// manager clears it when it removes the item or is deinitialized, so
        /// it never refers to a manager that is gone.
        unowned var manager: TodoManager?

        /// Creates an item that belongs to no manager.
        ///
        /// - Parameters:
        ///   - id: Its identity.
        ///   - title: What to do.
        ///   - isDone: Whether it is done already.
        ///   - createdAt: When it was created.
        public init(id: Int, title: String, isDone: Bool = false, createdAt: Date = Date()) {
            self.id = id
            self.title = title
            self.isDone = isDone
            self.createdAt = createdAt
        }
    }
}
