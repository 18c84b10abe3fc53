// Heap allocation counting for the `bench` executable (never linked into the libraries).
//
// allocation_counter.c defines malloc, calloc, realloc, free, posix_memalign, aligned_alloc, memalign,
// valloc and pvalloc in the executable itself. The dynamic linker resolves every caller's malloc
// (the Swift runtime's swift_slowAlloc, libFoundation, GSL, glibc's own internal callers) to the first
// definition in search order, which is the executable's; each definition counts the call with one
// relaxed atomic increment and forwards to glibc's exported implementation (__libc_malloc, ...), so
// the heap itself is glibc's and mixing with pointers allocated elsewhere is safe.
#ifndef POPSIM_ALLOCATION_COUNTER_H
#define POPSIM_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Allocations (successful or not) requested since the process started, all threads: malloc, calloc,
/// aligned allocations, and realloc calls that allocate (a NULL pointer or a size change that moves).
uint64_t popsim_allocation_count(void);

/// Calls to free with a non-NULL pointer since the process started.
uint64_t popsim_deallocation_count(void);

/// 1 where the counter can work (glibc), 0 elsewhere (every count then reads 0 and nothing is
/// interposed).
int popsim_allocation_counter_is_supported(void);

/// 1 when the interposed functions are the ones the process calls (checked by allocating), else 0.
int popsim_allocation_counter_is_live(void);

#endif
