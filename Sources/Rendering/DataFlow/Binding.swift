/// A two-way connection to a value stored elsewhere: read it, write it,
/// without owning it.
///
/// ```swift
/// struct EpisodeView: View {
///     @Binding var isFavorite: Bool
///     var body: some View {
///         Toggle("Favorite", isOn: $isFavorite)
///     }
/// }
///
/// // The owner passes a binding to its state:
/// EpisodeView(isFavorite: $isFavorite)
/// ```
///
/// Bindings come from ``State`` (`$count`), from ``Bindable``,
/// ``ObservedObject`` and ``StateObject`` (`$model.title`), from another
/// binding (`$book.title`, by dynamic member lookup), from
/// `ForEach($items) { $item in … }`, from ``init(get:set:)``, or
/// ``constant(_:)``.
///
/// As an input of a child view, a binding counts as unchanged when it points
/// at the same place and that place is tracked (a state box, a `Trackable` or
/// `@Observable` object): the child then depends on the value by itself. Any
/// other binding (to an `ObservableObject`, or made of closures) counts as
/// changed, so the child re-renders with its parent.
///
/// Isolation: not `Sendable`; use it on the main actor, like the view.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    let location: any BindingLocation<Value>

    init(location: any BindingLocation<Value>) {
        self.location = location
    }

    /// A binding that reads with `get` and writes with `set`.
    ///
    /// - Parameters:
    ///   - get: Returns the current value.
    ///   - set: Stores a new value.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        location = ClosureLocation(get: get, set: set)
    }

    /// A binding to a value that never changes; writes are ignored.
    ///
    /// - Parameter value: The value.
    /// - Returns: The binding.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(location: ConstantLocation(value))
    }

    /// Creates a binding property from a binding: what `@Binding var x`
    /// initialized with `$y` uses.
    ///
    /// - Parameter projectedValue: The binding.
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// The value, read from and written to where the binding points.
    public var wrappedValue: Value {
        get { location.get() }
        nonmutating set { location.set(newValue) }
    }

    /// The binding itself, so that `$value` passes it on.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value: `$book.title`.
    ///
    /// Writes mutate the value in place where it is stored.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(location: ProjectedLocation(location, keyPath))
    }
}

extension Binding: Identifiable where Value: Identifiable {
    /// The id of the bound value, so that bindings to identifiable elements
    /// can be listed by `ForEach`.
    public var id: Value.ID { wrappedValue.id }
}

extension Binding: ViewInput {
    static func isSameInput(_ old: Binding<Value>, _ new: Binding<Value>) -> Bool {
        new.location.isTracked && new.location.isSame(as: old.location)
    }
}
