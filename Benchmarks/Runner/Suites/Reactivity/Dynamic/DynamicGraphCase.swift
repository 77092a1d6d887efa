import Foundation

/// One of the six dependency-graph configurations of js-reactivity-benchmark
/// (from reactively's benchmark). An operation is one iteration of the
/// original's run: a write in a batch, then a read of the leaves.
///
/// Each time a run completes, its sum of the leaves and its number of
/// computations must be the configuration's expected values; the check
/// completes the run in progress, so that at least one run is verified.
///
/// On the Observation adapter, computed values recompute on every read, so
/// the number of computations is not comparable, and a run takes too long
/// to complete: its check is the sum, after the writes that end a run.
/// Where one iteration would read more than ``maximumAdapterReads`` signals,
/// the adapter does not run at all.
struct DynamicGraphCase: ReactivityCase {
    let config: DynamicGraphConfig
    static let maximumAdapterReads = 10_000.0

    var name: String { "dynamic: \(config.title)" }
    var parameters: [(String, String)] { [("run", "\(config.iterations)")] }
    var observationLimit: String? {
        let reads = config.readsWithoutCache
        guard reads > DynamicGraphCase.maximumAdapterReads else { return nil }
        return "recomputing on every read, one iteration reads about \(String(format: "%.1e", reads)) signals"
    }

    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun {
        let graph = DynamicGraph(config, on: framework)
        let config = config
        let expect = Expectations()
        var position = 0
        var completedRuns = 0
        graph.counter.count = 0
        let step = {
            graph.iterate(position)
            position += 1
            if position == config.iterations {
                position = 0
                completedRuns += 1
                expect.equal(graph.sum, config.expectedSum, "sum of the leaves after a run")
                if F.memoizesComputedValues {
                    expect.equal(graph.counter.count, config.expectedCount, "computations in a run")
                }
                graph.counter.count = 0
            }
        }
        return ReactivityRun { n in
            for _ in 0..<n { step() }
        } check: {
            if F.memoizesComputedValues {
                while position != 0 || completedRuns == 0 { step() }
            } else {
                for i in (config.iterations - config.width)..<config.iterations { graph.iterate(i) }
                expect.equal(graph.sum, config.expectedSum, "sum of the leaves after a run")
            }
            try expect.verify()
        }
    }
}
