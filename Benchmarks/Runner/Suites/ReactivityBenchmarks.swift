/// The reactivity suite: the cases of js-reactivity-benchmark. Lands with
/// the derived-values issue.
func reactivityBenchmarks(quick: Bool) -> [Benchmark] {
    []
}
