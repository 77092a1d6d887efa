import Testing

/// Lets the main actor's other tasks run, one `Task.yield()` at a time, until
/// `condition` holds. Everything these tests sequence runs on the main actor,
/// so a yield lets every task that is ready run; no timing is involved.
///
/// Bounded: if `condition` still fails after `limit` yields, it records an
/// issue saying what was awaited, cancels `tasks` (an iteration that is
/// cancelled ends with nil, so awaiting the tasks afterwards cannot hang),
/// and returns false.
@MainActor
@discardableResult
func yield(
    until description: String,
    limit: Int = 1_000,
    cancelling tasks: [Task<Void, Never>] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async -> Bool {
    for _ in 0..<limit {
        if condition() { return true }
        await Task.yield()
    }
    if condition() { return true }
    Issue.record("still waiting, after \(limit) yields, until \(description)", sourceLocation: sourceLocation)
    for task in tasks { task.cancel() }
    return false
}
