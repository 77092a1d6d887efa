import Publishing

/// An `ObservableObject` that an ancestor put in the environment with
/// `.environmentObject(_:)`, found by its type. The view re-renders on every
/// `objectWillChange` of the object, and when an ancestor provides another
/// instance.
///
/// ```swift
/// struct LibraryView: View {
///     @EnvironmentObject var store: BookStore
///     var body: some View { … }
/// }
/// ```
///
/// If no ancestor provides one, the host does not evaluate the view's body:
/// it shows an `Error("…")` line in its place and adds a
/// ``RenderingError/Kind/missingEnvironmentObject`` error naming the view and
/// the type to ``ViewHost/errors``. Reading ``wrappedValue`` outside a host
/// (where nothing can provide the object) stops the program with that
/// message, as SwiftUI does.
///
/// Isolation: use it on the main actor, like the view.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject> {
    private var object: ObjectType?

    /// Declares the dependency; the host supplies the object.
    public init() {}

    /// The object from the environment.
    public var wrappedValue: ObjectType {
        guard let object else {
            fatalError("No ObservableObject of type \(ObjectType.self) found: add .environmentObject(_:) to an ancestor, and render the view with a ViewHost")
        }
        return object
    }

    /// Bindings to the object's properties: `$store.title`.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
    }
}

extension EnvironmentObject: HostedProperty {
    mutating func install(_ context: inout InstallContext) {
        guard let found = context.environment.object(ObjectType.self, kind: .environmentObject) else {
            object = nil
            let view = context.node.context.types.name(of: context.node.viewType)
            context.problems.append(RenderingError(
                .missingEnvironmentObject,
                "\(view) reads @EnvironmentObject of type \(ObjectType.self), but no ancestor provides one; "
                    + "add .environmentObject(_:) with a \(ObjectType.self) to an ancestor"))
            return
        }
        object = found
        context.node.subscribe(to: found)
    }

    mutating func uninstall() {
        object = nil
    }

    /// Resolved from the environment, which the host compares separately.
    static func isSameInput(_ old: EnvironmentObject<ObjectType>, _ new: EnvironmentObject<ObjectType>) -> Bool {
        true
    }
}
