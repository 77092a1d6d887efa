import CTrackingSupport

/// The one lock that guards the dependency graph: the links between sources
/// and subscribers, their flags, and subscriber states.
///
/// It is a plain `pthread_mutex_t` (a C global, see `CTrackingSupport.h`)
/// rather than `Synchronization.Mutex`, because the thread sanitizer
/// understands it on Linux (see TOOLCHAIN.md). It is never held while user
/// code runs: observer bodies, derived computations, callbacks and the
/// deinitializers of user values all run after it is released.
///
/// One lock for the whole graph keeps propagation across objects simple and
/// correct; the hot paths (an untracked read, a write nobody depends on, a
/// re-run whose reads repeat) never take it.
@usableFromInline
enum GraphLock {
    @inlinable @inline(__always)
    static func lock() { tracking_graph_lock() }

    @inlinable @inline(__always)
    static func unlock() { tracking_graph_unlock() }
}

