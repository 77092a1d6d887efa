import Foundation

/// One of the benchmark's dependency-graph configurations (from
/// js-reactivity-benchmark's `config.ts`), with its expected results.
struct DynamicGraphConfig {
    /// Sources, and computed values per layer.
    let width: Int
    /// Layers, the sources included.
    let totalLayers: Int
    /// The chance that a computed value always reads all its inputs; the
    /// others drop one, chosen by the value of their first input.
    let staticFraction: Double
    /// Inputs of each computed value.
    let nSources: Int
    /// The share of the last layer that the effect and the loop read.
    let readFraction: Double
    /// Writes in one run of the graph.
    let iterations: Int
    /// The sum of the read leaves after a run.
    let expectedSum: Double
    /// Computations during a run that follows a full run.
    let expectedCount: Int

    /// The benchmark's six configurations.
    static let all = [
        DynamicGraphConfig(
            width: 10, totalLayers: 5, staticFraction: 1, nSources: 2, readFraction: 0.2,
            iterations: 600_000, expectedSum: 19_199_968, expectedCount: 3_480_000),
        DynamicGraphConfig(
            width: 10, totalLayers: 10, staticFraction: 3.0 / 4.0, nSources: 6, readFraction: 0.2,
            iterations: 15_000, expectedSum: 302_310_782_860, expectedCount: 1_155_000),
        DynamicGraphConfig(
            width: 1_000, totalLayers: 12, staticFraction: 0.95, nSources: 4, readFraction: 1,
            iterations: 7_000, expectedSum: 29_355_933_696_000, expectedCount: 1_463_000),
        DynamicGraphConfig(
            width: 1_000, totalLayers: 5, staticFraction: 1, nSources: 25, readFraction: 1,
            iterations: 3_000, expectedSum: 1_171_484_375_000, expectedCount: 732_000),
        DynamicGraphConfig(
            width: 5, totalLayers: 500, staticFraction: 1, nSources: 3, readFraction: 1,
            iterations: 500, expectedSum: 3.0239642676898464e241, expectedCount: 1_246_500),
        DynamicGraphConfig(
            width: 100, totalLayers: 15, staticFraction: 0.5, nSources: 6, readFraction: 1,
            iterations: 2_000, expectedSum: 15_664_996_402_790_400, expectedCount: 1_078_000),
    ]

    /// The benchmark's title, e.g. `6-10x10 - dyn25% - lazy80%`.
    var title: String {
        var title = "\(nSources)-\(width)x\(totalLayers)"
        if staticFraction < 1 { title += " - dyn\(formatPercent(1 - staticFraction))" }
        if readFraction < 1 { title += " - lazy\(formatPercent(1 - readFraction))" }
        return title
    }

    /// Leaves the effect and the loop read.
    var readLeafCount: Int {
        width - Int((Double(width) * (1 - readFraction)).rounded())
    }

    /// Signal reads of one iteration if every computed value recomputes on
    /// every read (the Observation adapter): each leaf read walks its whole
    /// cone, nSources^(layers - 1) paths, and the effect and the loop each
    /// read every leaf.
    var readsWithoutCache: Double {
        2 * Double(readLeafCount) * pow(Double(nSources), Double(totalLayers - 1))
    }
}
