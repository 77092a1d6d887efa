/// The book library of the second seed article: the data-flow tools side by
/// side on `Trackable` models.
///
/// - `@State` owns the ``Library`` in ``LibraryView`` and the id of the book
///   being edited in ``BookListView``;
/// - `@Binding` passes that id to ``EditButton`` and ``BookEditForm``;
/// - `@Bindable` makes bindings to a ``Book``'s properties, as a property
///   (``BookEditForm``) and as a local inside the list's row closure;
/// - `@Environment` reads the library by type (``BookListView``,
///   ``LibraryHeader``) and a keyed value, `EnvironmentValues.libraryTheme`.
///
/// Next to them, ``BookStore`` shows the older way: an `ObservableObject`
/// owned with `@StateObject` and read below with `@EnvironmentObject`.
public enum BookLibrary {}
