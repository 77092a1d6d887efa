import Tracking

/// One thread's share of "observed writes": its own item, the item's own
/// observer, and how many writes the thread made. Only that thread writes
/// and observes it while a sample runs; the runner's thread reads it after.
final class WriterLane<Item: AnyObject>: @unchecked Sendable {
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
    let otherThreads = "writes on worker threads"
    return threadCounts.flatMap { threads -> [Benchmark] in
        let parameters = [("threads", "\(threads)")]
        let tracking = WriterLanes(threads) { () -> WriterLane<ScaleTrackedItem> in
            let lane = WriterLane(ScaleTrackedItem())
            lane.token = observeAll(lane.item, onRun: lane.log.record)
            return lane
        } write: { lane in
            lane.writes += 1
            lane.item.number = lane.writes
        }
        let observation = WriterLanes(threads) { () -> WriterLane<ScaleObservedItem> in
            let lane = WriterLane(ScaleObservedItem())
            observeAll(lane.item, onRun: lane.log.record)
            return lane
        } write: { lane in
            lane.writes += 1
            lane.item.number = lane.writes
        }
        return [
            .unsupported(
                suite: "scale", name: "observed writes", variant: "plain", parameters: parameters,
                reason: "a plain class has no observers"),
            Benchmark(
                suite: "scale", name: "observed writes", variant: "Tracking", parameters: parameters,
                body: { tracking.run($0) }, reset: { _ in tracking.start() },
                check: {
                    // Each write re-ran its item's observer once, which saw it.
                    try tracking.verify { lane in
                        (lane.log.runs == lane.writes + 1 && lane.log.lastNumber == lane.writes
                            && lane.item.number == lane.writes)
                            ? nil
                            : "\(lane.writes) writes, the item holds \(lane.item.number), its observer ran "
                                + "\(lane.log.runs) times and last saw \(lane.log.lastNumber); expected "
                                + "\(lane.writes + 1) runs that ended on \(lane.writes)"
                    }
                },
                teardown: { tracking.stop() }, workOnOtherThreads: otherThreads),
            Benchmark(
                suite: "scale", name: "observed writes", variant: "Observation", parameters: parameters,
                body: { observation.run($0) }, reset: { _ in observation.start() },
                check: {
                    // onChange runs before the value is stored: the re-armed
                    // run after the last write saw the value before it.
                    try observation.verify { lane in
                        (lane.log.runs == lane.writes + 1 && lane.log.lastNumber == lane.writes - 1
                            && lane.item.number == lane.writes)
                            ? nil
                            : "\(lane.writes) writes, the item holds \(lane.item.number), its observer ran "
                                + "\(lane.log.runs) times and last saw \(lane.log.lastNumber); expected "
                                + "\(lane.writes + 1) runs that ended on \(lane.writes - 1)"
                    }
                },
                teardown: { observation.stop() }, workOnOtherThreads: otherThreads),
        ]
    }
}

/// The lanes and worker threads of one "observed writes" benchmark, made
/// on first use and dropped by the teardown.
final class WriterLanes<Item: AnyObject>: @unchecked Sendable {
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
