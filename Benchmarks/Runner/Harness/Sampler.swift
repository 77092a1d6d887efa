import CAllocationCounter

/// Times a benchmark body: calibration, warm-up, samples, allocations.
enum Sampler {
    /// How many operations fill a sample of about `targetNanoseconds`:
    /// doubles n until one call takes an eighth of it, then scales.
    static func calibrate(_ body: (Int) -> Void, targetNanoseconds: UInt64) -> Int {
        var n = 1
        var elapsed: UInt64 = 0
        while true {
            let start = monotonicNanoseconds()
            body(n)
            elapsed = monotonicNanoseconds() - start
            if elapsed >= targetNanoseconds / 8 || n >= 1 << 30 { break }
            n *= 2
        }
        let perOperation = max(Double(elapsed) / Double(n), 0.01)
        return max(1, Int(Double(targetNanoseconds) / perOperation))
    }

    /// One round: a warm-up call, then samples of `n` operations until the
    /// budget is spent (and at least `minimumSamples` are taken). Returns
    /// nanoseconds per operation, one value a sample.
    static func sampleRound(
        _ body: (Int) -> Void, n: Int, budgetNanoseconds: UInt64, minimumSamples: Int, maximumSamples: Int
    ) -> [Double] {
        body(n)  // warm-up: caches and branch predictors after the other benchmarks
        var samples: [Double] = []
        let budgetStart = monotonicNanoseconds()
        while samples.count < maximumSamples {
            let start = monotonicNanoseconds()
            body(n)
            let end = monotonicNanoseconds()
            samples.append(Double(end - start) / Double(n))
            if samples.count >= minimumSamples, end - budgetStart >= budgetNanoseconds { break }
        }
        return samples
    }

    /// Heap allocations per operation on this thread, over up to 10,000
    /// operations; nil when the malloc counter is not linked.
    static func allocationsPerOperation(_ body: (Int) -> Void, n: Int) -> Double? {
        guard allocation_counter_is_active() != 0 else { return nil }
        let count = max(1, min(n, 10_000))
        let before = allocation_counter_thread_total()
        body(count)
        let after = allocation_counter_thread_total()
        return Double(after - before) / Double(count)
    }
}
