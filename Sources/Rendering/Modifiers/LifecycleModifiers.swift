extension View {
    /// Runs `action` once when this view appears: after the render that first
    /// produced it (or produced it again under a new identity).
    ///
    /// Actions run after the render pass, in the order the views appeared;
    /// what they change is rendered in a following pass of the same flush.
    ///
    /// - Parameter action: What to do; nil does nothing.
    /// - Returns: This view with the action attached.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        LifecycleView(content: self, appear: action, disappear: nil)
    }

    /// Runs `action` when this view leaves the tree.
    ///
    /// Actions run after the render pass that removed the view; the action of
    /// the latest render is the one that runs. Releasing the host does not run
    /// them.
    ///
    /// - Parameter action: What to do; nil does nothing.
    /// - Returns: This view with the action attached.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        LifecycleView(content: self, appear: nil, disappear: action)
    }
}

struct LifecycleView<Content: View>: View, PrimitiveView {
    let content: Content
    let appear: (() -> Void)?
    let disappear: (() -> Void)?

    var body: Never { builtInViewHasNoBody(Self.self) }

    func expand(into list: inout ChildList, key: NodeKey) {
        let (node, isNew) = list.element(Self.self, key: key)
        if isNew, let appear { list.context.enqueuePostAction(appear) }
        node.disappearAction = disappear
        list.expandChildren(of: node, environment: list.environment) { $0.add(content, key: .index(0)) }
    }
}
