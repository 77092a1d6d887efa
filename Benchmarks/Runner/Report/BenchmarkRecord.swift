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
    /// p0 … p100 over every sample (`median_ns` is the quickest round's).
    var percentiles: Percentiles?
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
    /// Instructions per operation, when the run counted them (how: the
    /// file's `instruction_counting`).
    var instructions: Double?
    /// Why allocations and instructions were not counted: the operation's
    /// work runs on other threads.
    var notCounted: String?
    /// How far the peak resident memory rose over the benchmark's first
    /// calls, in bytes, where the peak can be reset (Linux).
    var peakResidentGrowthBytes: Int?
    /// Heap bytes per object, for a benchmark that declares its objects, and
    /// how many objects were measured at once.
    var heapBytesPerObject: Double?
    var heapObjects: Int?
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
        case percentiles = "percentiles_ns"
        case spread, samples
        case operationsPerSample = "operations_per_sample"
        case roundMediansNanoseconds = "round_medians_ns"
        case ratioToTracking = "ratio_to_tracking"
        case ratioToReference = "ratio_to_reference"
        case allocations, instructions
        case notCounted = "not_counted"
        case peakResidentGrowthBytes = "peak_resident_growth_bytes"
        case heapBytesPerObject = "heap_bytes_per_object"
        case heapObjects = "heap_objects"
        case metrics, notes, check, failure, unsupported
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

    /// The value of a numeric parameter, e.g. `threads`.
    func number(_ parameter: String) -> Double? {
        parameters[parameter].flatMap { Double($0.replacingOccurrences(of: "_", with: "")) }
    }

    /// Operations per second, from the median time per operation.
    var operationsPerSecond: Double? {
        guard let median = medianNanoseconds, median > 0 else { return nil }
        return 1e9 / median
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
            percentiles = measurement.percentiles
            spread = measurement.spread
            samples = measurement.samples
            operationsPerSample = measurement.operationsPerSample
            roundMediansNanoseconds = measurement.roundMedians
            allocations = measurement.allocationsPerOperation
            instructions = measurement.instructionsPerOperation
            peakResidentGrowthBytes = measurement.peakResidentGrowthBytes
            heapBytesPerObject = measurement.heapBytesPerObject
            if heapBytesPerObject != nil { heapObjects = benchmark.objects?.count }
        }
        let values = benchmark.metrics.values
        metrics = values.isEmpty ? nil : values
        notes = benchmark.metrics.notes.isEmpty ? nil : benchmark.metrics.notes
        check = failure != nil ? "failed" : (benchmark.check == nil ? "none" : "passed")
        self.failure = failure
        unsupported = benchmark.unsupportedReason
        notCounted = benchmark.unsupportedReason == nil ? benchmark.workOnOtherThreads : nil
    }
}
