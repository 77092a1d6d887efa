import Publishing

/// An `ObservableObject` passed to a view from outside: the view re-renders
/// on every `objectWillChange` of the object (whole-object invalidation),
/// whatever its body read.
///
/// ```swift
/// struct TodoRowView: View {
///     let todo: TodoItem
///     @ObservedObject var todoManager: TodoManager
///     var body: some View { … }
/// }
/// ```
///
/// The view does not own the object. If the view creates it itself
/// (`@ObservedObject var model = Model()`), each render of the parent makes a
/// new one and the old one's state is lost: use ``StateObject`` for objects a
/// view creates. As an input, the same instance counts as unchanged.
///
/// Isolation: use it on the main actor, like the view.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
    /// The object.
    public var wrappedValue: ObjectType

    /// Observes `wrappedValue`.
    ///
    /// - Parameter wrappedValue: The object.
    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    /// Observes `initialValue`.
    ///
    /// - Parameter initialValue: The object.
    public init(initialValue: ObjectType) {
        self.wrappedValue = initialValue
    }

    /// Bindings to the object's properties: `$model.title`.
    public var projectedValue: Wrapper {
        Wrapper(object: wrappedValue)
    }

    /// Makes bindings to an observed object's properties.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        /// A binding to `keyPath` of the object: `$todoManager.newTodoTitle`.
        public subscript<Subject>(
            dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
        ) -> Binding<Subject> {
            Binding(location: ObjectLocation(object, keyPath))
        }
    }
}

extension ObservedObject: HostedProperty, ComparedByReference {
    mutating func install(_ context: inout InstallContext) {
        context.node.subscribe(to: wrappedValue)
    }

    mutating func uninstall() {}

    /// The same instance is the same input.
    static func isSameInput(_ old: ObservedObject<ObjectType>, _ new: ObservedObject<ObjectType>) -> Bool {
        old.wrappedValue === new.wrappedValue
    }
}
