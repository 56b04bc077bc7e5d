// `widgetc`'s malloc and free on glibc: a per-thread cache of freed blocks of up to 1032 bytes,
// in front of glibc's own allocator, which every other call (calloc, realloc, posix_memalign,
// malloc_usable_size) still reaches directly.
//
// Why: glibc's per-thread cache (tcache) keeps 7 freed blocks of a size. A thread of phase 1
// examines 32 files stage by stage, so hundreds of blocks of a size live at once (a widget's
// view elements, CEL trees, strings) and are freed together: past the 7th, malloc and free go
// to the arena (_int_malloc, _int_free, malloc_consolidate), under the arena's lock once a
// second thread exists. On bench/validate's examples slice (callgrind, one thread, main d2cbd87)
// 48 of 154 mallocs a file went to the arena, 21 with this cache: -2.9% instructions, -3.3%
// estimated cycles a file; CPU 1.724x -> 1.702x the floor (bench/README.md, "malloc").
//
// The cache holds only blocks glibc gave out and that are still allocated as glibc sees them,
// so a block may come from and go to either side: glibc's calloc or realloc may take a block
// this malloc returned, and this free may take one glibc's calloc made.
#include "widgetc_malloc.h"

#if defined(__linux__)
#include <malloc.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#endif

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define WIDGETC_SANITIZED 1
#endif
#endif

// Not under a sanitizer (`bench/sanitize`, `bench/fuzz`): its runtime is the allocator then.
#if defined(__GLIBC__) && !defined(WIDGETC_SANITIZED) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)

// Size classes as glibc's chunks: a request of n bytes takes a chunk of max(32, n + 8 rounded
// up to 16) bytes; class k holds chunks of 32 + 16k bytes (requests up to 24 + 16k bytes).
enum { classes = 64, largest = 24 + 16 * (classes - 1) };
// Blocks kept a class: at most 256, and at most 32 KB of them (1.9 MB a thread at the very most).
static const uint16_t limit[classes] = {
    256, 256, 256, 256, 256, 256, 256, 227, 204, 186, 170, 157, 146, 136, 128, 120,
    113, 107, 102, 97, 93, 89, 85, 81, 78, 75, 73, 70, 68, 66, 64, 62,
    60, 58, 56, 55, 53, 52, 51, 49, 48, 47, 46, 45, 44, 43, 42, 41,
    40, 40, 39, 38, 37, 37, 36, 35, 35, 34, 34, 33, 33, 32, 32, 31,
};

typedef struct {
    void *head[classes];
    uint16_t count[classes];
    int registered;
} Cache;
static __thread Cache cache;

// glibc's own entry points (exported since GLIBC_2.2.5; its malloc and free are these): no
// lookup at the first call, and nothing allocated before they are known.
extern void *__libc_malloc(size_t);
extern void __libc_free(void *);

// A thread that ends gives its blocks back (and again for what its later destructors free).
static pthread_key_t key;
static void flush(void *unused) {
    (void)unused;
    cache.registered = 0;
    for (size_t k = 0; k < classes; k++) {
        void *p = cache.head[k];
        while (p) {
            void *next = *(void **)p;
            __libc_free(p);
            p = next;
        }
        cache.head[k] = 0;
        cache.count[k] = 0;
    }
}
static void makeKey(void) { pthread_key_create(&key, flush); }

void *malloc(size_t n) {
    if (n <= largest) {
        size_t k = n <= 24 ? 0 : (n - 9) >> 4;
        void *p = cache.head[k];
        if (p) {
            void *next = *(void **)p;
            cache.head[k] = next;
            cache.count[k]--;
            // The next block of the class, read at the next malloc of it: fetched now.
            __builtin_prefetch(next);
            return p;
        }
    }
    return __libc_malloc(n);
}

void free(void *p) {
    if (!p) return;
    // The block's size as glibc's chunk header says (the word before the block: its size, the
    // low 3 bits flags, 2 = mmapped). malloc_usable_size reads the next chunk's header too.
    size_t header = ((const size_t *)p)[-1];
    size_t chunk = header & ~(size_t)7;
    if (!(header & 2) && chunk >= 32 && chunk <= largest + 8) {
        size_t k = (chunk >> 4) - 2;
        if (cache.count[k] < limit[k]) {
            if (__builtin_expect(!cache.registered, 0)) {
                static pthread_once_t once = PTHREAD_ONCE_INIT;
                cache.registered = 1;
                pthread_once(&once, makeKey);
                pthread_setspecific(key, &cache);
            }
            *(void **)p = cache.head[k];
            cache.head[k] = p;
            cache.count[k]++;
            return;
        }
    }
    __libc_free(p);
}
#endif
