/// Counts executions from inside effects and computed values, whose closures
/// are `@Sendable`. The suite runs on one thread.
final class Counter: @unchecked Sendable {
    var count = 0
}

/// Records the first value that differs from the benchmark's expectation
/// while a case is timed (like the original's `console.assert`), for the
/// check to report afterwards.
final class Expectations: @unchecked Sendable {
    private var firstMismatch: String?
    private var mismatches = 0

    /// Notes a mismatch if `actual` is not `expected`.
    @inline(__always)
    func equal<T: Equatable>(_ actual: T, _ expected: T, _ what: @autoclosure () -> String) {
        if actual != expected { record("\(what()): \(actual), expected \(expected)") }
    }

    @inline(never)
    private func record(_ description: String) {
        if firstMismatch == nil { firstMismatch = description }
        mismatches += 1
    }

    /// Throws if any expectation failed so far, or `actual` is not `expected`.
    func verify<T: Equatable>(_ actual: T, _ expected: T, _ what: @autoclosure () -> String) throws {
        equal(actual, expected, what())
        try verify()
    }

    /// Throws if any expectation failed so far.
    func verify() throws {
        if let firstMismatch {
            throw BenchmarkFailure("\(firstMismatch)" + (mismatches > 1 ? " (and \(mismatches - 1) more)" : ""))
        }
    }
}

/// Work that the optimizer cannot remove or fold, standing in for the
/// original's `busy()` (a hundred increments): a hundred dependent steps.
@inline(never)
func busy() {
    var value = busySeed
    for _ in 0..<100 {
        value = (value << 1 | value >> 63) &+ 1
    }
    busySeed = value
}

nonisolated(unsafe) private var busySeed: UInt64 = 1
