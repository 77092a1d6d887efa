import CTrackingSupport
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the engine keeps per thread: the transaction depth, the observers
/// waiting for the end of the transaction, and node references dropped under
/// the graph lock that must be released after it.
///
/// Only its own thread touches it, so it needs no lock. It is found through a
/// C thread-local slot and freed when its thread exits.
@usableFromInline
final class ThreadState {
    /// Nesting depth of transactions, explicit or implicit (a single write).
    var transactionDepth = 0
    /// Whether this thread is running the queued observers of a transaction.
    var isFlushing = false
    /// Observers marked by this thread's writes, to run when the outermost
    /// transaction ends. Appended under the graph lock.
    var queue: [SubscriberNode] = []
    /// The round of observers being run; swapped with `queue`.
    var batch: [SubscriberNode] = []
    /// One-shot subscribers to fire once the lock is released.
    var oneShotsToFire: [OneShotNode] = []
    /// Node references to release once the lock is released.
    var releases: [Unmanaged<Node>] = []
    /// Scratch stack for propagation, kept to avoid allocating per write.
    var traversal: [(LinkPointer, Bool)] = []

    init() {
        queue.reserveCapacity(16)
        batch.reserveCapacity(16)
        releases.reserveCapacity(16)
        traversal.reserveCapacity(16)
    }

    /// This thread's state, created on first use.
    @inline(__always)
    static var current: ThreadState {
        if let pointer = tracking_thread_state() {
            return Unmanaged<ThreadState>.fromOpaque(pointer).takeUnretainedValue()
        }
        return makeCurrent()
    }

    /// The address that identifies this thread's state, e.g. as the owner of
    /// a running subscriber.
    var identity: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }

    @inline(never)
    private static func makeCurrent() -> ThreadState {
        let state = ThreadState()
        let pointer = Unmanaged.passRetained(state).toOpaque()
        tracking_set_thread_state(pointer)
        pthread_setspecific(threadExitKey, pointer)
        return state
    }

    /// Releases the node references collected under the lock. Call it after
    /// unlocking: a release can end a derived value, whose deinitializer may
    /// run user code and take the lock.
    @inline(__always)
    func drainReleases() {
        if releases.isEmpty { return }
        drainReleasesSlow()
    }

    @inline(never)
    private func drainReleasesSlow() {
        while let reference = releases.popLast() {
            reference.release()
        }
    }
}

/// A pthread key whose destructor frees a thread's state when it exits.
private let threadExitKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        tracking_set_thread_state(nil)
        Unmanaged<ThreadState>.fromOpaque(pointer).release()
    }
    precondition(status == 0, "Tracking: pthread_key_create failed (\(status))")
    return key
}()
