/// Runs benchmarks in interleaved rounds (see `SamplingPlan`), then each
/// one's allocation count and correctness check, and returns their records.
enum BenchmarkRun {
    /// `progress` receives one line per benchmark per round: which one,
    /// its position among all, and the time elapsed.
    static func run(_ benchmarks: [Benchmark], plan: SamplingPlan, progress: (String) -> Void) -> [BenchmarkRecord] {
        let timed = benchmarks.indices.filter { benchmarks[$0].unsupportedReason == nil }
        let budgets = plan.roundBudgets(weights: timed.map { benchmarks[$0].weight })
        let rounds = max(plan.rounds, 1)
        var operationsPerSample: [Int: Int] = [:]
        var samples: [Int: [[Double]]] = [:]
        var records: [Int: BenchmarkRecord] = [:]
        let start = monotonicNanoseconds()
        var step = 0
        for round in 1...rounds {
            for (position, index) in timed.enumerated() {
                let benchmark = benchmarks[index]
                step += 1
                let elapsed = formatSeconds(Double(monotonicNanoseconds() - start) / 1e9)
                let roundText = rounds > 1 ? "round \(round)/\(rounds), " : ""
                progress("[\(step)/\(timed.count * rounds)] \(benchmark.identifier)  (\(roundText)\(elapsed) elapsed)")

                let n = operationsPerSample[index]
                    ?? Sampler.calibrate(benchmark.body, targetNanoseconds: plan.sampleTargetNanoseconds)
                operationsPerSample[index] = n
                samples[index, default: []].append(
                    Sampler.sampleRound(
                        benchmark.body, n: n, budgetNanoseconds: budgets[position],
                        minimumSamples: plan.minimumSamplesPerRound, maximumSamples: plan.maximumSamplesPerRound))
                if round == rounds {
                    let measurement = Measurement(
                        rounds: samples[index] ?? [], operationsPerSample: n,
                        allocationsPerOperation: Sampler.allocationsPerOperation(benchmark.body, n: n))
                    records[index] = BenchmarkRecord(benchmark, measurement: measurement, failure: check(benchmark))
                }
            }
        }
        return benchmarks.indices.map { index in
            records[index] ?? BenchmarkRecord(benchmarks[index], measurement: nil, failure: check(benchmarks[index]))
        }
    }

    /// Runs the benchmark's check; what it threw, or nil.
    private static func check(_ benchmark: Benchmark) -> String? {
        guard let check = benchmark.check else { return nil }
        do {
            try check()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
