/// This run against an earlier `results.json`, benchmark by benchmark.
struct Comparison {
    /// A change past this fraction is flagged (0.10: 10%).
    static let threshold = 0.10

    /// The file compared with, for the report.
    var oldPath: String
    var oldDate: String
    /// new median / old median − 1, by record id; only benchmarks timed in
    /// both runs.
    var changes: [String: Double]
    /// Ids timed in this run only, and in the old run only.
    var added: [String]
    var removed: [String]

    init(old: ResultsFile, oldPath: String, new: [BenchmarkRecord]) {
        self.oldPath = oldPath
        oldDate = old.date
        let oldMedians = Dictionary(
            old.results.compactMap { record in record.medianNanoseconds.map { (record.id, $0) } },
            uniquingKeysWith: { first, _ in first })
        var changes: [String: Double] = [:]
        var added: [String] = []
        for record in new {
            guard let median = record.medianNanoseconds else { continue }
            if let oldMedian = oldMedians[record.id], oldMedian > 0 {
                changes[record.id] = median / oldMedian - 1
            } else {
                added.append(record.id)
            }
        }
        let newIds = Set(new.compactMap { $0.medianNanoseconds == nil ? nil : $0.id })
        self.changes = changes
        self.added = added
        removed = old.results.compactMap { $0.medianNanoseconds != nil && !newIds.contains($0.id) ? $0.id : nil }
    }

    /// Slower by more than the threshold, worst first.
    var regressions: [(id: String, change: Double)] {
        changes.filter { $0.value > Comparison.threshold }.sorted { $0.value > $1.value }.map { ($0.key, $0.value) }
    }

    /// Faster by more than the threshold, best first.
    var improvements: [(id: String, change: Double)] {
        changes.filter { $0.value < -Comparison.threshold }.sorted { $0.value < $1.value }.map { ($0.key, $0.value) }
    }

    /// `+12% SLOWER`, `-30% faster`, `+3%`: the table's "vs old" cell.
    static func describe(_ change: Double) -> String {
        let percent = Int((change * 100).rounded())
        let text = (percent > 0 ? "+" : "") + "\(percent)%"
        if change > threshold { return text + " SLOWER" }
        if change < -threshold { return text + " faster" }
        return text
    }

    /// Lines for the end of the terminal output and the report.
    var summary: [String] {
        var lines = ["Compared with \(oldPath) (run of \(oldDate)): \(changes.count) benchmarks in both runs."]
        let regressions = regressions
        if regressions.isEmpty {
            lines.append("No regression over \(Int(Comparison.threshold * 100))%.")
        } else {
            lines.append("\(regressions.count) regression(s) over \(Int(Comparison.threshold * 100))%:")
            lines += regressions.map { "  \($0.id): \(Comparison.describe($0.change))" }
        }
        let improvements = improvements
        if !improvements.isEmpty {
            lines.append("\(improvements.count) improvement(s) over \(Int(Comparison.threshold * 100))%:")
            lines += improvements.map { "  \($0.id): \(Comparison.describe($0.change))" }
        }
        if !added.isEmpty { lines.append("New (not in the old results): \(added.joined(separator: ", "))") }
        if !removed.isEmpty { lines.append("Gone (only in the old results): \(removed.joined(separator: ", "))") }
        return lines
    }
}
