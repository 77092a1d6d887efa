#include "CTrackingSupport.h"
#include <sched.h>

TRACKING_TLS void *tracking_current_scope_slot = 0;
TRACKING_TLS uint64_t tracking_current_run_mark_slot = UINT64_MAX;
TRACKING_TLS uint64_t tracking_transaction_mark_slot = UINT64_MAX;
TRACKING_TLS void *tracking_thread_state_slot = 0;

void tracking_yield(void) {
    sched_yield();
}
