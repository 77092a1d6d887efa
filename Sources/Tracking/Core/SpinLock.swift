import CTrackingSupport
import Synchronization

/// A compare-and-swap lock in two words, for short critical sections that
/// run no user code: the engine's component locks and its small shared
/// tables.
///
/// Built on `Atomic` rather than `Synchronization.Mutex`, because the thread
/// sanitizer understands atomics on Linux and not Mutex (TOOLCHAIN.md). An
/// uncontended lock and unlock is one compare-and-swap, one store and one
/// load. A waiter spins briefly, then parks (``tracking_park(_:)``): with
/// more threads than processors, a holder that lost its processor gets it
/// back instead of competing with spinners.
///
/// Its lock and unlock are inlinable: a read of a current derived value
/// takes and releases a component lock in the client's specialized code.
@usableFromInline
struct SpinLock: ~Copyable, Sendable {
    /// 0 when free, 1 when held.
    @usableFromInline
    let state = Atomic<UInt32>(0)
    /// How many threads are parked, or about to park, on this lock.
    @usableFromInline
    let sleepers = Atomic<UInt32>(0)

    init() {}

    @inlinable @inline(__always)
    func lock() {
        if state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
        lockContended()
    }

    @inline(__always)
    private func tryLock() -> Bool {
        state.load(ordering: .relaxed) == 0
            && state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
    }

    @usableFromInline @inline(never)
    func lockContended() {
        if spinBriefly({ tryLock() }) { return }
        while true {
            let generation = tracking_parking_generation()
            sleepers.wrappingAdd(1, ordering: .sequentiallyConsistent)
            let acquired = tryLock()
            if !acquired { tracking_park(generation) }
            sleepers.wrappingSubtract(1, ordering: .relaxed)
            if acquired || tryLock() { return }
        }
    }

    @inlinable @inline(__always)
    func unlock() {
        state.store(0, ordering: .releasing)
        if sleepers.load(ordering: .relaxed) != 0 { SpinLock.unparkAll() }
    }

    /// Wakes the parked waiters (out of line: rare, and it keeps the C
    /// function out of inlined code).
    @usableFromInline @inline(never)
    static func unparkAll() {
        tracking_unpark_all()
    }

    @inline(__always)
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
