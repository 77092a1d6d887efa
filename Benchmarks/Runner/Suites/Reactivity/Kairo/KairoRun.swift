/// The iteration most kairo cases share, as the original's `iter()`: one
/// batch writing 1 to the head (then, if given, the value `afterFirstWrite`
/// asserted), the effect counter reset, then `writes` batches writing 0, 1,
/// 2, …, each followed by the value `afterWrite(i)` asserted. An operation is
/// one iteration; the check runs one more and expects `expectedEffectRuns`.
func kairoRun<F: ReactiveFramework>(
    _ framework: F, head: Signal<Int>, asserting value: Computed<Int>, named name: String,
    effectRuns: Counter, writes: Int, expectedEffectRuns: Int,
    afterFirstWrite: Int? = nil, afterWrite: @escaping (_ i: Int) -> Int
) -> ReactivityRun {
    let expect = Expectations()
    let iterate = {
        framework.batch { head.write(1) }
        if let afterFirstWrite { expect.equal(value.read(), afterFirstWrite, name) }
        effectRuns.count = 0
        for i in 0..<writes {
            framework.batch { head.write(i) }
            expect.equal(value.read(), afterWrite(i), name)
        }
    }
    return ReactivityRun(repeating: iterate) {
        iterate()
        try expect.verify(effectRuns.count, expectedEffectRuns, "effect runs in one iteration")
    }
}

extension ReactiveFramework {
    /// An effect that reads `value` and counts its runs in `runs` (the
    /// original's `callCounter`).
    func countedEffect<Value>(reading value: Computed<Value>, into runs: Counter) {
        effect {
            _ = value.read()
            runs.count += 1
        }
    }
}
