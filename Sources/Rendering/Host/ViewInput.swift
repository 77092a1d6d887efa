/// A value that decides for itself whether a child view given a new copy of
/// it sees the same input (see ``ViewLayout``). The property wrappers and
/// ``Binding`` conform; everything else is compared by the rules in
/// <doc:InvalidationRules>.
protocol ViewInput {
    static func isSameInput(_ old: Self, _ new: Self) -> Bool
}

/// A ``ViewInput`` whose only stored property is a class reference, and
/// which is the same input exactly when that reference is the same instance
/// (``Bindable``, ``ObservedObject``): ``ViewLayout`` compares it as a
/// pointer, without copying the two values.
protocol ComparedByReference: ViewInput {}

extension ViewInput {
    func isSameInput(asAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return Self.isSameInput(self, other)
    }
}

extension Equatable {
    func isEqual(toAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// Whether two values of the same type, of which nothing is known statically,
/// count as the same input: ``ViewInput`` rules, then `==`, then identity for
/// class instances, then member by member for structs, tuples and optionals
/// (four levels deep at most). Anything else (closures, enums that are not
/// `Equatable`, existentials of unknown kind) counts as changed.
func inputsAreEqual(_ a: Any, _ b: Any, depth: Int = 0) -> Bool {
    if let input = a as? any ViewInput { return input.isSameInput(asAny: b) }
    if let equatable = a as? any Equatable { return equatable.isEqual(toAny: b) }
    guard depth < 4 else { return false }
    let mirrorA = Mirror(reflecting: a)
    switch mirrorA.displayStyle {
    case .class:
        return (a as AnyObject) === (b as AnyObject)
    case .optional:
        let childA = mirrorA.children.first
        let childB = Mirror(reflecting: b).children.first
        guard let childA, let childB else { return childA == nil && childB == nil }
        return inputsAreEqual(childA.value, childB.value, depth: depth + 1)
    case .struct, .tuple:
        let mirrorB = Mirror(reflecting: b)
        guard mirrorA.children.count == mirrorB.children.count else { return false }
        for (childA, childB) in zip(mirrorA.children, mirrorB.children)
        where !inputsAreEqual(childA.value, childB.value, depth: depth + 1) {
            return false
        }
        return true
    default:
        return false
    }
}
