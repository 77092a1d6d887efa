#include "CTrackingSupport.h"

TRACKING_TLS void *tracking_current_scope_slot = 0;
TRACKING_TLS void *tracking_thread_state_slot = 0;
