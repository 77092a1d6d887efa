import Foundation

/// One task of the first seed article's Todo app, as the article writes it:
/// a value, kept by the manager in one collection. Shared by the three
/// versions of the app on struct items: ``CollectionTodo`` (a
/// `TrackedList`), ``PublishedStructTodo`` (`@Published` array) and
/// ``ObservationStructTodo`` (`@Observable` array).
public struct StructTodoItem: Identifiable, Equatable, Sendable {
    /// The identifier views need to tell the tasks apart.
    public let id: UUID
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var isCompleted: Bool
    /// When it was created.
    public var createdAt: Date

    /// Creates a task.
    ///
    /// - Parameters:
    ///   - id: Its identity; a new one by default.
    ///   - title: What to do.
    ///   - isCompleted: Whether it is done already.
    ///   - createdAt: When it was created; now by default.
    public init(id: UUID = UUID(), title: String, isCompleted: Bool = false, createdAt: Date = Date()) {
        self.id = id
        self.title = title
        self.isCompleted = isCompleted
        self.createdAt = createdAt
    }
}
