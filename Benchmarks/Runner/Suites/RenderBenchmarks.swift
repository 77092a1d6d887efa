/// The render suite: apps on the headless view host, on whole-object
/// invalidation (Publishing), fine-grained tracking (Tracking) and Apple's
/// Observation (which the host tracks too). Each benchmark times one update
/// plus the re-render, and reports the body evaluations per update, checked
/// exactly against what each strategy must re-render.
///
/// The host runs on the main actor, and so do the updates: the runner calls
/// each benchmark on the main thread, synchronously.
@MainActor
func renderBenchmarks(quick: Bool) -> [Benchmark] {
    let sizes = quick ? [10, 100] : [10, 100, 1_000, 10_000]
    let scenarios = TodoScenarios.all(sizes: sizes)
        + StructTodoScenarios.all(sizes: sizes)
        + DashboardScenario.all()
        + DeepTreeScenario.all()
        + NestedModelScenario.all()
    return scenarios.map { $0.benchmark() }
}
