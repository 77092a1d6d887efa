import Foundation

extension PublishedTodo {
    /// One task: a value, stored in the manager's `@Published` array.
    public struct TodoItem: Identifiable, Equatable, Sendable {
        /// A number unique within its manager, in order of creation.
        public let id: Int

        /// What to do.
        public var title: String

        /// Whether it is done.
        public var isDone: Bool

        /// When the item was created.
        public var createdAt: Date

        /// Creates an item.
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
