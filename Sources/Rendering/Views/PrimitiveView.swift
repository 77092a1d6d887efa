/// A view the host draws itself: it adds its node (and its children's) to the
/// list being rebuilt.
@MainActor protocol PrimitiveView {
    func expand(into list: inout ChildList, key: NodeKey)
}

/// How the host treats a view type; decided once per type.
enum ViewKind {
    /// Built in: drawn by its ``PrimitiveView/expand(into:key:)``.
    case primitive(any PrimitiveView.Type)
    /// A view with a body.
    case custom
    /// Neither: a view whose body is `Never` that the host does not know.
    case bodiless
}
