/// One benchmark: a named operation that the runner times.
///
/// `body(n)` must perform the operation exactly `n` times; the runner picks
/// `n` so that a sample lasts long enough to time, and reports nanoseconds per
/// operation. Setup that must not be timed belongs outside `body` (in the
/// closure that builds the benchmark), so that `body` only does the work.
///
/// Benchmarks of one operation on several implementations share `suite`,
/// `name` and `parameters` and differ in `variant`; the report puts them in
/// one group and divides each variant's median by the `Tracking` one's.
struct Benchmark {
    /// The suite: `micro`, `scale`, `render` or `reactivity`.
    var suite: String
    /// What is measured, e.g. `untracked read`.
    var name: String
    /// Which implementation: `Tracking` (fine-grained), `Observation`
    /// (Apple's), `Publishing` (whole-object), `plain`, ...
    var variant: String
    /// Parameters such as `("n", "1000")`, for the report. A numeric `n`
    /// puts the benchmark on the "against N" charts.
    var parameters: [(String, String)] = []
    /// Performs the operation `n` times.
    var body: (_ n: Int) -> Void
    /// Restores the state the operation starts from, untimed, before every
    /// call of `body` with the same `n`: e.g. removes the items the last call
    /// added, so that "add one item" keeps timing a list of N.
    var reset: ((_ n: Int) -> Void)? = nil
    /// An optional correctness check run after timing; it throws a
    /// `BenchmarkFailure` naming what went wrong.
    var check: (() throws -> Void)? = nil
    /// Releases what the benchmark built (lazily, in `reset`) once its group
    /// is measured and checked, so that one scenario's memory does not weigh
    /// on the next ones.
    var teardown: (() -> Void)? = nil
    /// Figures besides time (e.g. `body_evaluations`) and notes (e.g.
    /// `stale`) that `body` or `check` records; read after the check.
    var metrics = BenchmarkMetrics()
    /// This benchmark's share of the sampling time, relative to the others
    /// (1 by default): raise it for a noisy benchmark, lower it for a slow
    /// one whose few samples already agree.
    var weight: Double = 1
    /// The most operations one sample may make, or nil for no limit: for an
    /// operation that changes what the next one starts from (deleting the
    /// last of N rows), so that every operation of a sample still measures
    /// about N. Calibration stops there.
    var maximumOperationsPerSample: Int? = nil
    /// Set when the variant cannot run this scenario (e.g. the host cannot
    /// track Apple's Observation): the report says so instead of a time.
    var unsupportedReason: String? = nil
    /// Declares the objects the operation makes, for the heap-bytes-per-
    /// object metric (see `ObjectProbe`).
    var objects: ObjectProbe? = nil
    /// Set when the operation's work runs on threads of its own: the runner
    /// counts allocations and instructions on its own thread, so it records
    /// neither for this benchmark, and says why with this text.
    var workOnOtherThreads: String? = nil

    /// `suite/name/variant/parameters`: what `--filter` matches and
    /// `--compare` pairs results by.
    var identifier: String {
        [suite, name, variant, parameterText].filter { !$0.isEmpty }.joined(separator: "/")
    }

    /// `suite/name/parameters`: the variants of one operation share it.
    var groupKey: String {
        [suite, name, parameterText].filter { !$0.isEmpty }.joined(separator: "/")
    }

    private var parameterText: String {
        parameters.map { "\($0.0)=\($0.1)" }.joined(separator: ",")
    }

    /// A variant that cannot run the scenario: listed in the report with
    /// `reason`, never timed.
    static func unsupported(
        suite: String, name: String, variant: String, parameters: [(String, String)] = [], reason: String
    ) -> Benchmark {
        Benchmark(
            suite: suite, name: name, variant: variant, parameters: parameters, body: { _ in },
            unsupportedReason: reason)
    }
}

/// A failed correctness check inside a benchmark.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Keeps a value alive and opaque to the optimizer, so that timed work is not
/// removed as dead code.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Returns its argument through a call the optimizer cannot see into, so that
/// a loop cannot hoist reads out of itself.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T { value }
