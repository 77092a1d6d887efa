import Foundation

/// Threads that wait for work, for benchmarks of operations on several
/// threads at once: `run(n)` splits n operations over the threads, wakes them
/// all, and returns when the last one is done. The threads live until
/// `stop()`, so that a sample does not time their creation.
///
/// Thread-safety: `run` and `stop` are called from one thread at a time
/// (the runner's); the semaphores order each thread's share and its work.
final class WorkerThreads: @unchecked Sendable {
    let count: Int
    private let work: @Sendable (_ thread: Int, _ operations: Int) -> Void
    private let wake: [DispatchSemaphore]
    private let done = DispatchSemaphore(value: 0)
    private var shares: [Int]
    private var stopping = false
    private var stopped = false

    /// Starts `count` threads; `work(thread, operations)` runs on thread
    /// number `thread` (0 ..< count) for each of its shares.
    init(count: Int, work: @escaping @Sendable (_ thread: Int, _ operations: Int) -> Void) {
        precondition(count > 0, "WorkerThreads needs at least one thread, not \(count)")
        self.count = count
        self.work = work
        wake = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        shares = Array(repeating: 0, count: count)
        for index in 0..<count {
            let thread = Thread { [self] in loop(index) }
            thread.name = "benchmark worker \(index + 1) of \(count)"
            thread.start()
        }
    }

    /// Performs `n` operations, n / count on each thread (the first n % count
    /// threads one more), all threads at once.
    func run(_ n: Int) {
        precondition(!stopped, "WorkerThreads.run after stop")
        for index in 0..<count { shares[index] = n / count + (index < n % count ? 1 : 0) }
        for semaphore in wake { semaphore.signal() }
        for _ in 0..<count { done.wait() }
    }

    /// Ends the threads; waits until each has left its loop.
    func stop() {
        guard !stopped else { return }
        stopped = true
        stopping = true
        for semaphore in wake { semaphore.signal() }
        for _ in 0..<count { done.wait() }
    }

    private func loop(_ index: Int) {
        while true {
            wake[index].wait()
            if stopping {
                done.signal()
                return
            }
            work(index, shares[index])
            done.signal()
        }
    }
}
