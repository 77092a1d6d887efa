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

    /// One round of a group of benchmarks (the variants of one operation):
    /// a warm-up call each, then one sample of each in turn, so that every
    /// variant sees the same moments of machine load, until the budget is
    /// spent (and at least `minimumSamples` each are taken). Returns
    /// nanoseconds per operation, a list per body, sample k of each body
    /// taken back to back.
    static func sampleRound(
        _ bodies: [(Int) -> Void], n: [Int], budgetNanoseconds: UInt64, minimumSamples: Int, maximumSamples: Int
    ) -> [[Double]] {
        // Warm caches up after the other benchmarks; an operation that fills a
        // sample alone (n = 1) warms them itself.
        for (body, count) in zip(bodies, n) where count > 1 { body(count) }
        var samples = Array(repeating: [Double](), count: bodies.count)
        let budgetStart = monotonicNanoseconds()
        for round in 0..<maximumSamples {
            var end: UInt64 = 0
            for (index, body) in bodies.enumerated() {
                let start = monotonicNanoseconds()
                body(n[index])
                end = monotonicNanoseconds()
                samples[index].append(Double(end - start) / Double(n[index]))
            }
            if round + 1 >= minimumSamples, end - budgetStart >= budgetNanoseconds { break }
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
