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
