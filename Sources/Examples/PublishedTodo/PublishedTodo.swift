/// The Todo app of the first seed article as it was written, on whole-object
/// invalidation: ``TodoManager`` is an `ObservableObject` with `@Published`
/// properties, ``TodoItem`` a struct, and every view that holds the manager
/// (as `@StateObject` or `@ObservedObject`) re-renders on each of its
/// changes.
///
/// Toggling one row re-renders the list view and every row: N + 1 bodies for
/// N tasks. Compare ``TrackedTodo``, the same screen on fine-grained
/// tracking, where it re-renders two. Both draw the same snapshot.
public enum PublishedTodo {}
