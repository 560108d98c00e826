#ifndef CINTRINSICS_H
#define CINTRINSICS_H

#include <stdint.h>

// Instructions Swift cannot emit, for Raster's loops: a cache prefetch hint and a string store
// for the span kernels, and carry-less multiplication for the CRC-32 of pictures and PNG chunks.

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

#if defined(__x86_64__)

/// The multipliers `ccrc32_fold` needs, computed by the caller (Raster's `Checksum`), so that
/// their derivation is code rather than a table of magic numbers. P is the CRC-32 polynomial
/// x^32 + x^26 + … + 1 (0x104C11DB7). Each field `xN` is x^N mod P bit-reflected into the 33
/// bits a reflected 64 × 33-bit carry-less product needs: reverse32(x^N mod P) << 1.
typedef struct {
    uint64_t x544, x480; // move 128 bits 512 bits further on (its high and low 64-bit halves)
    uint64_t x160, x96;  // move 128 bits 128 bits further on; x96 also starts the reduction
    uint64_t x64;        // the reduction's second step, 96 to 64 bits
    uint64_t quotient;   // Barrett's floor(x^64 / P), reflected in 33 bits
    uint64_t polynomial; // P itself, reflected in 33 bits (0x1DB710641)
} ccrc32_constants;

/// True when this CPU has the carry-less multiply (PCLMULQDQ) and SSE4.1 that `ccrc32_fold`
/// uses; without them it must not be called.
_Bool ccrc32_fold_supported(void);

/// The CRC-32 (reflected 0xEDB88320, as PNG and zlib) of `length` bytes at `data`, continuing
/// from `crc`, the CRC of the bytes before (0 for none), exactly as a table-driven loop would.
/// `length` must be a positive multiple of 16; `data` may have any alignment, though 16-byte
/// aligned loads are cheaper. Folds four 128-bit lanes across 512 bits per step, so it runs at
/// about memory speed on large buffers.
uint32_t ccrc32_fold(uint32_t crc, const void *data, uintptr_t length, const ccrc32_constants *constants);

#endif

#endif
