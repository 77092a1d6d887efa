/// A symbol image, drawn as `Image(systemName: "…")`. In a button's label,
/// its name is part of the label (`Button { Image(systemName: "trash") }`
/// is tapped as `"trash"`).
public struct Image: View, Equatable {
    let systemName: String

    /// Shows the symbol `systemName`.
    ///
    /// - Parameter systemName: The symbol's name, such as `"checkmark.circle.fill"`.
    public init(systemName: String) {
        self.systemName = systemName
    }

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension Image: PrimitiveView {
    func expand(into list: inout ChildList, key: NodeKey) {
        let (node, _) = list.element(Self.self, key: key)
        node.drawing = .image(systemName: systemName)
        node.textContent = systemName
    }
}

/// Flexible space in a stack. It takes no line in the snapshot, which shows
/// content, not layout.
public struct Spacer: View, Equatable {
    /// Creates a spacer.
    ///
    /// - Parameter minLength: Accepted and ignored (there is no layout).
    public init(minLength: Double? = nil) {}

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension Spacer: PrimitiveView {
    func expand(into list: inout ChildList, key: NodeKey) {
        _ = list.element(Self.self, key: key)
    }
}
