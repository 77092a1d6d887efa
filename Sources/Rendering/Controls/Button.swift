/// A control that runs an action when tapped (``ViewHost/tap(_:at:)``).
///
/// ```swift
/// Button("Add") { manager.addTodo() }
/// Button(action: { manager.toggle(todo) }) {
///     Image(systemName: todo.isDone ? "checkmark.circle.fill" : "circle")
/// }
/// ```
///
/// Drawn as `Button("label")`, where the label is the title, or the texts
/// and image names of the label view joined by spaces; ` [disabled]` is
/// appended under `.disabled(true)`.
public struct Button<Label: View>: View {
    let action: () -> Void
    let label: Label

    /// A button with a label view.
    ///
    /// - Parameters:
    ///   - action: Runs when the button is tapped.
    ///   - label: What the button shows.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension Button where Label == Text {
    /// A button with a text title.
    ///
    /// - Parameters:
    ///   - title: The title, which is also the label ``ViewHost/tap(_:at:)`` finds.
    ///   - action: Runs when the button is tapped.
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.action = action
        self.label = Text(title)
    }
}

extension Button: PrimitiveView {
    func expand(into list: inout ChildList, key: NodeKey) {
        list.labelledControl(Self.self, key: key, label: label, kind: .button, action: .tap(action)) { text, isDisabled in
            .button(label: text, isDisabled: isDisabled)
        }
    }
}
