/// The runner's exit statuses, as `--help` and docs/benchmarks.md list them.
enum ExitStatus {
    /// Every correctness check passed and, with `--check-thresholds`, nothing
    /// regressed past its threshold.
    static let success: Int32 = 0
    /// A correctness check failed; wins over `regression`.
    static let checkFailed: Int32 = 1
    /// Bad input, found before any timing.
    static let badInput: Int32 = 2
    /// `--check-thresholds`: a benchmark regressed past its threshold.
    static let regression: Int32 = 3
}
