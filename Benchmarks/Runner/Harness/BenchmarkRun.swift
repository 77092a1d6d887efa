/// Runs benchmarks in rounds (see `SamplingPlan`), the variants of one
/// operation sampled in turn, then each one's allocation count, memory,
/// instruction count (with a hardware counter) and correctness check, and
/// returns their records in the given order.
enum BenchmarkRun {
    /// `progress` receives a line per group of variants per round: which
    /// benchmarks, their position among all, the round and the time elapsed.
    /// With `instructions`, each benchmark's instructions per operation are
    /// counted in this process; callgrind counts after the run instead.
    static func run(
        _ benchmarks: [Benchmark], plan: SamplingPlan, instructions: HardwareInstructionCounter? = nil,
        progress: (String) -> Void
    ) -> [BenchmarkRecord] {
        let timed = benchmarks.indices.filter { benchmarks[$0].unsupportedReason == nil }
        let budgets = Dictionary(
            uniqueKeysWithValues: zip(timed, plan.roundBudgets(weights: timed.map { benchmarks[$0].weight })))
        let groups = timed.map { benchmarks[$0].groupKey }.uniqued().map { key in
            timed.filter { benchmarks[$0].groupKey == key }
        }
        let rounds = max(plan.rounds, 1)
        var operationsPerSample: [Int: Int] = [:]
        var peakGrowth: [Int: Int] = [:]
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
                    // Calibration is the benchmark's first use: its lazily built
                    // state and its first calls are what its memory peak is.
                    let (n, growth) = ResidentMemory.peakGrowth {
                        Sampler.calibrate(benchmarks[index], targetNanoseconds: plan.sampleTargetNanoseconds)
                    }
                    operationsPerSample[index] = n
                    peakGrowth[index] = growth
                }
                let roundSamples = Sampler.sampleRound(
                    group.map { benchmarks[$0] }, n: group.map { operationsPerSample[$0] ?? 1 },
                    budgetNanoseconds: group.reduce(0) { $0 + (budgets[$1] ?? 0) },
                    minimumSamples: plan.minimumSamplesPerRound, maximumSamples: plan.maximumSamplesPerRound)
                for (index, values) in zip(group, roundSamples) { samples[index, default: []].append(values) }
            }
            done += group.count
            for index in group {
                let benchmark = benchmarks[index]
                let n = operationsPerSample[index] ?? 1
                var measurement = Measurement(
                    rounds: samples[index] ?? [], operationsPerSample: n,
                    allocationsPerOperation: benchmark.workOnOtherThreads == nil
                        ? Sampler.allocationsPerOperation(benchmark, n: n) : nil)
                measurement.peakResidentGrowthBytes = peakGrowth[index]
                measurement.heapBytesPerObject = benchmark.objects?.heapBytesPerObject()
                if let instructions, benchmark.workOnOtherThreads == nil,
                    let counts = InstructionCounting.counts(benchmark, n: n, count: instructions.count)
                {
                    measurement.instructionsPerOperation = InstructionCounting.perOperation(
                        once: counts.once, twice: counts.twice, n: n)
                }
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
            if let engine = group.first(where: { benchmarks[$0].variant == ReferenceComparison.variant }),
                let engineSamples = samples[engine]
            {
                for index in group where index != engine {
                    records[index]?.ratioToReference = Statistics.pairedRatio(samples[index] ?? [], to: engineSamples)
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
        // Semicolons: a variant's name may hold a comma ("bridged, read once").
        let variants = group.count == 1 ? group[0].variant : group.map(\.variant).joined(separator: "; ")
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
