/// Runs benchmarks in rounds (see `SamplingPlan`), the variants of one
/// operation sampled in turn, then each one's allocation count and
/// correctness check, and returns their records.
enum BenchmarkRun {
    /// `progress` receives a line per group of variants per round: which
    /// benchmarks, their position among all, the round and the time elapsed.
    static func run(_ benchmarks: [Benchmark], plan: SamplingPlan, progress: (String) -> Void) -> [BenchmarkRecord] {
        let timed = benchmarks.indices.filter { benchmarks[$0].unsupportedReason == nil }
        let budgets = Dictionary(
            uniqueKeysWithValues: zip(timed, plan.roundBudgets(weights: timed.map { benchmarks[$0].weight })))
        let groups = timed.map { benchmarks[$0].groupKey }.uniqued().map { key in
            timed.filter { benchmarks[$0].groupKey == key }
        }
        let rounds = max(plan.rounds, 1)
        var operationsPerSample: [Int: Int] = [:]
        var samples: [Int: [[Double]]] = [:]
        var records: [Int: BenchmarkRecord] = [:]
        let start = monotonicNanoseconds()
        var done = 0
        for round in 1...rounds {
            done = 0
            for group in groups {
                let elapsed = formatSeconds(Double(monotonicNanoseconds() - start) / 1e9)
                let positions = group.count == 1 ? "\(done + 1)" : "\(done + 1)-\(done + group.count)"
                let variants = group.count == 1 ? "" : " (\(group.map { benchmarks[$0].variant }.joined(separator: ", ")))"
                let roundText = rounds > 1 ? "round \(round)/\(rounds), " : ""
                progress(
                    "[\(positions)/\(timed.count)] \(benchmarks[group[0]].groupKey)\(variants)  "
                        + "(\(roundText)\(elapsed) elapsed)")
                done += group.count

                for index in group where operationsPerSample[index] == nil {
                    operationsPerSample[index] = Sampler.calibrate(
                        benchmarks[index].body, targetNanoseconds: plan.sampleTargetNanoseconds)
                }
                let n = group.map { operationsPerSample[$0] ?? 1 }
                let roundSamples = Sampler.sampleRound(
                    group.map { benchmarks[$0].body }, n: n,
                    budgetNanoseconds: group.reduce(0) { $0 + (budgets[$1] ?? 0) },
                    minimumSamples: plan.minimumSamplesPerRound, maximumSamples: plan.maximumSamplesPerRound)
                for (index, values) in zip(group, roundSamples) { samples[index, default: []].append(values) }
                if round == rounds {
                    for (index, count) in zip(group, n) {
                        let measurement = Measurement(
                            rounds: samples[index] ?? [], operationsPerSample: count,
                            allocationsPerOperation: Sampler.allocationsPerOperation(benchmarks[index].body, n: count))
                        records[index] = BenchmarkRecord(
                            benchmarks[index], measurement: measurement, failure: check(benchmarks[index]))
                    }
                    let reference = group.first { benchmarks[$0].variant == ResultTable.reference }
                    for index in group where index != reference {
                        guard let reference, let referenceSamples = samples[reference] else { break }
                        records[index]?.ratioToTracking = Statistics.pairedRatio(
                            samples[index] ?? [], to: referenceSamples)
                    }
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
