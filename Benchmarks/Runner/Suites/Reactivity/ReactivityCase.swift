/// One case of js-reactivity-benchmark, written once for every variant.
protocol ReactivityCase {
    /// The case's name in the report, e.g. `kairo: diamond`.
    var name: String { get }
    /// Sizes and other settings, for the report.
    var parameters: [(String, String)] { get }
    /// Why the Observation adapter cannot run this case, or nil if it can.
    var observationLimit: String? { get }
    /// Builds the case's graph on `framework` (not timed) and returns what
    /// the runner times and checks.
    func run<F: ReactiveFramework>(on framework: F) -> ReactivityRun
}

extension ReactivityCase {
    var parameters: [(String, String)] { [] }
    var observationLimit: String? { nil }
}

/// A case built on one variant.
struct ReactivityRun {
    /// Performs the case's operation `n` times.
    var body: (_ n: Int) -> Void
    /// Verifies the benchmark's expected values and execution counts;
    /// throws a ``BenchmarkFailure`` naming the first mismatch.
    var check: () throws -> Void

    /// A case whose operation is one call of `iterate`, like the kairo cases'
    /// `iter()`.
    init(repeating iterate: @escaping () -> Void, check: @escaping () throws -> Void) {
        body = { n in
            for _ in 0..<n { iterate() }
        }
        self.check = check
    }

    init(body: @escaping (_ n: Int) -> Void, check: @escaping () throws -> Void) {
        self.body = body
        self.check = check
    }
}

/// The Tracking, reference and Observation benchmarks of `reactivityCase`,
/// built now. A case the adapter cannot run gets the other two only. The
/// reference engine runs every case, with the same checks as Tracking: a
/// wrong reference fails the run.
func benchmarks(of reactivityCase: some ReactivityCase) -> [Benchmark] {
    func benchmark<F: ReactiveFramework>(_ framework: F) -> Benchmark {
        // Built on first use and released after the group is measured.
        let lazyRun = LazyRun { reactivityCase.run(on: framework) }
        return Benchmark(
            suite: "reactivity", name: reactivityCase.name, variant: F.variant,
            parameters: reactivityCase.parameters,
            body: { lazyRun.run.body($0) },
            reset: { _ in _ = lazyRun.run },
            check: { try lazyRun.run.check() },
            teardown: {
                // The effects first: a framework keeps them (and what they
                // read) until its cleanup.
                framework.cleanup()
                lazyRun.release()
            })
    }
    var list = [benchmark(TrackingFramework()), benchmark(ReferenceFramework())]
    if reactivityCase.observationLimit == nil {
        list.append(benchmark(ObservationFramework()))
    }
    return list
}

/// A case's run, built on first use (untimed, in `reset`) and released by
/// the benchmark's teardown.
final class LazyRun {
    private let make: () -> ReactivityRun
    private var built: ReactivityRun?

    init(_ make: @escaping () -> ReactivityRun) {
        self.make = make
    }

    var run: ReactivityRun {
        if let built { return built }
        let run = make()
        built = run
        return run
    }

    func release() {
        built = nil
    }
}
