import CTrackingSupport
import Synchronization

/// The lock of a ``RegistrarStorage``, sharing its word with one pointer set
/// at most once: the object's bridge to Apple's Observation
/// (ObservationBridge.swift). So an object that is never bridged spends no
/// byte on the bridge: the word is the one the lock needed anyway.
///
/// Bit 0 is the lock, as in ``SpinLock``; the other bits are the pointer
/// (an object's address, so its low bits are 0), 0 until it is set. The
/// pointer is read without the lock and set with it held.
@usableFromInline
struct RegistrarLock: ~Copyable {
    @usableFromInline
    let word = Atomic<UInt>(0)

    init() {}

    @inline(__always)
    func lock() {
        let current = word.load(ordering: .relaxed)
        if current & 1 == 0, word.compareExchange(expected: current, desired: current | 1, ordering: .acquiring).exchanged {
            return
        }
        lockContended()
    }

    @inline(never)
    private func lockContended() {
        var spins = 0
        while true {
            let current = word.load(ordering: .relaxed)
            if current & 1 == 0, word.compareExchange(expected: current, desired: current | 1, ordering: .acquiring).exchanged {
                return
            }
            spins += 1
            if spins < 64 { tracking_cpu_relax() } else { tracking_yield() }
        }
    }

    /// Only the holder changes the word, so it can store it back unlocked.
    @inline(__always)
    func unlock() {
        word.store(word.load(ordering: .relaxed) & ~1, ordering: .releasing)
    }

    @inline(__always)
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }

    /// The pointer, or 0 if it was never set. Any thread, no lock.
    @inlinable @inline(__always)
    var pointer: UInt {
        word.load(ordering: .acquiring) & ~1
    }

    /// Sets the pointer, if it is still 0. The caller holds the lock.
    /// Returns the pointer the word holds now.
    func setPointerLocked(_ pointer: UInt) -> UInt {
        let current = word.load(ordering: .relaxed) & ~1
        if current != 0 { return current }
        // Releasing: a thread that reads the pointer sees what it points to.
        word.store(pointer | 1, ordering: .releasing)
        return pointer
    }
}
