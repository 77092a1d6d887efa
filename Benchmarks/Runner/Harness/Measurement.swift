import CAllocationCounter

/// How long and how often to sample.
struct SamplingPlan {
    /// Aim for samples of about this many nanoseconds each.
    var sampleTargetNanoseconds: UInt64
    /// Stop sampling after this much time, once `minimumSamples` are taken.
    var budgetNanoseconds: UInt64
    var minimumSamples: Int
    var maximumSamples: Int

    static let standard = SamplingPlan(
        sampleTargetNanoseconds: 10_000_000, budgetNanoseconds: 400_000_000,
        minimumSamples: 7, maximumSamples: 40)
    static let quick = SamplingPlan(
        sampleTargetNanoseconds: 1_000_000, budgetNanoseconds: 30_000_000,
        minimumSamples: 3, maximumSamples: 8)
}

/// The timing of one benchmark: nanoseconds per operation over its samples.
struct Measurement {
    var median: Double
    var p90: Double
    var minimum: Double
    var samples: Int
    var operationsPerSample: Int
    /// Heap allocations per operation, or nil if the counter is not linked.
    var allocationsPerOperation: Double?

    /// (p90 - min) / median: how much the samples spread.
    var spread: Double { median > 0 ? (p90 - minimum) / median : 0 }
}

enum Sampler {
    /// Times `benchmark`: finds how many operations fill a sample, warms up,
    /// then samples until the budget is spent.
    static func measure(_ benchmark: Benchmark, plan: SamplingPlan) -> Measurement {
        let body = benchmark.body
        // Calibrate: double n until one call takes a measurable time.
        var n = 1
        var elapsed: UInt64 = 0
        while true {
            let start = monotonicNanoseconds()
            body(n)
            elapsed = monotonicNanoseconds() - start
            if elapsed >= plan.sampleTargetNanoseconds / 8 || n >= 1 << 30 { break }
            n *= 2
        }
        let perOperation = max(Double(elapsed) / Double(n), 0.01)
        n = max(1, Int(Double(plan.sampleTargetNanoseconds) / perOperation))

        body(n)  // warm-up at the sampling size

        var samples: [Double] = []
        let budgetStart = monotonicNanoseconds()
        while samples.count < plan.maximumSamples {
            let start = monotonicNanoseconds()
            body(n)
            let end = monotonicNanoseconds()
            samples.append(Double(end - start) / Double(n))
            if samples.count >= plan.minimumSamples, end - budgetStart >= plan.budgetNanoseconds { break }
        }
        samples.sort()

        var allocations: Double?
        if allocation_counter_is_active() != 0 {
            let count = max(1, min(n, 10_000))
            let before = allocation_counter_thread_total()
            body(count)
            let after = allocation_counter_thread_total()
            allocations = Double(after - before) / Double(count)
        }
        return Measurement(
            median: percentile(samples, 0.5),
            p90: percentile(samples, 0.9),
            minimum: samples.first ?? 0,
            samples: samples.count,
            operationsPerSample: n,
            allocationsPerOperation: allocations)
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let weight = position - Double(lower)
        return sorted[lower] * (1 - weight) + sorted[upper] * weight
    }
}
