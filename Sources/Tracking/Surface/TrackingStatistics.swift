/// Counters of the engine, for tests, leak checks and the benchmark runner.
///
/// Thread-safety: readable from any thread; a value read while other threads
/// track or cancel is a snapshot.
public enum TrackingStatistics {
    /// Dependencies (links from observers, `withTracking` scopes, derived
    /// values and ``TrackingScope``s to what they read) alive in the process.
    /// Back to its earlier value once everything created since is cancelled,
    /// fired or freed.
    public static var liveDependencyCount: Int {
        LinkPool.liveCount
    }

    /// Dependencies made minus dependencies freed by the calling thread. A
    /// test that does all its work on one thread can check that it leaves
    /// nothing behind, even while other tests run on other threads.
    public static var liveDependencyCountOnThisThread: Int {
        ThreadState.withCurrent { $0.liveLinks.load(ordering: .relaxed) }
    }

    /// The memory one dependency takes, in bytes. Links live in slabs, with
    /// no per-link allocation header.
    public static var bytesPerDependency: Int {
        MemoryLayout<Link>.stride
    }
}
