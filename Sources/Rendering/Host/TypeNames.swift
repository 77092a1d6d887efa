/// Short type names for snapshots, identities and logs: `TodoRowView`,
/// `VStack`, `ForEach` (generic arguments dropped), cached per type.
///
/// One per host; used on the host's thread only.
final class TypeNames {
    private var names: [ObjectIdentifier: String] = [:]

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
}
