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
}
