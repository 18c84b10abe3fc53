// See include/allocation_counter.h. glibc (2.2.5 and later, still in 2.36) exports __libc_malloc,
// __libc_calloc, __libc_realloc, __libc_free, __libc_memalign, __libc_valloc and __libc_pvalloc;
// forwarding to them needs no dlsym (which would itself allocate while malloc is being resolved).
// On other C libraries (musl, Darwin) the file builds to stubs that report the counter unsupported,
// so the bench still builds and says "allocation counting unavailable on this platform" (interposing
// there needs malloc zones on Darwin and a different forwarding scheme on musl).
#include "allocation_counter.h"

#include <stdint.h>
#include <stddef.h>

#if defined(__GLIBC__)

int popsim_allocation_counter_is_supported(void) { return 1; }

#include <errno.h>
#include <malloc.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static uint64_t allocations;
static uint64_t deallocations;

static inline void count_allocation(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

uint64_t popsim_allocation_count(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

uint64_t popsim_deallocation_count(void) { return __atomic_load_n(&deallocations, __ATOMIC_RELAXED); }

int popsim_allocation_counter_is_live(void) {
    uint64_t before = popsim_allocation_count();
    // Through a volatile function pointer, so the compiler cannot pair and drop the calls.
    void *(*volatile allocate)(size_t) = malloc;
    void (*volatile release)(void *) = free;
    void *probe = allocate(24);
    release(probe);
    return popsim_allocation_count() > before;
}

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    // realloc(p, 0) frees; realloc(NULL, n) allocates. A resize may or may not move; count it as an
    // allocation request either way, as jemalloc's and package-benchmark's counters do.
    if (pointer == NULL || size != 0) count_allocation();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer != NULL) __atomic_fetch_add(&deallocations, 1, __ATOMIC_RELAXED);
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_allocation();
    // POSIX: the alignment must be a power of two multiple of sizeof(void *); *result is untouched on error.
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    count_allocation();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count_allocation();
    return __libc_pvalloc(size);
}

#else

int popsim_allocation_counter_is_supported(void) { return 0; }
uint64_t popsim_allocation_count(void) { return 0; }
uint64_t popsim_deallocation_count(void) { return 0; }
int popsim_allocation_counter_is_live(void) { return 0; }

#endif
