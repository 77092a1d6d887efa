import Tracking

/// One thread's share of "observed writes": its own item, the item's own
/// observer, and how many writes the thread made. Only that thread writes
/// and observes it while a sample runs; the runner's thread reads it after.
final class WriterLane<Item: ScaleItem & Sendable>: @unchecked Sendable {
    let item: Item
    let log = RunLog()
    var writes = 0
    var token: TrackingToken?

    init(_ item: Item) {
        self.item = item
    }
}

/// "observed writes [threads=k]" for k = 1, 2, 4, … up to the core count: k
/// threads write at once, each to its own item, each item with its own
/// observer of its three properties. The time is per write over all threads
/// (so throughput, all threads together, is 1 s ÷ that time); the threads
/// wait between samples, so that a sample does not time starting them.
func observedWriteBenchmarks(threadCounts: [Int]) -> [Benchmark] {
    threadCounts.flatMap { threads -> [Benchmark] in
        [
            .unsupported(
                suite: "scale", name: "observed writes", variant: "plain", parameters: [("threads", "\(threads)")],
                reason: "a plain class has no observers"),
            // Each write re-runs its item's observer once, which sees it.
            observedWrites("Tracking", threads: threads, lastSeenLag: 0) { (lane: WriterLane<ScaleTrackedItem>) in
                lane.token = observeAll(lane.item, onRun: lane.log.record)
            },
            // onChange runs before the value is stored: the re-armed run
            // after the last write saw the value before it.
            observedWrites("Observation", threads: threads, lastSeenLag: 1) { (lane: WriterLane<ScaleObservedItem>) in
                observeAll(lane.item, onRun: lane.log.record)
            },
        ]
    }
}

/// One variant of "observed writes" on `threads` threads; `observe` gives a
/// lane's item its observer, whose last run must have seen the value
/// `lastSeenLag` writes before the last.
private func observedWrites<Item: ScaleItem & Sendable>(
    _ variant: String, threads: Int, lastSeenLag: Int, observe: @escaping (WriterLane<Item>) -> Void
) -> Benchmark {
    let lanes = WriterLanes(threads) { () -> WriterLane<Item> in
        let lane = WriterLane(Item())
        observe(lane)
        return lane
    } write: { lane in
        lane.writes += 1
        lane.item.number = lane.writes
    }
    return Benchmark(
        suite: "scale", name: "observed writes", variant: variant, parameters: [("threads", "\(threads)")],
        body: { lanes.run($0) }, reset: { _ in lanes.start() },
        check: {
            try lanes.verify { lane in
                let seen = lane.writes - lastSeenLag
                return lane.log.runs == lane.writes + 1 && lane.log.lastNumber == seen && lane.item.number == lane.writes
                    ? nil
                    : "\(lane.writes) writes, the item holds \(lane.item.number), its observer ran \(lane.log.runs) "
                        + "times and last saw \(lane.log.lastNumber); expected \(lane.writes + 1) runs that ended on \(seen)"
            }
        },
        teardown: { lanes.stop() }, workOnOtherThreads: "writes on worker threads")
}

/// The lanes and worker threads of one "observed writes" benchmark, made
/// on first use and dropped by the teardown.
final class WriterLanes<Item: ScaleItem & Sendable>: @unchecked Sendable {
    private let threads: Int
    private let makeLane: () -> WriterLane<Item>
    private let write: @Sendable (WriterLane<Item>) -> Void
    private var lanes: [WriterLane<Item>] = []
    private var workers: WorkerThreads?

    init(
        _ threads: Int, lane makeLane: @escaping () -> WriterLane<Item>,
        write: @escaping @Sendable (WriterLane<Item>) -> Void
    ) {
        self.threads = threads
        self.makeLane = makeLane
        self.write = write
    }

    /// Makes the lanes and starts the threads, the first time.
    func start() {
        guard workers == nil else { return }
        let lanes = (0..<threads).map { _ in makeLane() }
        let write = write
        self.lanes = lanes
        workers = WorkerThreads(count: threads) { thread, operations in
            let lane = lanes[thread]
            for _ in 0..<operations { write(lane) }
        }
    }

    /// `n` writes, split over the threads.
    func run(_ n: Int) {
        start()
        workers?.run(n)
    }

    /// Runs 100 more writes on every thread, then throws the first lane's
    /// problem that `problem` names.
    func verify(_ problem: (WriterLane<Item>) -> String?) throws {
        run(100 * threads)
        for (index, lane) in lanes.enumerated() {
            guard lane.writes > 0 else { throw BenchmarkFailure("thread \(index + 1) of \(threads) made no write") }
            if let problem = problem(lane) {
                throw BenchmarkFailure("thread \(index + 1) of \(threads): \(problem)")
            }
        }
    }

    func stop() {
        workers?.stop()
        workers = nil
        for lane in lanes { lane.token = nil }
        lanes = []
    }
}
