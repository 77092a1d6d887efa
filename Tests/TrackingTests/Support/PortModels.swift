import Foundation
import Tracking

/// Two tracked numbers and a tracked flag, the state most of the ported
/// tests need: the flag picks a branch, the numbers are read or written.
final class NumbersAndFlag: Trackable, @unchecked Sendable {
    let trackingRegistrar = TrackingRegistrar()
    @Tracked var value = 0
    @Tracked var other = 0
    @Tracked var flag = true
}

/// Two numbers shared between threads, as ThreadsAndTransactions prescribes:
/// storage behind a lock the thread sanitizer understands, accesses and
/// mutations reported by hand.
final class LockedNumbers: Trackable, Sendable {
    let trackingRegistrar = TrackingRegistrar()
    private let storage = Locked([0, 0])

    var value: Int {
        get { read(0, \.value) }
        set { write(0, \.value, newValue) }
    }

    var other: Int {
        get { read(1, \.other) }
        set { write(1, \.other, newValue) }
    }

    private func read(_ index: Int, _ keyPath: KeyPath<LockedNumbers, Int>) -> Int {
        trackingRegistrar.access(self, keyPath: keyPath)
        return storage.current[index]
    }

    private func write(_ index: Int, _ keyPath: KeyPath<LockedNumbers, Int>, _ newValue: Int) {
        trackingRegistrar.withMutation(of: self, keyPath: keyPath) { storage.mutate { $0[index] = newValue } }
    }
}
