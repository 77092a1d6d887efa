#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one lock that guards the dependency graph: the links between sources
/// and subscribers, their flags, and subscriber states.
///
/// It is a plain `pthread_mutex_t` rather than `Synchronization.Mutex`
/// because the thread sanitizer understands it on Linux (see TOOLCHAIN.md).
/// It is never held while user code runs: observer bodies, derived
/// computations, callbacks and the deinitializers of user values all run
/// after it is released.
@usableFromInline
final class GraphLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "Tracking: pthread_mutex_init failed (\(status))")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }
}

/// The graph's lock. One lock for the whole graph keeps propagation across
/// objects simple and correct; the hot paths (an untracked read, a write
/// nobody depends on, a re-run whose dependencies did not change) never take it.
let graphLock = GraphLock()
