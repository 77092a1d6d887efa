#include "CInstructionCounter.h"

#include <errno.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int instruction_counter_open(void) {
    struct perf_event_attr attributes;
    memset(&attributes, 0, sizeof attributes);
    attributes.size = sizeof attributes;
    attributes.type = PERF_TYPE_HARDWARE;
    attributes.config = PERF_COUNT_HW_INSTRUCTIONS;
    attributes.disabled = 1;
    // User space only: allowed without privileges at perf_event_paranoid 2,
    // and what the benchmark's own code executes.
    attributes.exclude_kernel = 1;
    attributes.exclude_hv = 1;
    long fd = syscall(SYS_perf_event_open, &attributes, 0 /* this thread */, -1 /* any CPU */, -1, 0);
    return fd < 0 ? -errno : (int)fd;
}

int64_t instruction_counter_measure(int fd, void (*body)(void *context), void *context) {
    if (ioctl(fd, PERF_EVENT_IOC_RESET, 0) != 0 || ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) != 0) return -1;
    body(context);
    if (ioctl(fd, PERF_EVENT_IOC_DISABLE, 0) != 0) return -1;
    uint64_t count = 0;
    if (read(fd, &count, sizeof count) != (ssize_t)sizeof count) return -1;
    return (int64_t)count;
}

void instruction_counter_close(int fd) { close(fd); }
#else
int instruction_counter_open(void) { return -ENOSYS; }
int64_t instruction_counter_measure(int fd, void (*body)(void *context), void *context) { return -1; }
void instruction_counter_close(int fd) {}
#endif

// Not inlined and kept, so that callgrind finds it by name.
__attribute__((noinline, used)) void instruction_region_run(void (*body)(void *context), void *context) {
    body(context);
    // A compiler barrier, so that the call above is not turned into a jump
    // (a tail call would leave this function before body runs).
    __asm__ volatile("" ::: "memory");
}
