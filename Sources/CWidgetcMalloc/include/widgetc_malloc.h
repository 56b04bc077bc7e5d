#ifndef WIDGETC_MALLOC_H
#define WIDGETC_MALLOC_H

// `widgetc`'s malloc and free on glibc: a per-thread cache of freed small blocks in front of
// glibc's allocator (malloc_cache.c). Nothing to call: linking the target is enough.

#endif
