/// One of two views, chosen by an `if`/`else` or a `switch` in a
/// ``ViewBuilder``.
///
/// The branch is part of identity: when the condition flips, the view of
/// the other branch is a new view (new ``State``, `onAppear` again), and the
/// old one disappears.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension _ConditionalContent: PrimitiveView {
    func expand(into list: inout ChildList, key: NodeKey) {
        list.structural(Self.self, key: key) { children in
            switch storage {
            case .trueContent(let content): children.add(content, key: .index(0))
            case .falseContent(let content): children.add(content, key: .index(1))
            }
        }
    }
}

extension Optional: View where Wrapped: View {
    /// An optional view draws its wrapped view, or nothing.
    public typealias Body = Never

    /// Drawn by the host; calling it stops the program.
    public var body: Never { builtInViewHasNoBody(Self.self) }
}

extension Optional: PrimitiveView where Wrapped: View {
    func expand(into list: inout ChildList, key: NodeKey) {
        list.structural(Self.self, key: key) { children in
            if let content = self { children.add(content, key: .index(0)) }
        }
    }
}
