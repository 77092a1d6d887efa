/// What the host's bodies did in one step.
struct RenderObservation {
    /// Tags of the bodies evaluated, sorted.
    var rendered: [String]
    /// ``ViewHost/bodyCountsByIdentity``.
    var counts: [String: Int]
    /// The render log as ``logEntry(_:inputs:tracked:)`` spells it, sorted.
    var log: [(tag: String, entry: String)]
}
