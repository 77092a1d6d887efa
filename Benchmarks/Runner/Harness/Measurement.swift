/// The timing of one benchmark, in nanoseconds per operation.
struct Measurement {
    /// The lowest of the per-round medians.
    var median: Double
    /// The 90th percentile and the minimum of all samples.
    var p90: Double
    var minimum: Double
    var roundMedians: [Double]
    var samples: Int
    var operationsPerSample: Int
    /// Heap allocations per operation, or nil if the counter is not linked.
    var allocationsPerOperation: Double?

    var spread: Double { Statistics.spread(median: median, p90: p90, minimum: minimum) }

    /// Summarizes the samples (ns per operation) of each round.
    init(rounds: [[Double]], operationsPerSample: Int, allocationsPerOperation: Double?) {
        let all = rounds.joined().sorted()
        roundMedians = rounds.filter { !$0.isEmpty }.map(Statistics.median)
        median = roundMedians.min() ?? 0
        p90 = Statistics.percentile(all, 0.9)
        minimum = all.first ?? 0
        samples = all.count
        self.operationsPerSample = operationsPerSample
        self.allocationsPerOperation = allocationsPerOperation
    }
}
