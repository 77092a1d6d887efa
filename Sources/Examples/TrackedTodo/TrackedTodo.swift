/// The Todo app of the first seed article, on fine-grained tracking:
/// ``TodoItem`` and ``TodoManager`` are `Trackable`, their properties
/// `@Tracked`, and the views read them directly.
///
/// Toggling one row re-renders exactly two bodies: that row (it read the
/// item's `isDone`) and ``TodoCountsView`` (it read the manager's
/// `completedCount`), however many rows the list has. Compare
/// ``PublishedTodo``, the same app on `ObservableObject`, where every row
/// re-renders.
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
public enum TrackedTodo {}
