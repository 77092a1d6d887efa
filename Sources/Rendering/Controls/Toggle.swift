/// A switch bound to a `Bool` (``ViewHost/toggle(_:at:)`` flips it).
///
/// ```swift
/// Toggle("Available", isOn: $book.isAvailable)
/// ```
///
/// Drawn as `Toggle("label", isOn: true)`. Reading the binding to draw the
/// toggle is a dependency of the view that contains it.
public struct Toggle<Label: View>: View {
    let isOn: Binding<Bool>
    let label: Label

    /// A toggle with a label view.
    ///
    /// - Parameters:
    ///   - isOn: The value the toggle shows and flips.
    ///   - label: What the toggle shows next to the switch.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension Toggle where Label == Text {
    /// A toggle with a text title.
    ///
    /// - Parameters:
    ///   - title: The title, which is also the label ``ViewHost/toggle(_:at:)`` finds.
    ///   - isOn: The value the toggle shows and flips.
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.isOn = isOn
        self.label = Text(title)
    }
}

extension Toggle: PrimitiveView {
    func expand(into list: inout ChildList, key: NodeKey) {
        list.labelledControl(Self.self, key: key, label: label, kind: .toggle, action: .toggle(isOn)) { text, isDisabled in
            .toggle(label: text, isOn: isOn.wrappedValue, isDisabled: isDisabled)
        }
    }
}
