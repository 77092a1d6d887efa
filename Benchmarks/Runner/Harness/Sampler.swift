import CAllocationCounter

/// Times a benchmark body: calibration, warm-up, samples, allocations.
enum Sampler {
    /// How many operations fill a sample of about `targetNanoseconds`:
    /// doubles n until one call takes an eighth of it, then scales; each
    /// step takes the quicker of two calls, so that one preemption or slow
    /// wake-up does not end the doubling early with an n far too small.
    ///
    /// One untimed call comes first. The first call after another
    /// benchmark can be many times slower than the next (typing a title at
    /// N = 10,000 on the Tracking model, right after the whole-object
    /// variant: 98 µs, then 11 µs). Timed, a first call over an eighth of
    /// the target stops the doubling at n = 1 and makes n a few operations
    /// where a hundred fill the sample; every sample is then dominated by
    /// its own cold start. That typing benchmark was calibrated at n = 4
    /// and measured 0.4-0.7x the Observation model, calibrated at n = 88.
    static func calibrate(_ benchmark: Benchmark, targetNanoseconds: UInt64) -> Int {
        _ = time(benchmark, 1)
        let limit = benchmark.maximumOperationsPerSample ?? 1 << 30
        var n = 1
        var elapsed: UInt64 = 0
        while true {
            elapsed = min(time(benchmark, n), time(benchmark, n))
            if elapsed >= targetNanoseconds / 8 || n >= limit { break }
            n = min(n * 2, limit)
        }
        let perOperation = max(Double(elapsed) / Double(n), 0.01)
        return min(limit, max(1, Int(Double(targetNanoseconds) / perOperation)))
    }

    /// One round of a group of benchmarks (the variants of one operation):
    /// a warm-up call each, then one sample of each in turn, so that every
    /// variant sees the same moments of machine load, until the budget is
    /// spent (and at least `minimumSamples` each are taken). Returns
    /// nanoseconds per operation, a list per body, sample k of each body
    /// taken back to back.
    ///
    /// Each sample is preceded by one untimed operation of the same
    /// benchmark, so that it does not start in the caches the previous
    /// variant left (see ``calibrate(_:targetNanoseconds:)``); except once a
    /// sample has taken over ``coldStartLimit``, against which a cold start
    /// is small. Moving a row at N = 10,000, one 3 ms operation a sample,
    /// measured 14% slower on the variant sampled right after the
    /// whole-object one without it.
    static func sampleRound(
        _ group: [Benchmark], n: [Int], budgetNanoseconds: UInt64, minimumSamples: Int, maximumSamples: Int
    ) -> [[Double]] {
        // Warm caches up after the other benchmarks; an operation that fills a
        // sample alone (n = 1) warms them itself.
        for (benchmark, count) in zip(group, n) where count > 1 { _ = time(benchmark, count) }
        var samples = Array(repeating: [Double](), count: group.count)
        let budgetStart = monotonicNanoseconds()
        var lastSample = Array(repeating: UInt64(0), count: group.count)
        for round in 0..<maximumSamples {
            for (index, benchmark) in group.enumerated() {
                if lastSample[index] < coldStartLimit { _ = time(benchmark, 1) }
                lastSample[index] = time(benchmark, n[index])
                samples[index].append(Double(lastSample[index]) / Double(n[index]))
            }
            if round + 1 >= minimumSamples, monotonicNanoseconds() - budgetStart >= budgetNanoseconds { break }
        }
        return samples
    }

    /// How long a sample must take for its cold start not to matter: 10 ms.
    static let coldStartLimit: UInt64 = 10_000_000

    /// Nanoseconds that `body(n)` takes, after an untimed `reset(n)`.
    ///
    /// The heap is settled first, untimed, so that the sample does not pay
    /// for what the benchmark before it freed: after a whole-object update
    /// at N = 10,000 frees 80,000 objects, glibc keeps most of them in its
    /// fast bins, and one free in the next few operations of the next
    /// variant merges them all (0.4-0.9 ms, in one toggle that takes 7 µs).
    static func time(_ benchmark: Benchmark, _ n: Int) -> UInt64 {
        benchmark.reset?(n)
        allocation_counter_settle_heap()
        let start = monotonicNanoseconds()
        benchmark.body(n)
        return monotonicNanoseconds() - start
    }

    /// Heap allocations per operation on this thread, over up to 10,000
    /// operations; nil when the malloc counter is not linked.
    static func allocationsPerOperation(_ benchmark: Benchmark, n: Int) -> Double? {
        guard allocation_counter_is_active() != 0 else { return nil }
        let count = max(1, min(n, 10_000))
        benchmark.reset?(count)
        let before = allocation_counter_thread_total()
        benchmark.body(count)
        let after = allocation_counter_thread_total()
        return Double(after - before) / Double(count)
    }
}
