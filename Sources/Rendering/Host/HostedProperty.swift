/// A property wrapper whose storage the host connects to the identity of the
/// view that holds it, before each render: ``State``, ``StateObject``,
/// ``ObservedObject``, ``EnvironmentObject``, ``Environment``.
@MainActor protocol HostedProperty: ViewInput {
    /// Connects the wrapper to its storage in `context.node`, slot
    /// `context.slot`, or records in `context` what is missing.
    mutating func install(_ context: inout InstallContext)

    /// Drops what `install` connected, when the view leaves the tree.
    mutating func uninstall()
}

/// What a hosted property needs to find its storage.
@MainActor struct InstallContext {
    unowned(unsafe) let node: ViewNode
    /// The index of the wrapper among the view's hosted properties: its
    /// storage slot in the node.
    var slot = 0
    /// The view's environment, read on behalf of the view.
    let environment: EnvironmentValues
    var problems: [RenderingError] = []
}
