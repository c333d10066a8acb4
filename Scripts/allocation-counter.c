// A counting allocator hook for `january-bench --allocations` (Scripts/allocations.sh builds it and preloads it).
//
// It counts every malloc, calloc, realloc, aligned allocation and free in the process, and every pthread mutex
// acquisition, and passes each call on to glibc unchanged. The benchmark reads the counters through
// `january_allocation_counts` (found with dlsym) before and after a run of requests, so the difference over that
// run, divided by its requests, is what one request costs on that side. Counts are process-wide (URLSession's and
// the loopback server's threads included), which is the point: the work of a request is spread over them.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static uint64_t allocations, frees, locks;

#define COUNT(counter) __atomic_fetch_add(&(counter), 1, __ATOMIC_RELAXED)

void *malloc(size_t size) { COUNT(allocations); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { COUNT(allocations); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { COUNT(allocations); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { COUNT(allocations); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { COUNT(allocations); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    COUNT(allocations);
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer) return 12; // ENOMEM
    *out = pointer;
    return 0;
}
void free(void *pointer) { if (pointer) COUNT(frees); __libc_free(pointer); }

static int (*next_lock)(pthread_mutex_t *);
static int (*next_trylock)(pthread_mutex_t *);

int pthread_mutex_lock(pthread_mutex_t *mutex) {
    if (!next_lock) next_lock = (int (*)(pthread_mutex_t *))dlsym(RTLD_NEXT, "pthread_mutex_lock");
    COUNT(locks);
    return next_lock(mutex);
}

int pthread_mutex_trylock(pthread_mutex_t *mutex) {
    if (!next_trylock) next_trylock = (int (*)(pthread_mutex_t *))dlsym(RTLD_NEXT, "pthread_mutex_trylock");
    int result = next_trylock(mutex);
    if (result == 0) COUNT(locks);
    return result;
}

// counts[0]: allocations (malloc, calloc, realloc, aligned), counts[1]: frees, counts[2]: mutex acquisitions.
void january_allocation_counts(uint64_t counts[3]) {
    counts[0] = __atomic_load_n(&allocations, __ATOMIC_RELAXED);
    counts[1] = __atomic_load_n(&frees, __ATOMIC_RELAXED);
    counts[2] = __atomic_load_n(&locks, __ATOMIC_RELAXED);
}
