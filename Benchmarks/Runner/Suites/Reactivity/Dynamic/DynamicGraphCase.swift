import Foundation

/// One of the six dependency-graph configurations of js-reactivity-benchmark
/// (from reactively's benchmark). An operation is one iteration of the
/// original's run: a write in a batch, then a read of the leaves.
///
/// The check completes the run in progress, then makes one full run, as the
/// original measures after its warm-up runs, and compares the leaves' sum and
/// the number of computations with the configuration's expected values.
///
/// On the Observation adapter, computed values recompute on every read, so
/// the number of computations is not comparable: its check is the sum, after
/// the writes that end a run. Where one iteration would read more than
/// ``maximumAdapterReads`` signals, the adapter does not run at all.
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
        var position = 0
        let step = {
            graph.iterate(position)
            position += 1
            if position == config.iterations { position = 0 }
        }
        return ReactivityRun { n in
            for _ in 0..<n { step() }
        } check: {
            let expect = Expectations()
            if F.memoizesComputedValues {
                while position != 0 { step() }
                graph.counter.count = 0
                for _ in 0..<config.iterations { step() }
                try expect.verify(graph.counter.count, config.expectedCount, "computations in a run")
            } else {
                for i in (config.iterations - config.width)..<config.iterations { graph.iterate(i) }
                position = 0
            }
            try expect.verify(graph.sum, config.expectedSum, "sum of the leaves after a run")
        }
    }
}
