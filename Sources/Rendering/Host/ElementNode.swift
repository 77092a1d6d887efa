/// A built-in view in the tree: a container, a leaf such as ``Text``, a
/// control, a modifier, or a structural wrapper (``TupleView``, branches).
///
/// It belongs to the custom view whose render produced it, and is rebuilt in
/// place by that view's renders.
final class ElementNode: Node {
    /// What the node draws; nil for nodes that only pass their children
    /// through.
    @exclusivity(unchecked) var drawing: Drawing?
    /// Whether the snapshot shows the children under the line (not for a
    /// button's label, which the line already names).
    @exclusivity(unchecked) var showsChildren = true
    /// What a button label made of this node reads as: a text's content or
    /// an image's name.
    @exclusivity(unchecked) var textContent: String?
    /// The interaction the node offers, registered with the host by label.
    @exclusivity(unchecked) var control: Control? {
        didSet { context.controls.controlDidChange(self, from: oldValue) }
    }
    /// Per-identity data of a modifier (its last value, its environment
    /// entries).
    @exclusivity(unchecked) var modifierState: AnyObject?
    /// Run when the node leaves the tree.
    @exclusivity(unchecked) var disappearAction: (() -> Void)?

    override var snapshotLine: String? { drawing?.line }
    override var snapshotShowsChildren: Bool { showsChildren }

    override func unmount() {
        if control != nil { control = nil }
        if let disappearAction { context.enqueuePostAction(disappearAction) }
        super.unmount()
    }

    /// The text a label made of this subtree reads as: its texts and image
    /// names, joined by spaces.
    var labelText: String {
        // The common case, a single text or image, without building an array.
        if children.count == 1, let only = children[0] as? ElementNode, only.children.isEmpty {
            return only.textContent ?? ""
        }
        var parts: [String] = []
        collectText(into: &parts)
        return parts.joined(separator: " ")
    }

    private func collectText(into parts: inout [String]) {
        if let textContent { parts.append(textContent) }
        for case let child as ElementNode in children { child.collectText(into: &parts) }
    }
}
