#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value protected by a `pthread_mutex_t`, allocated together with the
/// mutex in one heap object.
///
/// The module uses this instead of `Synchronization.Mutex` because the
/// thread sanitizer on Linux does not understand `Mutex` (it is built on
/// futexes) and reports false races inside `withLock`; it does understand
/// pthread mutexes.
///
/// Rule for every caller: the closure passed to ``withLock(_:)`` never calls
/// out to user code (subscribers, closures, `deinit`s that could run user
/// code). Values whose release could run user code are moved out of the
/// locked state and released after the lock is dropped.
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
