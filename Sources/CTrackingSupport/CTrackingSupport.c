#include "CTrackingSupport.h"
#include <sched.h>
#include <time.h>
#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

TRACKING_TLS void *tracking_current_scope_slot = 0;
TRACKING_TLS uint64_t tracking_current_run_mark_slot = UINT64_MAX;
TRACKING_TLS uint64_t tracking_transaction_mark_slot = UINT64_MAX;
TRACKING_TLS void *tracking_thread_state_slot = 0;

void tracking_yield(void) {
    sched_yield();
}

static uint32_t tracking_parking_word = 0;

uint32_t tracking_parking_generation(void) {
    return __atomic_load_n(&tracking_parking_word, __ATOMIC_ACQUIRE);
}

void tracking_park(uint32_t generation) {
    struct timespec timeout = { 0, 1000000 };
#if defined(__linux__)
    syscall(SYS_futex, &tracking_parking_word, FUTEX_WAIT_PRIVATE, generation, &timeout, 0, 0);
#else
    if (tracking_parking_generation() == generation) {
        timeout.tv_nsec = 50000;
        nanosleep(&timeout, 0);
    }
#endif
}

void tracking_unpark_all(void) {
    __atomic_fetch_add(&tracking_parking_word, 1, __ATOMIC_RELEASE);
#if defined(__linux__)
    syscall(SYS_futex, &tracking_parking_word, FUTEX_WAKE_PRIVATE, INT32_MAX, 0, 0, 0);
#endif
}
