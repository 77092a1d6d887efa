/// Runs benchmarks in rounds (see `SamplingPlan`), the variants of one
/// operation sampled in turn, then each one's allocation count and
/// correctness check, and returns their records in the given order.
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
        var records: [Int: BenchmarkRecord] = [:]
        let start = monotonicNanoseconds()
        var done = 0
        // One group at a time: its rounds, its checks, then its teardown, so
        // that what a scenario built is gone before the next one runs.
        for group in groups {
            var samples: [Int: [[Double]]] = [:]
            for round in 1...rounds {
                progress(
                    progressLine(
                        group.map { benchmarks[$0] }, first: done + 1, total: timed.count, round: round, rounds: rounds,
                        elapsedNanoseconds: monotonicNanoseconds() - start))
                if round == 1 {
                    // Every variant builds its state (a render scenario's
                    // host) before any of them runs. Otherwise a variant's
                    // state is allocated among what the previous variant's
                    // calibration freed: at N = 10,000 the Tracking host,
                    // built after the whole-object one had churned tens of
                    // megabytes, measured 10-15% slower than the same code
                    // built first.
                    for index in group { benchmarks[index].reset?(1) }
                }
                for index in group where operationsPerSample[index] == nil {
                    operationsPerSample[index] = Sampler.calibrate(
                        benchmarks[index], targetNanoseconds: plan.sampleTargetNanoseconds)
                }
                let roundSamples = Sampler.sampleRound(
                    group.map { benchmarks[$0] }, n: group.map { operationsPerSample[$0] ?? 1 },
                    budgetNanoseconds: group.reduce(0) { $0 + (budgets[$1] ?? 0) },
                    minimumSamples: plan.minimumSamplesPerRound, maximumSamples: plan.maximumSamplesPerRound)
                for (index, values) in zip(group, roundSamples) { samples[index, default: []].append(values) }
            }
            done += group.count
            for index in group {
                let n = operationsPerSample[index] ?? 1
                let measurement = Measurement(
                    rounds: samples[index] ?? [], operationsPerSample: n,
                    allocationsPerOperation: Sampler.allocationsPerOperation(benchmarks[index], n: n))
                records[index] = BenchmarkRecord(
                    benchmarks[index], measurement: measurement, failure: check(benchmarks[index]))
            }
            if let reference = group.first(where: { benchmarks[$0].variant == ResultTable.reference }),
                let referenceSamples = samples[reference]
            {
                for index in group where index != reference {
                    records[index]?.ratioToTracking = Statistics.pairedRatio(samples[index] ?? [], to: referenceSamples)
                }
            }
            for index in group { benchmarks[index].teardown?() }
        }
        return benchmarks.indices.map { index in
            records[index] ?? BenchmarkRecord(benchmarks[index], measurement: nil, failure: check(benchmarks[index]))
        }
    }

    /// `[4-6/23] micro/write, no observers (plain, Tracking, Observation)  (round 1/3, 1.2 s elapsed)`
    static func progressLine(
        _ group: [Benchmark], first: Int, total: Int, round: Int, rounds: Int, elapsedNanoseconds: UInt64
    ) -> String {
        let positions = group.count == 1 ? "\(first)" : "\(first)-\(first + group.count - 1)"
        let variants = group.count == 1 ? group[0].variant : group.map(\.variant).joined(separator: ", ")
        let roundText = rounds > 1 ? "round \(round)/\(rounds), " : ""
        let elapsed = formatSeconds(Double(elapsedNanoseconds) / 1e9)
        return "[\(positions)/\(total)] \(group[0].groupKey) (\(variants))  (\(roundText)\(elapsed) elapsed)"
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
