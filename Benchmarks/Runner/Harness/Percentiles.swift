/// The distribution of a benchmark's samples (nanoseconds per operation,
/// over every sample of every round): p0 is the fastest sample, p100 the
/// slowest, the others interpolate between neighbouring samples.
struct Percentiles: Codable, Equatable {
    var p0: Double
    var p25: Double
    var p50: Double
    var p75: Double
    var p90: Double
    var p99: Double
    var p100: Double

    /// The fractions reported, with their names, in order.
    static let levels: [(name: String, fraction: Double)] = [
        ("p0", 0), ("p25", 0.25), ("p50", 0.5), ("p75", 0.75), ("p90", 0.9), ("p99", 0.99), ("p100", 1),
    ]

    /// The percentiles of `sorted` (ascending); all 0 for no samples.
    init(sorted: [Double]) {
        func at(_ fraction: Double) -> Double { Statistics.percentile(sorted, fraction) }
        p0 = at(0)
        p25 = at(0.25)
        p50 = at(0.5)
        p75 = at(0.75)
        p90 = at(0.9)
        p99 = at(0.99)
        p100 = at(1)
    }

    /// The values in the order of `levels`.
    var values: [Double] { [p0, p25, p50, p75, p90, p99, p100] }
}
