#include "CAllocationCounter.h"
#include <stddef.h>

#if defined(__GLIBC__)
extern void *__libc_malloc(size_t size);
extern void __libc_free(void *pointer);

void allocation_counter_settle_heap(void) {
    // glibc serves a request of this size from its large bins, and before it
    // does, it merges every chunk waiting in its fast bins (malloc_consolidate).
    void *volatile block = __libc_malloc(4096);
    __libc_free(block);
}
#else
void allocation_counter_settle_heap(void) {}
#endif
