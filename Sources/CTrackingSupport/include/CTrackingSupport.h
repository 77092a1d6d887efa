#ifndef C_TRACKING_SUPPORT_H
#define C_TRACKING_SUPPORT_H

#include <stdint.h>

// Thread-local slots for the Tracking engine.
//
// Swift has no native thread-local variables. A C `__thread` slot with the
// initial-exec model costs one segment-relative load (about 0.8 ns here),
// against ~3.6 ns for pthread_getspecific and ~22 ns for a @TaskLocal, and
// it is read on every access to a tracked property.

#if defined(__GNUC__) || defined(__clang__)
#define TRACKING_TLS __thread __attribute__((tls_model("initial-exec")))
#define TRACKING_INLINE static inline __attribute__((always_inline))
#else
#define TRACKING_TLS _Thread_local
#define TRACKING_INLINE static inline
#endif

/// The subscriber whose reads are being recorded on this thread, or NULL.
extern TRACKING_TLS void *_Nullable tracking_current_scope_slot;

/// The run mark of the current scope (see `SubscriberNode.runMark`), or
/// UINT64_MAX when there is none. A tracked property whose read mark equals it
/// was already read in this run, which the inlined getter checks without a
/// call.
extern TRACKING_TLS uint64_t tracking_current_run_mark_slot;

/// The engine's per-thread state (transaction depth, pending observers), or NULL.
extern TRACKING_TLS void *_Nullable tracking_thread_state_slot;

TRACKING_INLINE void *_Nullable tracking_current_scope(void) {
    return tracking_current_scope_slot;
}

TRACKING_INLINE void tracking_set_current_scope(void *_Nullable scope) {
    tracking_current_scope_slot = scope;
}

TRACKING_INLINE uint64_t tracking_current_run_mark(void) {
    return tracking_current_run_mark_slot;
}

TRACKING_INLINE void tracking_set_current_run_mark(uint64_t mark) {
    tracking_current_run_mark_slot = mark;
}

TRACKING_INLINE void *_Nullable tracking_thread_state(void) {
    return tracking_thread_state_slot;
}

TRACKING_INLINE void tracking_set_thread_state(void *_Nullable state) {
    tracking_thread_state_slot = state;
}

#include <pthread.h>

/// The lock that guards the dependency graph. A C global, so that taking it
/// needs no lazy-initialization check and no indirection.
extern pthread_mutex_t tracking_graph_mutex;

TRACKING_INLINE void tracking_graph_lock(void) {
    pthread_mutex_lock(&tracking_graph_mutex);
}

TRACKING_INLINE void tracking_graph_unlock(void) {
    pthread_mutex_unlock(&tracking_graph_mutex);
}

#endif
