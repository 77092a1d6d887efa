/// Why a view rendered again.
enum RenderCause: Equatable, Sendable, CustomStringConvertible {
    /// A tracked property it read changed: `\TodoItem.isDone`.
    case property(String)
    /// An object it holds announced a change.
    case objectWillChange(ObjectIdentifier, typeName: String)
    /// An `@Observable` model it read changed (Apple's Observation).
    case observation
    /// Its parent rendered and passed different inputs.
    case inputs(from: String)
    /// Its parent rendered and passed a different environment.
    case environment(from: String)

    var description: String {
        switch self {
        case .property(let name): name
        case .objectWillChange(_, let typeName): "objectWillChange of \(typeName)"
        case .observation: "Observation change"
        case .inputs(let parent): "new inputs from \(parent)"
        case .environment(let parent): "new environment from \(parent)"
        }
    }

    static func objectWillChange(of type: Any.Type) -> RenderCause {
        .objectWillChange(ObjectIdentifier(type), typeName: TypeNames.shortName(of: type))
    }
}
