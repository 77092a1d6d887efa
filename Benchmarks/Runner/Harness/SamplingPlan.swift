/// How long and how often to sample.
///
/// Samples are taken in `rounds`: each round visits every benchmark in turn,
/// so that a burst of load from another process lands on a slice of every
/// benchmark instead of on all the samples of one. The reported median is the
/// lowest of the per-round medians (load only ever adds time). Inside a
/// round the variants of one operation take their samples in turn, so that
/// their ratio compares samples taken under the same load.
struct SamplingPlan {
    /// Aim for samples of about this many nanoseconds each: short enough that
    /// most samples fit between two preemptions on a busy machine.
    var sampleTargetNanoseconds: UInt64
    /// Sampling time of one benchmark of weight 1, over all rounds.
    var benchmarkBudgetNanoseconds: UInt64
    /// Sampling time of the whole run: when the benchmarks' budgets add up
    /// to more, each is scaled down in proportion to its weight.
    var runBudgetNanoseconds: UInt64
    var rounds: Int
    /// A round takes at least this many samples, even past its budget.
    var minimumSamplesPerRound: Int
    var maximumSamplesPerRound: Int

    /// The default run: all suites in about four minutes on two cores.
    static let standard = SamplingPlan(
        sampleTargetNanoseconds: 1_000_000, benchmarkBudgetNanoseconds: 1_200_000_000,
        runBudgetNanoseconds: 180_000_000_000, rounds: 3,
        minimumSamplesPerRound: 5, maximumSamplesPerRound: 1_000)
    /// `--quick`: enough to run every body and check, not to compare.
    static let quick = SamplingPlan(
        sampleTargetNanoseconds: 500_000, benchmarkBudgetNanoseconds: 20_000_000,
        runBudgetNanoseconds: 20_000_000_000, rounds: 1,
        minimumSamplesPerRound: 3, maximumSamplesPerRound: 10)

    /// The sampling time of each benchmark per round, for benchmarks of the
    /// given weights (non-positive weights count as the smallest positive).
    func roundBudgets(weights: [Double]) -> [UInt64] {
        let weights = weights.map { $0 > 0 ? $0 : .leastNonzeroMagnitude }
        let total = weights.reduce(0, +)
        let scale = total > 0 ? min(1, Double(runBudgetNanoseconds) / (total * Double(benchmarkBudgetNanoseconds))) : 1
        return weights.map { weight in
            UInt64(Double(benchmarkBudgetNanoseconds) * weight * scale / Double(max(rounds, 1)))
        }
    }
}
