import Rendering

/// One render scenario on one strategy: a host built lazily (untimed, on the
/// first reset), an update to time, the body evaluations one update must
/// cause, and a check that the screen shows the update.
///
/// Each timed operation is one update followed by the host's re-render; the
/// runner divides by the number of updates. The body evaluations are counted
/// over every timed call and reported per update.
///
/// The host and the updates run on the main actor, synchronously: the runner
/// calls a benchmark's closures on the main thread, which is where the main
/// actor runs (it asserts so), and every update ends with the host's
/// synchronous `flush()` or an interaction, which renders before it returns.
struct RenderScenario {
    /// The strategies, as the report names them.
    static let fineGrained = "Tracking"
    static let wholeObject = "Publishing"
    static let observation = "Observation"

    var name: String
    var strategy: String
    var parameters: [(String, String)]
    /// Builds the host and returns the closure that makes update number `i`
    /// and re-renders.
    var setUp: @MainActor () -> RenderWorkload
    /// Body evaluations one update must cause, exactly.
    var expectedBodiesPerUpdate: Int
    /// Whether the strategy shows stale values in this scenario (the whole-
    /// object model under a nested ObservableObject): reported, not hidden.
    var expectsStale = false
    var weight: Double = 1
    /// The most updates one sample may make (see
    /// `Benchmark.maximumOperationsPerSample`), or nil for no limit.
    var maximumUpdatesPerSample: Int? = nil

    func benchmark() -> Benchmark {
        let state = RenderScenarioState(setUp: setUp)
        let metrics = BenchmarkMetrics()
        let expected = expectedBodiesPerUpdate
        let expectsStale = expectsStale
        let identifier = "\(name) (\(strategy), \(parameters.map { "\($0.0)=\($0.1)" }.joined(separator: ", ")))"
        return Benchmark(
            suite: "render", name: name, variant: strategy, parameters: parameters,
            body: { n in
                MainActor.assumeIsolated {
                    let workload = state.workload
                    for _ in 0..<n {
                        workload.update(state.nextUpdate())
                    }
                }
            },
            // Clearing the previous sample's counts is not part of an update.
            reset: { _ in
                MainActor.assumeIsolated {
                    state.prepare()
                    state.workload.host.resetCounts()
                }
            },
            check: {
                let outcome = MainActor.assumeIsolated { state.checkedUpdate() }
                metrics[BenchmarkMetrics.bodyEvaluations] = Double(outcome.bodies)
                guard outcome.bodies == expected else {
                    throw BenchmarkFailure(
                        "\(identifier): one update re-rendered \(outcome.bodies) bodies, expected \(expected)")
                }
                if expectsStale {
                    guard !outcome.shows else {
                        throw BenchmarkFailure("\(identifier): expected the whole-object model to stay stale")
                    }
                    metrics.note("stale: the screen still shows the old value after the update")
                } else if !outcome.shows {
                    throw BenchmarkFailure("\(identifier): the screen does not show update \(outcome.update)")
                }
                if !outcome.errors.isEmpty {
                    throw BenchmarkFailure("\(identifier): host errors \(outcome.errors)")
                }
            },
            teardown: { MainActor.assumeIsolated { state.release() } },
            metrics: metrics,
            weight: weight,
            maximumOperationsPerSample: maximumUpdatesPerSample)
    }
}

/// A host for a benchmark: it keeps body counts but no render log, since
/// logging each re-render is not part of an update (and costs the
/// whole-object model, which re-renders N bodies, N times more).
@MainActor
func benchmarkHost(_ root: some View) -> ViewHost {
    ViewHost(root, options: ViewHost.Options(recordsRenderLog: false))
}

/// A built host and how to drive it.
struct RenderWorkload {
    let host: ViewHost
    /// Makes update number `index` (a running count), then re-renders.
    let update: @MainActor (_ index: Int) -> Void
    /// Whether the screen shows the state after update `index`.
    let showsUpdate: @MainActor (_ index: Int) -> Bool
    /// Undoes the effect of updates that change the size of the app (an
    /// added item), untimed, so that every call times the same N.
    var restore: @MainActor () -> Void = {}
}

/// The lazily built workload of one scenario and its update counter.
@MainActor
final class RenderScenarioState {
    private let setUp: @MainActor () -> RenderWorkload
    private var built: RenderWorkload?
    private var counter = 0

    nonisolated init(setUp: @escaping @MainActor () -> RenderWorkload) {
        self.setUp = setUp
    }

    var workload: RenderWorkload {
        if let built { return built }
        let workload = setUp()
        built = workload
        return workload
    }

    /// Builds the host on first use, else restores the starting size.
    func prepare() {
        if let built { built.restore() } else { _ = workload }
    }

    /// Drops the host and its models.
    func release() {
        built = nil
    }

    func nextUpdate() -> Int {
        counter += 1
        return counter
    }

    /// What one update, counted from a reset, did: for the check.
    struct CheckedUpdate: Sendable {
        let update: Int
        let bodies: Int
        let shows: Bool
        let errors: [RenderingError]
    }

    /// Makes one update and reports its body evaluations, whether the screen
    /// shows it, and the host's errors.
    func checkedUpdate() -> CheckedUpdate {
        prepare()
        let workload = self.workload
        workload.host.resetCounts()
        let update = nextUpdate()
        workload.update(update)
        return CheckedUpdate(
            update: update, bodies: workload.host.totalBodyCount, shows: workload.showsUpdate(update),
            errors: workload.host.errors)
    }
}
