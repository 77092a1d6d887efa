#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The module's two locks, both on `pthread_mutex_t`: the thread sanitizer on
// Linux does not understand `Synchronization.Mutex` (it is built on futexes)
// and reports false races inside `withLock`; it does understand pthread
// mutexes.
//
// Rule for every caller: no user code (subscribers, closures, `deinit`s that
// could run user code) runs while a lock is held. Values whose release could
// run user code are moved out of the locked state and released after the lock
// is dropped.

/// A mutex, for generic classes that keep their state in stored properties
/// guarded by it.
///
/// Generic classes on hot paths (a subscriber's `receive`) use this rather
/// than ``Locked``: their stored properties are reached through the instance,
/// while a `Locked<State>` with a generic `State` needs the generic metadata
/// of `State` looked up on every call when the code is not specialized, which
/// it never is when called from another module. Such fields are marked
/// `@exclusivity(unchecked)`: the lock already makes their accesses exclusive,
/// and the dynamic check (a thread-local access set) would cost more than the
/// lock.
final class Lock: ManagedBuffer<Void, pthread_mutex_t> {
    static func make() -> Lock {
        let lock = unsafeDowncast(Lock.create(minimumCapacity: 1) { _ in }, to: Lock.self)
        lock.withUnsafeMutablePointerToElements { _ = pthread_mutex_init($0, nil) }
        return lock
    }

    deinit {
        _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
    }

    @inline(__always)
    func lock() {
        _ = withUnsafeMutablePointerToElements { pthread_mutex_lock($0) }
    }

    @inline(__always)
    func unlock() {
        _ = withUnsafeMutablePointerToElements { pthread_mutex_unlock($0) }
    }
}

/// A value protected by a mutex, allocated together with it in one heap
/// object; for state structs of non-generic code.
struct Locked<State>: @unchecked Sendable {
    private final class Buffer: ManagedBuffer<State, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
        }
    }

    private let buffer: ManagedBuffer<State, pthread_mutex_t>

    init(_ initial: State) {
        buffer = Buffer.create(minimumCapacity: 1) { _ in initial }
        buffer.withUnsafeMutablePointerToElements { mutex in
            _ = pthread_mutex_init(mutex, nil)
        }
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try buffer.withUnsafeMutablePointers { state, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&state.pointee)
        }
    }
}
