#ifndef CPREFETCH_H
#define CPREFETCH_H

#include <stdint.h>

/// Asks the cache for the line at `address + offset` bytes, for reading soon. A hint only: it
/// never faults, not even outside any allocation, and changes no result. Swift has no way to
/// emit a prefetch instruction, so the span kernels call this inline function instead. The
/// address is formed as an integer so that one past an allocation is not pointer arithmetic.
static inline __attribute__((always_inline)) void cprefetch_read(const void *address, intptr_t offset) {
    __builtin_prefetch((const void *)((uintptr_t)address + (uintptr_t)offset), 0, 3);
}

#endif
