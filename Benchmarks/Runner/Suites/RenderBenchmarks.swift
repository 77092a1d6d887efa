/// The render suite: apps on the headless view host, whole-object against
/// fine-grained invalidation. Lands with the view host.
func renderBenchmarks(quick: Bool) -> [Benchmark] {
    []
}
