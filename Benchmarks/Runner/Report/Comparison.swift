/// This run against an earlier `results.json`, benchmark by benchmark.
struct Comparison {
    /// A change past this fraction is flagged (0.10: 10%).
    static let threshold = 0.10

    struct Change {
        /// new median / old median − 1.
        var median: Double
        /// new min / old min − 1, when both runs have a min.
        var minimum: Double?

        /// Slower past the threshold, in the median and in the minimum: load
        /// from other processes moves the median of a run, rarely its
        /// fastest sample, while a slower operation moves both.
        var isRegression: Bool {
            median > Comparison.threshold && (minimum ?? median) > Comparison.threshold
        }

        var isImprovement: Bool {
            median < -Comparison.threshold && (minimum ?? median) < -Comparison.threshold
        }

        /// `+12% SLOWER`, `-30% faster`, `+3%`, `+25% (min +1%: noise?)`:
        /// the table's "vs old" cell.
        var description: String {
            let text = Comparison.percent(median)
            if isRegression { return text + " SLOWER" }
            if isImprovement { return text + " faster" }
            if abs(median) > Comparison.threshold, let minimum {
                return text + " (min \(Comparison.percent(minimum)): noise?)"
            }
            return text
        }
    }

    /// The file compared with, for the report.
    var oldPath: String
    var oldDate: String
    /// By record id; only benchmarks timed in both runs.
    var changes: [String: Change]
    /// Ids timed in this run only, and in the old run only.
    var added: [String]
    var removed: [String]

    init(old: ResultsFile, oldPath: String, new: [BenchmarkRecord]) {
        self.oldPath = oldPath
        oldDate = old.date
        let oldRecords = Dictionary(
            old.results.filter { $0.medianNanoseconds != nil }.map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        var changes: [String: Change] = [:]
        var added: [String] = []
        for record in new {
            guard let median = record.medianNanoseconds else { continue }
            guard let oldRecord = oldRecords[record.id], let oldMedian = oldRecord.medianNanoseconds, oldMedian > 0
            else {
                added.append(record.id)
                continue
            }
            var minimum: Double?
            if let newMinimum = record.minimumNanoseconds, let oldMinimum = oldRecord.minimumNanoseconds,
                oldMinimum > 0
            {
                minimum = newMinimum / oldMinimum - 1
            }
            changes[record.id] = Change(median: median / oldMedian - 1, minimum: minimum)
        }
        let newIds = Set(new.compactMap { $0.medianNanoseconds == nil ? nil : $0.id })
        self.changes = changes
        self.added = added
        removed = old.results.compactMap { $0.medianNanoseconds != nil && !newIds.contains($0.id) ? $0.id : nil }
    }

    /// Regressions, worst first.
    var regressions: [(id: String, change: Change)] {
        changes.filter { $0.value.isRegression }.sorted { $0.value.median > $1.value.median }.map { ($0.key, $0.value) }
    }

    /// Improvements, best first.
    var improvements: [(id: String, change: Change)] {
        changes.filter { $0.value.isImprovement }.sorted { $0.value.median < $1.value.median }.map { ($0.key, $0.value) }
    }

    /// Past the threshold in the median only.
    var noisy: [String] {
        changes.filter { abs($0.value.median) > Comparison.threshold && !$0.value.isRegression && !$0.value.isImprovement }
            .map(\.key).sorted()
    }

    static func percent(_ change: Double) -> String {
        let percent = Int((change * 100).rounded())
        return (percent > 0 ? "+" : "") + "\(percent)%"
    }

    /// Lines for the end of the terminal output and the report.
    var summary: [String] {
        let limit = "\(Int(Comparison.threshold * 100))%"
        var lines = ["Compared with \(oldPath) (run of \(oldDate)): \(changes.count) benchmarks in both runs."]
        let regressions = regressions
        if regressions.isEmpty {
            lines.append("No regression over \(limit).")
        } else {
            lines.append("\(regressions.count) regression(s) over \(limit) (median and min both slower):")
            lines += regressions.map { "  \($0.id): \($0.change.description)" }
        }
        let improvements = improvements
        if !improvements.isEmpty {
            lines.append("\(improvements.count) improvement(s) over \(limit):")
            lines += improvements.map { "  \($0.id): \($0.change.description)" }
        }
        let noisy = noisy
        if !noisy.isEmpty {
            lines.append(
                "\(noisy.count) median(s) moved over \(limit) while the min did not: "
                    + "likely machine load, rerun to be sure.")
        }
        if !added.isEmpty { lines.append("New (not in the old results): \(added.joined(separator: ", "))") }
        if !removed.isEmpty { lines.append("Gone (only in the old results): \(removed.joined(separator: ", "))") }
        return lines
    }
}
