/// `--check-thresholds`: every benchmark of this run against the same one
/// (same identifier) in a baseline `results.json`, by instructions per
/// operation where both runs counted them and otherwise by the min time
/// (the fastest sample, which load moves least), each against its
/// threshold.
struct ThresholdCheck {
    enum Outcome: Equatable {
        case regression, improvement, within
    }

    struct Result {
        var id: String
        var metric: Thresholds.Metric
        var old: Double
        var new: Double
        var limit: Thresholds.Limit
        /// Where the limit came from: `benchmark`, `suite micro`, `default`.
        var source: String
        var outcome: Outcome

        /// `micro/write/Tracking: min 0.35 ns -> 0.7 ns (+100%), threshold +25% (built-in default)`
        var description: String {
            let change = Comparison.percent(max(new, metric.floor) / max(old, metric.floor) - 1)
            return "\(id): \(metric.label) \(metric.format(old)) -> \(metric.format(new)) (\(change)), "
                + "threshold \(limit.description(metric)) (\(source))"
        }
    }

    var baselinePath: String
    var baselineDate: String
    var thresholdsPath: String?
    /// In the order of this run's records.
    var results: [Result]
    /// Timed in this run, not in the baseline.
    var notInBaseline: [String]

    init(baseline: ResultsFile, baselinePath: String, new: [BenchmarkRecord], thresholds: Thresholds) {
        self.baselinePath = baselinePath
        baselineDate = baseline.date
        thresholdsPath = thresholds.path
        let old = Dictionary(
            baseline.results.filter { $0.minimumNanoseconds != nil }.map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        var results: [Result] = []
        var notInBaseline: [String] = []
        for record in new {
            guard let minimum = record.minimumNanoseconds else { continue }
            guard let oldRecord = old[record.id], let oldMinimum = oldRecord.minimumNanoseconds else {
                notInBaseline.append(record.id)
                continue
            }
            let metric: Thresholds.Metric
            let values: (old: Double, new: Double)
            if let instructions = record.instructions, let oldInstructions = oldRecord.instructions {
                (metric, values) = (.instructions, (oldInstructions, instructions))
            } else {
                (metric, values) = (.minimum, (oldMinimum, minimum))
            }
            let (limit, source) = thresholds.limit(for: record, metric: metric)
            let outcome: Outcome =
                limit.isExceeded(from: values.old, to: values.new, metric: metric)
                ? .regression
                : limit.isExceeded(from: values.new, to: values.old, metric: metric) ? .improvement : .within
            results.append(
                Result(
                    id: record.id, metric: metric, old: values.old, new: values.new, limit: limit, source: source,
                    outcome: outcome))
        }
        self.results = results
        self.notInBaseline = notInBaseline
    }

    var regressions: [Result] { results.filter { $0.outcome == .regression } }
    var improvements: [Result] { results.filter { $0.outcome == .improvement } }

    /// Lines for the end of the terminal output and the reports.
    var summary: [String] {
        let byInstructions = results.filter { $0.metric == .instructions }.count
        var lines = [
            "Threshold check against \(baselinePath) (run of \(baselineDate)), thresholds "
                + (thresholdsPath.map { "from \($0)" } ?? "built in (+5% instructions, +25% min)") + ":",
            "  \(results.count) benchmarks compared: \(byInstructions) by instructions, "
                + "\(results.count - byInstructions) by min time.",
        ]
        lines += regressions.map { "  REGRESSION \($0.description)" }
        lines += improvements.map { "  improvement \($0.description)" }
        let regressions = regressions.count, improvements = improvements.count
        lines.append(
            regressions == 0
                ? "No regression past the thresholds" + (improvements > 0 ? "; \(improvements) improvement(s)." : ".")
                : "\(regressions) regression(s) past the thresholds"
                    + (improvements > 0 ? ", \(improvements) improvement(s)." : "."))
        if !notInBaseline.isEmpty {
            lines.append("Not in the baseline (not checked): \(notInBaseline.joined(separator: ", "))")
        }
        return lines
    }
}
