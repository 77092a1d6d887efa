/// Where a node sits among its siblings: its structural position, or the
/// explicit id that `ForEach` or `.id(_:)` gave it.
///
/// Two renders refer to the same view when the keys along the path from the
/// root, and the view types, are the same.
enum NodeKey: Hashable {
    case index(Int)
    case id(AnyHashable)
}
