extension View {
    /// Runs `action` with the old and the new value when a render of the
    /// view containing this modifier produces a different `value` (by `==`).
    ///
    /// ```swift
    /// TextField("Search", text: $query)
    ///     .onChange(of: query) { old, new in search(new) }
    /// ```
    ///
    /// The action runs after the render pass; what it changes is rendered in
    /// a following pass of the same flush.
    ///
    /// - Parameters:
    ///   - value: The value to watch; it is compared each time the view that
    ///     contains the modifier renders.
    ///   - initial: Whether to run the action also when the view appears,
    ///     with the value as both old and new.
    ///   - action: Receives the old and the new value.
    /// - Returns: This view with the action attached.
    public func onChange<Value: Equatable>(
        of value: Value, initial: Bool = false, _ action: @escaping (_ oldValue: Value, _ newValue: Value) -> Void
    ) -> some View {
        ChangeWatcher(content: self, value: value, initial: initial, action: action)
    }

    /// Runs `action` when a render produces a different `value` (by `==`).
    ///
    /// - Parameters:
    ///   - value: The value to watch.
    ///   - initial: Whether to run the action also when the view appears.
    ///   - action: What to do.
    /// - Returns: This view with the action attached.
    public func onChange<Value: Equatable>(
        of value: Value, initial: Bool = false, _ action: @escaping () -> Void
    ) -> some View {
        ChangeWatcher(content: self, value: value, initial: initial) { _, _ in action() }
    }
}

struct ChangeWatcher<Content: View, Value: Equatable>: View, PrimitiveView {
    let content: Content
    let value: Value
    let initial: Bool
    let action: (Value, Value) -> Void

    var body: Never { builtInViewHasNoBody(Self.self) }

    func expand(into list: inout ChildList, key: NodeKey) {
        let (node, isNew) = list.element(Self.self, key: key)
        let newValue = value
        let action = action
        if let last = node.modifierState as? LastValue<Value> {
            let oldValue = last.value
            if oldValue != newValue {
                last.value = newValue
                list.context.enqueuePostAction { action(oldValue, newValue) }
            }
        } else {
            node.modifierState = LastValue(newValue)
            if isNew && initial { list.context.enqueuePostAction { action(newValue, newValue) } }
        }
        list.expandChildren(of: node, environment: list.environment) { $0.add(content, key: .index(0)) }
    }
}

/// The value an `onChange` modifier saw last.
final class LastValue<Value> {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
