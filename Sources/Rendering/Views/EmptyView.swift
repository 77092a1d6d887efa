/// A view that shows nothing: what an empty ``ViewBuilder`` block produces.
public struct EmptyView: View {
    /// Creates an empty view.
    public init() {}

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension EmptyView: PrimitiveView {
    func expand(into list: inout ChildList, key: NodeKey) {
        list.structural(Self.self, key: key) { _ in }
    }
}
