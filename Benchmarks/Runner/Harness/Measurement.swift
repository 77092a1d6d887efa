/// The timing of one benchmark, in nanoseconds per operation, and what the
/// runner measured besides time.
struct Measurement {
    /// The lowest of the per-round medians.
    var median: Double
    /// The 90th percentile and the minimum of all samples.
    var p90: Double
    var minimum: Double
    /// Every sample of every round: p0 … p100.
    var percentiles: Percentiles
    var roundMedians: [Double]
    var samples: Int
    var operationsPerSample: Int
    /// Heap allocations per operation, or nil if the counter is not linked.
    var allocationsPerOperation: Double?
    /// How far the process's peak resident memory rose over the benchmark's
    /// first calls (see `ResidentMemory`), or nil where it cannot be reset.
    var peakResidentGrowthBytes: Int? = nil
    /// Heap bytes per object of the benchmark's `ObjectProbe`.
    var heapBytesPerObject: Double? = nil
    /// Instructions per operation, when the run counted them.
    var instructionsPerOperation: Double? = nil

    var spread: Double { Statistics.spread(median: median, p90: p90, minimum: minimum) }

    /// Summarizes the samples (ns per operation) of each round.
    init(rounds: [[Double]], operationsPerSample: Int, allocationsPerOperation: Double?) {
        let all = rounds.joined().sorted()
        roundMedians = rounds.filter { !$0.isEmpty }.map(Statistics.median)
        median = roundMedians.min() ?? 0
        percentiles = Percentiles(sorted: all)
        p90 = percentiles.p90
        minimum = all.first ?? 0
        samples = all.count
        self.operationsPerSample = operationsPerSample
        self.allocationsPerOperation = allocationsPerOperation
    }
}
