/// The first seed article's Todo app with struct items, as the article
/// writes it, on a `TrackedList`: ``TodoManager`` keeps its
/// ``StructTodoItem`` values in one collection tracked element by element,
/// and keeps `completedCount` and `pendingTodos` up to date per edit.
///
/// Toggling one row re-renders two bodies, that row and the counts, at any
/// number of rows; adding or deleting a task re-renders the counts and, for
/// an addition, the new row: the list learns from the collection which rows
/// came and went. Compare ``PublishedStructTodo`` (the article's
/// `@Published` array: every row re-renders) and ``ObservationStructTodo``
/// (an `@Observable` array: the list and the changed row re-render, and the
/// list compares every row).
///
/// The screen, as `ViewHost.snapshot` draws it:
///
/// ```
/// VStack
///   HStack
///     TextField("What needs doing?", text: "")
///     Button("Add") [disabled]
///   HStack
///     Text("Total: 2")
///     Text("Done: 1")
///     Text("Pending: 1")
///   List
///     HStack
///       Toggle("Buy milk", isOn: true)
///       Button("Delete")
///     HStack
///       Toggle("Walk the dog", isOn: false)
///       Button("Delete")
/// ```
public enum CollectionTodo {
    /// A task: the seed's struct.
    public typealias TodoItem = StructTodoItem
}
