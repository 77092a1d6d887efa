/// One re-render of a view, as the host's ``ViewHost/renderLog`` records it:
/// which view, where, and what made it render.
///
/// ```swift
/// host.renderLog.map(\.description)
/// // ["TodoCountsView: \TodoManager.completedCount", "TodoRowView: \TodoItem.isDone"]
/// ```
///
/// First renders (a view appearing) are counted in the body counts but not
/// logged: the log answers "why did this run again?".
public struct RenderRecord: Sendable, Equatable, CustomStringConvertible {
    /// The view's type name, without generic arguments: `TodoRowView`.
    public let viewType: String

    /// The view's identity: its path from the root, as in
    /// ``ViewHost/bodyCountsByIdentity``.
    public let identity: String

    let causeValues: [RenderCause]

    /// What triggered the render, in the order the host learned of it:
    /// - `\Type.property` — a tracked property the body read changed;
    /// - `objectWillChange of Type` — an object the view holds as
    ///   `@ObservedObject`, `@StateObject` or `@EnvironmentObject` announced a
    ///   change;
    /// - `Observation change` — an `@Observable` model the body read changed;
    /// - `new inputs from Parent` / `new environment from Parent` — the parent
    ///   rendered and passed something different.
    public var causes: [String] { causeValues.map(\.description) }

    /// `"TodoRowView: \TodoItem.isDone"`: the view type and its causes.
    public var description: String {
        "\(viewType): \(causes.joined(separator: ", "))"
    }
}
