/// The custom views one body produced, updated after the body returns: their
/// bodies are evaluated outside the parent's tracking scope, so that each
/// view depends only on what its own body read.
///
/// Not to be confused with a ``RenderPass``, which is one round of a flush.
@MainActor final class DeferredChildren {
    unowned(unsafe) let owner: ViewNode
    /// Unretained: each is a child of the owner's new children, which the
    /// tree holds until the owner's next render; a child's render changes
    /// only its own subtree.
    @exclusivity(unchecked) var views: [Unmanaged<ViewNode>] = []

    init(owner: ViewNode) {
        self.owner = owner
    }

    /// Lets each view decide whether it renders too, in order.
    func applyParentUpdate() {
        views.withUnsafeBufferPointer { views in
            // The same storage seen as references: a reference read from
            // unsafe storage is passed to a call without a retain (the tree
            // holds each of these views).
            let nodes = UnsafeRawPointer(views.baseAddress).map {
                UnsafeBufferPointer(start: $0.assumingMemoryBound(to: ViewNode.self), count: views.count)
            } ?? UnsafeBufferPointer(start: nil, count: 0)
            for index in nodes.indices {
                // Inline, on the node's own fields: a row of a list whose
                // body ran again usually has nothing to do.
                if nodes[index].hasNothingNewFromParent { continue }
                nodes[index].applyParentUpdate(from: owner)
            }
        }
    }
}
