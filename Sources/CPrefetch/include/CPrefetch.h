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

/// Stores `value` into `count` 32-bit words at `destination`. On x86-64 this is `rep stosl`,
/// whose fast-string microcode writes whole cache lines without reading them first, as the C
/// library's `memset` does for bytes; Swift cannot emit it, and a loop of vector stores reads
/// every line before writing it. Elsewhere, a plain loop.
static inline __attribute__((always_inline)) void cfill32(uint32_t *destination, uintptr_t count, uint32_t value) {
#if defined(__x86_64__)
    __asm__ volatile("rep stosl" : "+D"(destination), "+c"(count) : "a"(value) : "memory");
#else
    for (uintptr_t i = 0; i < count; i++) destination[i] = value;
#endif
}

#endif
