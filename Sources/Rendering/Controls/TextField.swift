/// An editable line of text bound to a `String`
/// (``ViewHost/enter(_:into:at:)`` types into it, ``ViewHost/submit(_:at:)``
/// submits it).
///
/// ```swift
/// TextField("What needs doing?", text: $manager.newTodoTitle)
///     .onSubmit { manager.addTodo() }
/// ```
///
/// Drawn as `TextField("placeholder", text: "content")`. Reading the binding
/// to draw the field is a dependency of the view that contains it.
public struct TextField: View {
    let placeholder: String
    let text: Binding<String>

    /// A text field.
    ///
    /// - Parameters:
    ///   - placeholder: The prompt shown when empty; also the label
    ///     ``ViewHost/enter(_:into:at:)`` finds the field by.
    ///   - text: The text the field shows and edits.
    public init<S: StringProtocol>(_ placeholder: S, text: Binding<String>) {
        self.placeholder = String(placeholder)
        self.text = text
    }

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension TextField: PrimitiveView {
    func expand(into list: inout ChildList, key: NodeKey) {
        let (node, _) = list.element(Self.self, key: key)
        let isDisabled = !list.environment.isEnabled
        node.drawing = .textField(placeholder: placeholder, text: text.wrappedValue, isDisabled: isDisabled)
        node.control = Control(
            kind: .textField, label: placeholder, isDisabled: isDisabled,
            action: .text(text, submit: list.environment[SubmitKey.self]), ownerType: list.owner.viewType)
    }
}
