/// Where a node sits among its siblings: its structural position, or the
/// explicit id that `ForEach` or `.id(_:)` gave it.
///
/// Two renders refer to the same view when the keys along the path from the
/// root, and the view types, are the same. The id is boxed in a class, so
/// that a key copies as cheaply as a reference.
enum NodeKey: Hashable {
    case index(Int)
    case id(ExplicitID)

    static func id(_ value: AnyHashable) -> NodeKey {
        .id(ExplicitID(value))
    }
}

/// An explicit id, compared and hashed by value.
final class ExplicitID: Hashable {
    let value: AnyHashable

    init(_ value: AnyHashable) {
        self.value = value
    }

    static func == (lhs: ExplicitID, rhs: ExplicitID) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
