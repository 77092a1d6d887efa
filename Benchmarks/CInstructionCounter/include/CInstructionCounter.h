#ifndef C_INSTRUCTION_COUNTER_H
#define C_INSTRUCTION_COUNTER_H

#include <stdint.h>

// Instruction counts for the benchmark runner: the processor's own counter
// through perf_event_open where the kernel exposes it, and a marked region
// for callgrind where it does not.

/// Opens a counter of the instructions the calling thread retires in user
/// space (PERF_COUNT_HW_INSTRUCTIONS, kernel and hypervisor excluded), not
/// yet counting. Returns a file descriptor (>= 0), or -errno when the kernel
/// refuses: ENOENT or EOPNOTSUPP on a machine or VM without hardware
/// counters, EACCES or EPERM when perf_event_paranoid forbids it, ENOSYS
/// where perf_event_open does not exist.
int instruction_counter_open(void);

/// Runs body(context) and returns the instructions the counter `fd` saw
/// meanwhile, on the calling thread only; -1 if the counter could not be
/// reset, enabled or read.
int64_t instruction_counter_measure(int fd, void (*body)(void *context), void *context);

/// Closes a counter that instruction_counter_open returned.
void instruction_counter_close(int fd);

/// Runs body(context), and nothing else. Under
/// `valgrind --tool=callgrind --collect-atstart=no
///  --toggle-collect=instruction_region_run --dump-after=instruction_region_run`
/// callgrind counts only what runs inside this function and writes one
/// profile part per call, so every call is one measurement.
void instruction_region_run(void (*body)(void *context), void *context);

#endif
