/// A differential program for the view host: models, a view tree, and the
/// steps that mutate them, each followed by a render.

/// One step; each ends with everything rendered (a `flush()`, or the flush an
/// interaction makes on its own).
enum Step: CustomStringConvertible {
    /// Writes, each its own transaction, then `flush()`.
    case writes([ModelWrite])
    /// Writes in one `withTransaction`, then `flush()`.
    case transaction([ModelWrite])
    /// `host.tap(label)`.
    case tap(String)
    /// `host.toggle(label)`.
    case toggle(String)

    var description: String {
        switch self {
        case .writes(let writes): writes.map(\.description).joined(separator: "; ")
        case .transaction(let writes): "withTransaction { " + writes.map(\.description).joined(separator: "; ") + " }"
        case .tap(let label): "tap \"\(label)\""
        case .toggle(let label): "toggle \"\(label)\""
        }
    }
}

struct Program: CustomStringConvertible {
    static let modelCount = 3

    var models: [ModelValues]
    var root: ViewSpec
    var steps: [Step]

    var description: String {
        var lines = models.enumerated().map { "o\($0.offset) = { \($0.element) }" }
        lines += root.lines()
        lines += steps.enumerated().map { "step \($0.offset): \($0.element)" }
        return lines.joined(separator: "\n")
    }

    /// A copy that shares no spec with this one, for shrinking.
    func copy() -> Program {
        Program(models: models, root: root.copy(), steps: steps)
    }
}
