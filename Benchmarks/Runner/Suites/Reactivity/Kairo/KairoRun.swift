/// The kairo cases' harness: an operation is one call of the case's `iter()`,
/// which asserts values as it goes; the check calls it once more and compares
/// the effect runs it counted (the counter is reset where the original
/// resets it) with the expected number.
func kairoRun(
    _ expectations: Expectations, effectRuns: Counter, expected: Int,
    iterate: @escaping () -> Void
) -> ReactivityRun {
    ReactivityRun(repeating: iterate) {
        iterate()
        try expectations.verify(effectRuns.count, expected, "effect runs in one iteration")
    }
}
