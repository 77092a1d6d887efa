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
        case .property(let name): Self.readable(name)
        case .objectWillChange(_, let typeName): "objectWillChange of \(typeName)"
        case .observation: "Observation change"
        case .inputs(let parent): "new inputs from \(parent)"
        case .environment(let parent): "new environment from \(parent)"
        }
    }

    /// The engine names the host's own boxes by their class: a ``State`` box
    /// `\StateBox<Int>.value`, an environment entry `\EnvironmentBox.value`.
    /// The log says `@State<Int>` and `@Environment`.
    private static func readable(_ name: String) -> String {
        if name == "\\EnvironmentBox.value" { return "@Environment" }
        let prefix = "\\StateBox<", suffix = ">.value"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return name }
        return "@State<" + name.dropFirst(prefix.count).dropLast(suffix.count) + ">"
    }
}
