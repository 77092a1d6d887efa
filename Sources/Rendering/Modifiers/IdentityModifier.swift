extension View {
    /// Gives this view an explicit identity: when `id` changes, the host
    /// treats it as a new view (its state is reset, `onAppear` runs again,
    /// the old one disappears).
    ///
    /// - Parameter id: The identity; compared with `==`.
    /// - Returns: This view with the explicit identity.
    public func id<ID: Hashable>(_ id: ID) -> some View {
        IdentifiedView(content: self, id: id)
    }
}

struct IdentifiedView<Content: View, ID: Hashable>: View, PrimitiveView {
    let content: Content
    let id: ID

    var body: Never { builtInViewHasNoBody(Self.self) }

    func expand(into list: inout ChildList, key: NodeKey) {
        list.structural(Self.self, key: key) { $0.add(content, key: .id(AnyHashable(id))) }
    }
}
