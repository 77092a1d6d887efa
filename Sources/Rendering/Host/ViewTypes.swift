/// What a host knows about each type it met: the short name it shows in
/// snapshots, identities and logs (`TodoRowView`, `VStack`, `ForEach`:
/// generic arguments dropped), and, for view types, how it draws them.
/// Each is worked out once per type.
///
/// What the host knows from a view type's metadata (its hosted properties and
/// how to compare its inputs) is in ``ViewLayout``, cached for the process.
///
/// One per host; used on the main actor only.
@MainActor final class ViewTypes {
    private var names: [ObjectIdentifier: String] = [:]
    private var kinds: [ObjectIdentifier: ViewKind] = [:]

    func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = names[key] { return name }
        let name = Self.shortName(of: type)
        names[key] = name
        return name
    }

    static func shortName(of type: Any.Type) -> String {
        let full = String(describing: type)
        guard let bracket = full.firstIndex(of: "<") else { return full }
        return String(full[..<bracket])
    }

    func kind<V: View>(of type: V.Type) -> ViewKind {
        let key = ObjectIdentifier(type)
        if let kind = kinds[key] { return kind }
        let kind: ViewKind
        if let primitive = type as? any PrimitiveView.Type {
            kind = .primitive(primitive)
        } else {
            kind = V.Body.self == Never.self ? .bodiless : .custom
        }
        kinds[key] = kind
        return kind
    }
}
