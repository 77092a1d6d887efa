import CTrackingSupport
import Synchronization

/// A compare-and-swap lock in one word, for short critical sections that run
/// no user code: the engine's component locks and its small shared tables.
///
/// Built on `Atomic` rather than `Synchronization.Mutex`, because the thread
/// sanitizer understands atomics on Linux and not Mutex (TOOLCHAIN.md); an
/// uncontended lock and unlock is one compare-and-swap and one store. A
/// waiter spins briefly, then yields its processor.
struct SpinLock: ~Copyable {
    /// 0 when free, 1 when held.
    private let state = Atomic<UInt32>(0)

    init() {}

    @inline(__always)
    func lock() {
        if state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
        lockContended()
    }

    @inline(never)
    private func lockContended() {
        var spins = 0
        while true {
            if state.load(ordering: .relaxed) == 0,
               state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
                return
            }
            spins += 1
            if spins < 64 { tracking_cpu_relax() } else { tracking_yield() }
        }
    }

    @inline(__always)
    func unlock() {
        state.store(0, ordering: .releasing)
    }

    @inline(__always)
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
