import Publishing

extension View {
    /// Sets an environment value for this view and its descendants.
    ///
    /// ```swift
    /// BookListView().environment(\.libraryTheme, "dark")
    /// ```
    ///
    /// Descendants that read the value with ``Environment`` re-render when a
    /// render of this view sets a different one (see ``EnvironmentValues``).
    ///
    /// - Parameters:
    ///   - keyPath: The value's property on ``EnvironmentValues``.
    ///   - value: The value.
    /// - Returns: This view with the value set for its subtree.
    public func environment<Value>(
        _ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value
    ) -> some View {
        EnvironmentWriter(content: self) { _ in
            var scratch = EnvironmentValues()
            scratch[keyPath: keyPath] = value
            return scratch.entries
        }
    }

    /// Puts an object (typically a `Trackable` model) in the
    /// environment of this view's descendants, where
    /// `@Environment(Type.self)` finds it by its type.
    ///
    /// ```swift
    /// BookListView().environment(library)
    /// // below: @Environment(Library.self) private var library
    /// ```
    ///
    /// Views that read the object re-render only when the properties they read
    /// change (or when a render sets another instance).
    ///
    /// - Parameter object: The object, found by its static type `Object`;
    ///   `nil` removes an inherited one.
    /// - Returns: This view with the object in its subtree's environment.
    public func environment<Object: AnyObject>(_ object: Object?) -> some View {
        EnvironmentWriter(content: self) { _ in
            // The object itself, so that it compares by identity; an explicit
            // nil hides an inherited object.
            let value: Any = object.map { $0 } ?? Optional<Object>.none as Any
            return [(EnvironmentEntryID(type: ObjectIdentifier(Object.self), kind: .object), value)]
        }
    }

    /// Puts an `ObservableObject` in the environment of this view's
    /// descendants, where ``EnvironmentObject`` finds it by its type.
    ///
    /// Views holding it as `@EnvironmentObject` re-render on every
    /// `objectWillChange` of the object.
    ///
    /// - Parameter object: The object, found by its static type `Object`.
    /// - Returns: This view with the object in its subtree's environment.
    public func environmentObject<Object: ObservableObject>(_ object: Object) -> some View {
        EnvironmentWriter(content: self) { _ in
            [(EnvironmentEntryID(type: ObjectIdentifier(Object.self), kind: .environmentObject), object)]
        }
    }

    /// Disables the controls of this view and its descendants when
    /// `disabled` is true: the snapshot marks them ` [disabled]` and
    /// interactions on them throw. A disabled ancestor wins over an enabled
    /// descendant.
    ///
    /// - Parameter disabled: Whether to disable the controls.
    /// - Returns: This view, with ``EnvironmentValues/isEnabled`` set for its
    ///   subtree.
    public func disabled(_ disabled: Bool) -> some View {
        EnvironmentWriter(content: self) { inherited in
            [(EnvironmentEntryID.key(IsEnabledKey.self), inherited.isEnabled && !disabled)]
        }
    }

    /// Runs `action` when a text field in this view's subtree is submitted
    /// (``ViewHost/submit(_:at:)``).
    ///
    /// - Parameter action: What submitting does; the latest render's action
    ///   runs.
    /// - Returns: This view with the submit action set for its subtree.
    public func onSubmit(_ action: @escaping () -> Void) -> some View {
        SubmitModifier(content: self, action: action)
    }
}

/// What submitting a text field runs: one object per `.onSubmit` modifier,
/// whose action each render replaces. Its identity is stable, so replacing
/// the action re-renders nothing.
final class SubmitHandler {
    var action: () -> Void = {}
}

struct SubmitModifier<Content: View>: View, PrimitiveView {
    let content: Content
    let action: () -> Void

    var body: Never { builtInViewHasNoBody(Self.self) }

    func expand(into list: inout ChildList, key: NodeKey) {
        let (node, _) = list.element(Self.self, key: key)
        let state = node.modifierState as? SubmitState ?? SubmitState()
        node.modifierState = state
        state.handler.action = action
        let environment = state.writer.update(
            [(.key(SubmitKey.self), state.handler)], inheriting: list.environment, owner: ObjectIdentifier(list.owner))
        list.expandChildren(of: node, environment: environment) { $0.add(content, key: .index(0)) }
    }
}

final class SubmitState {
    let handler = SubmitHandler()
    let writer = EnvironmentWriterState()
}
