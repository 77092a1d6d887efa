/// One benchmark: a named operation that the runner times.
///
/// `body(n)` must perform the operation exactly `n` times; the runner picks
/// `n` so that a sample lasts long enough to time, and reports nanoseconds per
/// operation. Setup that must not be timed belongs outside `body` (in the
/// closure that builds the benchmark), so that `body` only does the work.
struct Benchmark {
    /// The suite: `micro`, `render` or `reactivity`.
    var suite: String
    /// What is measured, e.g. `untracked read`.
    var name: String
    /// Which implementation: `Tracking`, `Observation`, `plain`, `Publishing`, ...
    var variant: String
    /// Parameters such as `n: 1000`, for the report.
    var parameters: [(String, String)] = []
    /// Performs the operation `n` times.
    var body: (_ n: Int) -> Void
    /// An optional correctness check run after timing; it throws a
    /// `BenchmarkFailure` naming what went wrong.
    var check: (() throws -> Void)? = nil

    var identifier: String {
        let parameterText = parameters.map { "\($0.0)=\($0.1)" }.joined(separator: ",")
        return [suite, name, variant, parameterText].filter { !$0.isEmpty }.joined(separator: "/")
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
