#ifndef C_TRACKING_SUPPORT_H
#define C_TRACKING_SUPPORT_H

#include <stdint.h>
#include <stdbool.h>

// Thread-local slots and small atomic helpers for the Tracking engine.
//
// Swift has no native thread-local variables. A C `__thread` slot with the
// initial-exec model costs one segment-relative load (about 0.8 ns here),
// against ~3.6 ns for pthread_getspecific and ~22 ns for a @TaskLocal, and
// it is read on every access to a tracked property.

#if defined(__GNUC__) || defined(__clang__)
#define TRACKING_TLS __thread __attribute__((tls_model("initial-exec")))
#define TRACKING_INLINE static inline __attribute__((always_inline))
// A read without side effects: Swift imports it as a call that releases
// nothing, so the inlined accessors need not retain the object they read.
#define TRACKING_READ __attribute__((pure))
#else
#define TRACKING_TLS _Thread_local
#define TRACKING_INLINE static inline
#define TRACKING_READ
#endif

/// The subscriber whose reads are being recorded on this thread, or NULL.
extern TRACKING_TLS void *_Nullable tracking_current_scope_slot;

/// The run mark of the current scope (see `SubscriberNode.runMark`), or
/// UINT64_MAX when there is none. A tracked property whose read mark equals it
/// was already read in this run, which the inlined getter checks without a
/// call.
extern TRACKING_TLS uint64_t tracking_current_run_mark_slot;

/// The mark of this thread's current outermost explicit transaction while it
/// takes snapshots, or UINT64_MAX. A property whose fast-write mark equals it
/// has already told everything that depends on it, so the inlined setter
/// stores the new value and does nothing else.
extern TRACKING_TLS uint64_t tracking_transaction_mark_slot;

/// The engine's per-thread state (transaction depth, pending observers), or NULL.
extern TRACKING_TLS void *_Nullable tracking_thread_state_slot;

TRACKING_INLINE TRACKING_READ void *_Nullable tracking_current_scope(void) {
    return tracking_current_scope_slot;
}

TRACKING_INLINE void tracking_set_current_scope(void *_Nullable scope) {
    tracking_current_scope_slot = scope;
}

TRACKING_INLINE TRACKING_READ uint64_t tracking_current_run_mark(void) {
    return tracking_current_run_mark_slot;
}

TRACKING_INLINE void tracking_set_current_run_mark(uint64_t mark) {
    tracking_current_run_mark_slot = mark;
}

TRACKING_INLINE TRACKING_READ uint64_t tracking_transaction_mark(void) {
    return tracking_transaction_mark_slot;
}

TRACKING_INLINE void tracking_set_transaction_mark(uint64_t mark) {
    tracking_transaction_mark_slot = mark;
}

TRACKING_INLINE void *_Nullable tracking_thread_state(void) {
    return tracking_thread_state_slot;
}

TRACKING_INLINE void tracking_set_thread_state(void *_Nullable state) {
    tracking_thread_state_slot = state;
}

// The slot word of a `@Tracked` property lives inside the user's object, in
// memory Swift code reaches only through a raw pointer, so it is read and
// written with C atomics (relaxed loads are plain loads; the sanitizer sees
// them as atomic).

TRACKING_INLINE TRACKING_READ uintptr_t tracking_word_load(const uintptr_t *_Nonnull word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

TRACKING_INLINE bool tracking_word_compare_exchange(uintptr_t *_Nonnull word, uintptr_t expected, uintptr_t desired) {
    return __atomic_compare_exchange_n(word, &expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/// A hint to the processor that the thread is spinning on a lock.
TRACKING_INLINE void tracking_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/// Gives the processor to another thread (sched_yield).
void tracking_yield(void);

// Parking for the engine's locks once spinning has not got them: one
// process-wide word, so a lock needs no address of its own to wait on. A
// waiter reads the word's generation, says it sleeps (in the lock), checks
// the lock again, then parks until an unlock that saw a sleeper moves the
// generation on, or for at most a millisecond (a wake-up an unlock missed
// costs that much, never a hang). Linux parks on a futex; elsewhere the
// thread sleeps for a short while.

/// The parking word's generation, read before parking.
uint32_t tracking_parking_generation(void);

/// Parks the thread while the generation is still `generation`, for at
/// most a millisecond.
void tracking_park(uint32_t generation);

/// Moves the generation on and wakes every parked thread.
void tracking_unpark_all(void);

#endif
