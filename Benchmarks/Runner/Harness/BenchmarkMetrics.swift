/// Figures a benchmark reports besides its time, such as body evaluations
/// per update, and short notes such as `stale`.
///
/// A suite creates one, passes it as `Benchmark.metrics`, and fills it from
/// `body` or `check` (the last value written wins); the runner copies it into
/// the results after the check. A reference type, so the closures and the
/// benchmark share it.
final class BenchmarkMetrics {
    /// The metric the "body evaluations against N" charts plot.
    static let bodyEvaluations = "body_evaluations"

    private(set) var values: [String: Double] = [:]
    private(set) var notes: [String] = []

    init() {}

    subscript(name: String) -> Double? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// Adds a note for the report (once, however often the body runs).
    func note(_ text: String) {
        if !notes.contains(text) { notes.append(text) }
    }
}
