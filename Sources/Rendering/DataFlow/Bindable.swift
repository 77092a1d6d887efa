/// Makes bindings to the properties of a tracked object: a
/// `Trackable` model (or one of Apple's `@Observable` classes).
///
/// ```swift
/// struct BookEditView: View {
///     @Bindable var book: Book
///     var body: some View {
///         TextField("Title", text: $book.title)
///     }
/// }
///
/// // Also as a local, inside a body or a ForEach closure:
/// ForEach(library.books) { book in
///     @Bindable var book = book
///     Toggle(book.title, isOn: $book.isAvailable)
/// }
/// ```
///
/// `@Bindable` adds no observation of its own: a view re-renders when a
/// tracked property its body read changes, bound or not. As an input, the
/// same instance counts as unchanged.
///
/// Isolation: use it on the main actor, like the view.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value: AnyObject> {
    /// The object.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`.
    ///
    /// - Parameter wrappedValue: The object.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Wraps `value`: `Bindable(book).title` is a binding.
    ///
    /// - Parameter value: The object.
    public init(_ value: Value) {
        self.wrappedValue = value
    }

    /// The wrapper itself, so that `$book.title` makes a binding.
    public var projectedValue: Bindable<Value> { self }

    /// A binding to `keyPath` of the object: `$book.title`.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding(location: ObjectLocation(wrappedValue, keyPath))
    }
}

extension Bindable: ComparedByReference {
    static func isSameInput(_ old: Bindable<Value>, _ new: Bindable<Value>) -> Bool {
        old.wrappedValue === new.wrappedValue
    }
}
