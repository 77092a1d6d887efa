import CTrackingSupport
import Synchronization

/// The lock of a ``RegistrarStorage``, sharing its word with one pointer set
/// at most once: the object's bridge to Apple's Observation
/// (ObservationBridge.swift). So an object that is never bridged spends no
/// byte on the bridge: the word is the one the lock needed anyway.
///
/// Bit 0 is the lock, as in ``SpinLock``; bit 1 says a waiter may be parked;
/// the other bits are the pointer (an object's address, so its low bits are
/// 0), 0 until it is set. The pointer is read without the lock and set with
/// it held. A waiter spins briefly, then parks like ``SpinLock``'s
/// (``tracking_park(_:)``); the unlock that clears bit 1 wakes the parked
/// threads, and those that still find the lock held set it again.
@usableFromInline
struct RegistrarLock: ~Copyable {
    @usableFromInline
    let word: Atomic<UInt>

    private static let locked: UInt = 1
    private static let parked: UInt = 2
    private static let flags: UInt = locked | parked

    @inlinable
    init() {
        word = Atomic(0)
    }

    @inline(__always)
    func lock() {
        if tryLock() { return }
        lockContended()
    }

    @inline(__always)
    private func tryLock() -> Bool {
        let current = word.load(ordering: .relaxed)
        return current & Self.locked == 0
            && word.compareExchange(expected: current, desired: current | Self.locked, ordering: .acquiring).exchanged
    }

    @inline(never)
    private func lockContended() {
        if spinBriefly({ tryLock() }) { return }
        while true {
            let generation = tracking_parking_generation()
            let current = word.load(ordering: .relaxed)
            if current & Self.locked == 0 {
                if word.compareExchange(expected: current, desired: current | Self.locked, ordering: .acquiring).exchanged {
                    return
                }
                continue
            }
            // Say a waiter sleeps before sleeping; if the word moved (the
            // holder unlocked), look again instead.
            if current & Self.parked != 0
                || word.compareExchange(
                    expected: current, desired: current | Self.parked, ordering: .sequentiallyConsistent
                ).exchanged {
                tracking_park(generation)
            }
        }
    }

    /// Clears the lock and the parked bit, keeping the pointer; wakes the
    /// parked threads if there may be any.
    @inline(__always)
    func unlock() {
        let previous = word.bitwiseAnd(~Self.flags, ordering: .releasing).oldValue
        if previous & Self.parked != 0 { tracking_unpark_all() }
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
        word.load(ordering: .acquiring) & ~3
    }

    /// Sets the pointer, if it is still 0. The caller holds the lock.
    /// Returns the pointer the word holds now.
    func setPointerLocked(_ pointer: UInt) -> UInt {
        precondition(pointer & Self.flags == 0, "RegistrarLock: the bridge's address must leave its low two bits 0")
        let current = word.load(ordering: .relaxed) & ~Self.flags
        if current != 0 { return current }
        // An or, not a store: a waiter may set the parked bit meanwhile.
        // Releasing: a thread that reads the pointer sees what it points to.
        word.bitwiseOr(pointer, ordering: .releasing)
        return pointer
    }
}
