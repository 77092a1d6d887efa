/// A value from the view's environment: a keyed value
/// (`@Environment(\.isEnabled)`, or your own ``EnvironmentKey``), or an
/// object an ancestor set with `.environment(_:)`
/// (`@Environment(Library.self)`).
///
/// ```swift
/// struct BookListView: View {
///     @Environment(Library.self) private var library
///     @Environment(\.libraryTheme) private var theme
///     var body: some View { … }
/// }
/// ```
///
/// Reads are tracked: the view re-renders when an ancestor sets a different
/// value for a key it read, or (for an object) when a property of the
/// object it read changes. A keyed value read only in an action is read at
/// the time of the action.
///
/// If no ancestor provides an object requested by type, the host does not
/// evaluate the view's body: it shows an `Error("…")` line and adds a
/// ``RenderingError/Kind/missingEnvironmentValue`` error naming the view and
/// the type. Reading such an object outside a host stops the program with
/// that message. A keyed value always has a value (its default).
///
/// Isolation: use it on the main actor, like the view.
@propertyWrapper
public struct Environment<Value> {
    private enum Source {
        case keyPath(KeyPath<EnvironmentValues, Value>)
        case object
    }

    private let source: Source
    private var values = EnvironmentValues()
    private var object: Value?

    /// Reads the value at `keyPath` of ``EnvironmentValues``.
    ///
    /// - Parameter keyPath: The value's property, such as `\.isEnabled`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        source = .keyPath(keyPath)
    }

    /// Reads the object of type `type` that an ancestor set with
    /// `.environment(_:)`.
    ///
    /// - Parameter type: The object's type, as it was set.
    public init(_ type: Value.Type) where Value: AnyObject {
        source = .object
    }

    /// The value.
    public var wrappedValue: Value {
        switch source {
        case .keyPath(let keyPath):
            return values[keyPath: keyPath]
        case .object:
            guard let object else {
                fatalError("No object of type \(Value.self) found in the environment: add .environment(_:) with a \(Value.self) to an ancestor, and render the view with a ViewHost")
            }
            return object
        }
    }
}

extension Environment: HostedProperty {
    mutating func install(_ context: inout InstallContext) {
        values = context.environment
        guard case .object = source else { return }
        object = context.environment.object(Value.self, kind: .object)
        if object == nil {
            let view = context.node.context.types.name(of: context.node.viewType)
            context.problems.append(RenderingError(
                .missingEnvironmentValue,
                "\(view) reads @Environment(\(Value.self).self), but no ancestor provides one of type \(Value.self); "
                    + "add .environment(_:) with a \(Value.self) to an ancestor"))
        }
    }

    mutating func uninstall() {
        values = EnvironmentValues()
        object = nil
    }

    /// Resolved from the environment, which the host compares separately.
    static func isSameInput(_ old: Environment<Value>, _ new: Environment<Value>) -> Bool { true }
}
