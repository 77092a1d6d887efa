/// One benchmark's result as `results.json` stores it: what the reports,
/// the charts and `--compare` read.
struct BenchmarkRecord: Codable, Equatable {
    /// `suite/name/variant/parameters`, as `--filter` matches it.
    var id: String
    var suite: String
    var name: String
    var variant: String
    var parameters: [String: String]
    /// Nanoseconds per operation; absent for a variant that did not run.
    var medianNanoseconds: Double?
    var p90Nanoseconds: Double?
    var minimumNanoseconds: Double?
    /// (p90 − min) / median.
    var spread: Double?
    var samples: Int?
    var operationsPerSample: Int?
    /// The median of each round; `medianNanoseconds` is the lowest.
    var roundMediansNanoseconds: [Double]?
    /// This variant's time ÷ Tracking's, from samples of the two taken back
    /// to back (the median of their ratios); absent for Tracking itself.
    var ratioToTracking: Double?
    /// This variant's time ÷ the reference engine's
    /// (``ReferenceComparison/variant``), paired the same way; absent for
    /// the reference itself and in groups without it.
    var ratioToReference: Double?
    /// Heap allocations per operation, where the counter is linked.
    var allocations: Double?
    /// Figures the suite reports, e.g. `body_evaluations` per update.
    var metrics: [String: Double]?
    var notes: [String]?
    /// `passed`, `failed` or `none` (the benchmark has no check).
    var check: String
    /// What the failed check said.
    var failure: String?
    /// Why the variant was not run.
    var unsupported: String?

    enum CodingKeys: String, CodingKey {
        case id, suite, name, variant, parameters
        case medianNanoseconds = "median_ns"
        case p90Nanoseconds = "p90_ns"
        case minimumNanoseconds = "min_ns"
        case spread, samples
        case operationsPerSample = "operations_per_sample"
        case roundMediansNanoseconds = "round_medians_ns"
        case ratioToTracking = "ratio_to_tracking"
        case ratioToReference = "ratio_to_reference"
        case allocations, metrics, notes, check, failure, unsupported
    }

    /// The benchmark's name and parameters, as a group heading:
    /// `toggle one row [n=1000]`.
    var groupLabel: String {
        let text = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return text.isEmpty ? name : "\(name) [\(text)]"
    }

    /// The value of the parameter `n` (any case), when it is a positive number.
    var n: Double? {
        guard let text = parameters.first(where: { $0.key.lowercased() == "n" })?.value,
            let value = Double(text.replacingOccurrences(of: "_", with: "")), value > 0
        else { return nil }
        return value
    }
}

extension BenchmarkRecord {
    /// The record of a benchmark after its check: `measurement` is nil for
    /// an unsupported variant.
    init(_ benchmark: Benchmark, measurement: Measurement?, failure: String?) {
        id = benchmark.identifier
        suite = benchmark.suite
        name = benchmark.name
        variant = benchmark.variant
        parameters = Dictionary(benchmark.parameters, uniquingKeysWith: { _, last in last })
        if let measurement {
            medianNanoseconds = measurement.median
            p90Nanoseconds = measurement.p90
            minimumNanoseconds = measurement.minimum
            spread = measurement.spread
            samples = measurement.samples
            operationsPerSample = measurement.operationsPerSample
            roundMediansNanoseconds = measurement.roundMedians
            allocations = measurement.allocationsPerOperation
        }
        let values = benchmark.metrics.values
        metrics = values.isEmpty ? nil : values
        notes = benchmark.metrics.notes.isEmpty ? nil : benchmark.metrics.notes
        check = failure != nil ? "failed" : (benchmark.check == nil ? "none" : "passed")
        self.failure = failure
        unsupported = benchmark.unsupportedReason
    }
}
