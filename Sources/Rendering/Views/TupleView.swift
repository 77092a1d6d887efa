/// Several views side by side, in order: what a ``ViewBuilder`` block with
/// more than one statement produces.
///
/// Each child's identity is its index in the tuple, so a child keeps its
/// state while the others change.
public struct TupleView<each Content: View>: View {
    /// The children.
    public let value: (repeat each Content)

    /// Groups the children.
    ///
    /// - Parameter value: The children, in order.
    public init(_ value: repeat each Content) {
        self.value = (repeat each value)
    }

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension TupleView: PrimitiveView {
    func expand(into list: inout ChildList, key: NodeKey) {
        list.structural(Self.self, key: key) { children in
            var index = 0
            for child in repeat each value {
                children.add(child, key: .index(index))
                index += 1
            }
        }
    }
}
