/// The Todo app on Apple's Observation framework: ``TodoItem`` and
/// ``TodoManager`` are `@Observable` classes, the third strategy the
/// benchmarks compare with ``TrackedTodo`` and ``PublishedTodo``.
///
/// The host tracks these models through `withObservationTracking` (with
/// `ViewHost.Options.tracksObservation`, on by default): like ``TrackedTodo``,
/// toggling one task re-renders its row and the counts view, and the screen
/// is the same. The views are written as the article's, with `@Bindable`
/// for the bindings and plain properties for the models.
public enum ObservationTodo {}
