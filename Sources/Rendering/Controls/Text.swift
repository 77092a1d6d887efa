/// A line of text. Drawn as `Text("…")`, with the content quoted and escaped
/// as a Swift string literal.
public struct Text: View, Equatable {
    let content: String

    /// Shows `content`: `Text("Total: \(count)")`.
    ///
    /// - Parameter content: The text.
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    /// Shows `content` as it is.
    ///
    /// - Parameter content: The text.
    public init(verbatim content: String) {
        self.content = content
    }

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension Text: PrimitiveView {
    func expand(into list: inout ChildList, key: NodeKey) {
        let (node, _) = list.element(Self.self, key: key)
        node.drawing = .text(content)
        node.textContent = content
    }
}
