/// The custom views produced by one render, to be visited after it: their
/// bodies are evaluated outside the parent's tracking scope, so that each
/// view depends only on what its own body read.
final class RenderPass {
    unowned(unsafe) let owner: ViewNode
    var deferred: [ViewNode] = []

    init(owner: ViewNode) {
        self.owner = owner
    }
}

/// A dirty view in a render pass, ordered by depth, then by when it was marked.
struct PassEntry: Comparable {
    let mark: DirtyMark
    let depth: Int
    let order: Int

    init(mark: DirtyMark, order: Int) {
        self.mark = mark
        self.depth = mark.node?.depth ?? 0
        self.order = order
    }

    static func < (lhs: PassEntry, rhs: PassEntry) -> Bool {
        (lhs.depth, lhs.order) < (rhs.depth, rhs.order)
    }

    static func == (lhs: PassEntry, rhs: PassEntry) -> Bool {
        lhs.depth == rhs.depth && lhs.order == rhs.order
    }
}
