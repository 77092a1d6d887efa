/// The reactivity suite: the cases of js-reactivity-benchmark
/// (milomg/js-reactivity-benchmark), each on Tracking, on the reference
/// engine (alien-signals' algorithm, single-threaded: see
/// ``ReferenceFramework``) and on an adapter over Apple's Observation (see
/// ``ObservationFramework``), with the benchmark's expected values and
/// execution counts as checks that fail the run.
///
/// - memory per dependency: bytes per dependency, in the row's parameters;
///   an operation is one dependency created and removed.
/// - kairo: avoidable, broad and deep propagation, diamond, triangle, mux,
///   repeated observers, unstable, and molBench; an operation is one
///   iteration of the case.
/// - cellx at 1,000 and 2,500 layers (Tracking only: see ``Cellx``), and at
///   16 layers for the ratio; an operation is one change of the start layer.
/// - the six dependency graphs of `config.ts`; an operation is one iteration
///   of a run (the adapter runs only the one whose iterations it can finish).
/// - sBench: the creation cases (an operation is one effect created and
///   disposed of) and the update cases (an operation is one batch of writes).
///
/// Each case is one type, written once against ``ReactiveFramework``.
///
/// - Parameter quick: Small sizes and short sampling; every check still runs.
///   The dependency graphs keep their sizes, which their expected values
///   need.
/// - Returns: The benchmarks, their graphs built.
func reactivityBenchmarks(quick: Bool) -> [Benchmark] {
    // Each case is passed with its concrete type, so that its generic code
    // is specialized for every variant.
    var list: [Benchmark] = []
    // First, while the engine's pool of links is nearly empty, so that new
    // links show as new memory.
    list += benchmarks(of: DependencyMemory(quick: quick))
    list += benchmarks(of: AvoidablePropagation())
    list += benchmarks(of: BroadPropagation())
    list += benchmarks(of: DeepPropagation())
    list += benchmarks(of: Diamond())
    list += benchmarks(of: Triangle())
    list += benchmarks(of: Mux())
    list += benchmarks(of: RepeatedObservers())
    list += benchmarks(of: Unstable())
    list += benchmarks(of: MolBench())
    for layers in [1_000, 2_500, Cellx.adapterLayers] {
        list += benchmarks(of: Cellx(layers: layers))
    }
    for config in DynamicGraphConfig.all {
        list += benchmarks(of: DynamicGraphCase(config: config))
    }
    list += benchmarks(of: SCreateSignals())
    for creation in SCreation.all(poolSize: quick ? 1_000 : 10_000) {
        list += benchmarks(of: creation)
    }
    for update in SUpdate.all(scale: quick ? 0.01 : 1) {
        list += benchmarks(of: update)
    }
    return list
}
