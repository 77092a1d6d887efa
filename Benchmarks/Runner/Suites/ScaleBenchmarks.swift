import Foundation

/// The scale suite: what many objects cost on Tracking, Apple's Observation
/// and a plain class (3 stored properties: Int, String, Bool), and how
/// observed writes scale with threads. Its checks assert observer runs and
/// values, never timings.
func scaleBenchmarks(quick: Bool) -> [Benchmark] {
    let probeCount = quick ? 10_000 : 100_000
    return objectCreationBenchmarks(probeCount: probeCount)
        + observedCreationBenchmarks(probeCount: probeCount)
        + listElementBenchmarks(probeCount: probeCount)
        + observedWriteBenchmarks(threadCounts: scaleThreadCounts(cores: ProcessInfo.processInfo.activeProcessorCount))
}

/// 1, 2, 4, … below `cores`, then `cores` itself: [1, 2] on 2 cores,
/// [1, 2, 4, 6] on 6.
func scaleThreadCounts(cores: Int) -> [Int] {
    let cores = max(1, cores)
    var counts: [Int] = []
    var count = 1
    while count < cores {
        counts.append(count)
        count *= 2
    }
    return counts + [cores]
}
