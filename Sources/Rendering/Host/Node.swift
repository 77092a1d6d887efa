/// A view in the host's tree: a custom view (``ViewNode``) or a built-in one
/// (``ElementNode``).
///
/// Nodes belong to one host and are used on the main actor only. A node keeps its
/// identity (parent, key, view type) for life; a view whose identity changes
/// is a new node.
///
/// Nodes hold no weak references and are referenced weakly by nobody: a weak
/// reference gives an object a side table, which makes every retain and
/// release of it take the slow path.
@MainActor class Node {
    /// The host's shared parts. The host outlives every node of its tree: it
    /// owns the root, and nodes are referenced only from the tree and from
    /// the current render.
    unowned(unsafe) let context: RenderContext
    /// Set by the child list that last matched this node (see ``ChildList``).
    /// Used on the main actor only; not isolated, so that a `ForEach`'s
    /// matching can read and write it through references it does not
    /// retain, in no closure that would check the executor each time (see
    /// ``ForEachRows``).
    @exclusivity(unchecked) nonisolated(unsafe) final var stamp: UInt64 = 0
    /// Alive while this node is in the tree; read only then (for
    /// ``identity``, which is cached at the node's first render).
    unowned(unsafe) let parent: Node?
    let key: NodeKey
    let viewType: Any.Type
    let depth: Int
    @exclusivity(unchecked) final var children: [Node] = []
    private(set) var isMounted = true
    private var cachedIdentity: String?

    init(context: RenderContext, parent: Node?, key: NodeKey, viewType: Any.Type) {
        self.context = context
        self.parent = parent
        self.key = key
        self.viewType = viewType
        self.depth = (parent?.depth ?? -1) + 1
    }

    var typeID: ObjectIdentifier { ObjectIdentifier(viewType) }

    /// The path from the root, one component a node: the view's type name,
    /// then `[i]` for a structural position other than the first, or
    /// `[id: x]` for an explicit id. Computed once, on first use.
    var identity: String {
        if let cachedIdentity { return cachedIdentity }
        var component = context.types.name(of: viewType)
        switch key {
        case .index(let index) where index > 0: component += "[\(index)]"
        case .index: break
        case .id(let id): component += "[id: \(id.value.base)]"
        }
        let result = parent.map { "\($0.identity)/\(component)" } ?? component
        cachedIdentity = result
        return result
    }

    /// The line this node contributes to the snapshot; nil for a node that
    /// only passes its children through.
    var snapshotLine: String? { nil }

    /// Whether the snapshot shows the children under this node's line.
    var snapshotShowsChildren: Bool { true }

    /// Takes the node and its subtree out of the tree: stops their tracking
    /// and subscriptions, releases their state, queues `onDisappear`.
    func unmount() {
        isMounted = false
        for child in children { child.unmount() }
        children = []
    }
}
