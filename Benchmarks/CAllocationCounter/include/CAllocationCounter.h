#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

#include <stdint.h>

// Counts heap allocations made by the calling thread.
//
// The benchmark executable links this file, whose malloc family wraps glibc's
// (__libc_malloc and friends), so every allocation of the Swift runtime and of
// the code under test goes through a thread-local counter.

/// The number of allocations (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign) made by this thread since it started.
uint64_t allocation_counter_thread_total(void);

/// Whether the malloc wrappers are linked in and counting.
int allocation_counter_is_active(void);

/// Bytes of heap the whole process has allocated and not freed, as glibc's
/// mallinfo2() counts them (chunks in use in every arena, their headers
/// included, plus blocks mapped on their own); -1 where mallinfo2 is missing
/// (not glibc, or glibc before 2.33). Swift's Glibc module does not import
/// <malloc.h>, hence this C function.
int64_t allocation_counter_heap_bytes_in_use(void);

/// Makes glibc merge the freed chunks it keeps in its fast bins now, instead
/// of at a later free or malloc; does nothing elsewhere. A benchmark that
/// frees tens of thousands of small objects leaves them there, and the next
/// free that coalesces into 64 KiB merges them all: half a millisecond, in an
/// operation of whichever benchmark runs next.
void allocation_counter_settle_heap(void);

#endif
