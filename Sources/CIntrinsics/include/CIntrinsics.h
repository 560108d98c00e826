#ifndef CINTRINSICS_H
#define CINTRINSICS_H

#include <stdint.h>

// Instructions Swift cannot emit, for Raster's loops: a cache prefetch hint and a string store
// for the span kernels, and carry-less multiplication for the CRC-32 of pictures and PNG chunks;
// and the vector path's fill and copy loops, whose placement Swift cannot control.

/// Asks the cache for the line at `address + offset` bytes, for reading soon. A hint only: it
/// never faults, not even outside any allocation, and changes no result. Swift has no way to
/// emit a prefetch instruction, so the span kernels call this inline function instead. The
/// address is formed as an integer so that one past an allocation is not pointer arithmetic.
static inline __attribute__((always_inline)) void cprefetch_read(const void *address, intptr_t offset) {
    __builtin_prefetch((const void *)((uintptr_t)address + (uintptr_t)offset), 0, 3);
}

/// Asks the cache for the lines of the `bytes` bytes from `address`, for reading soon. A hint
/// only, like `cprefetch_read`; the address is an integer, so the caller holds no pointer: the
/// renderer asks for the heap blocks the last frame's tree walk read, some of them freed since.
static inline __attribute__((always_inline)) void cprefetch_block(uintptr_t address, intptr_t bytes) {
    for (intptr_t offset = 0; offset < bytes; offset += 64) __builtin_prefetch((const void *)(address + (uintptr_t)offset), 0, 3);
}

/// `n` pixels at `d` set to `color` with 16-byte vector stores: the fill of `StoreKernel.vector`.
/// Compiled in CIntrinsics.c with its loop aligned to 32 bytes, so that its speed does not
/// depend on where the linker happens to place it (docs/cost-model.md §6).
void cvector_fill(uint32_t *d, intptr_t n, uint32_t color);

/// The `n` pixels at `s` copied to `d` (not overlapping) with 16-byte vector loads and stores:
/// the copy of `StoreKernel.vector`, aligned as `cvector_fill` is.
void cvector_copy(uint32_t *d, const uint32_t *s, intptr_t n);

/// `n` pixels at `d` set to `color` with streaming (non-temporal) 16-byte stores, which write
/// whole lines to memory without reading them first and leave them out of the caches; the few
/// pixels before the first 16-byte boundary and after the last are plain stores. Not a store
/// path of the kernels: one of the ways the memory floor writes a frame (MemoryFloor), which
/// calls `cstream_fence` after the frame.
void cstream_fill(uint32_t *d, intptr_t n, uint32_t color);

/// The `n` pixels at `s` copied to `d` (not overlapping) with streaming stores, as `cstream_fill`
/// stores: the memory floor's streaming copies (MemoryFloor).
void cstream_copy(uint32_t *d, const uint32_t *s, intptr_t n);

/// Waits until the streaming stores before it are visible (`sfence` on x86-64; elsewhere,
/// where `cstream_fill` stores plainly, nothing).
void cstream_fence(void);

/// Writes back and drops from every cache level the lines holding the `bytes` bytes from
/// `address`, and waits until they are gone, so that the next read of them comes from memory.
/// Changes no byte. On x86-64 `clflushopt` where the processor has it (flushes that overlap,
/// ordered only by the closing fence), else `clflush` (each ordered after the last); `dc civac`
/// on arm64; elsewhere nothing. The memory floor reads its kept image from memory this way, as a
/// frame reads layers' contents (MemoryFloor).
///
/// Test hook: when the process starts with CORNERBENCH_SLOW_EVICTION=N (an integer, nanoseconds,
/// at most 1,000,000), every call also waits until N ns per line have passed since it began,
/// so that a host where eviction is slow (about 140 ns a line on a Cascade Lake VM's `clflush`)
/// can be imitated anywhere. The variable is read once, before `main`.
void cevict_lines(const void *address, intptr_t bytes);

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

#include <immintrin.h>

/// True when this CPU has the carry-less multiply (PCLMULQDQ) and SSE4.1 that `ccrc32_fold`
/// uses; without them it must not be called.
static inline _Bool ccrc32_fold_supported(void) {
    return __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
}

// Bit-reflected arithmetic: a byte's bit 0 is its highest power of x, so in a 128-bit lane loaded
// from memory, bit i is the coefficient of x^(127-i) and the low 64-bit half holds the high
// powers. A carry-less product of a 64-bit half and a 33-bit constant is then 96 bits, bit k the
// coefficient of x^(95-k); read as a 128-bit lane it is the true product times x^32, which is why
// moving a lane N bits on multiplies its high powers (low half) by x^(N+32) mod P and its low
// powers (high half) by x^(N-32) mod P.

/// `lane` moved `k`'s distance further on: its low half times k's low constant, its high half
/// times k's high constant. The result is only congruent modulo P, which is all the next step
/// needs.
__attribute__((target("pclmul,sse4.1"), always_inline))
static inline __m128i ccrc32_fold_lane(__m128i lane, __m128i k) {
    return _mm_xor_si128(_mm_clmulepi64_si128(lane, k, 0x00), _mm_clmulepi64_si128(lane, k, 0x11));
}

/// The CRC-32 (reflected 0xEDB88320, as PNG and zlib) of `length` bytes at `data`, continuing
/// from `crc`, the CRC of the bytes before (0 for none), exactly as a table-driven loop would.
/// `length` must be a positive multiple of 16; `data` may have any alignment, though 16-byte
/// aligned loads are cheaper. Folds four 128-bit lanes across 512 bits per step, so it runs at
/// about memory speed on large buffers. In the header, like the helpers above, so that Swift
/// compiles it into Raster with Raster's settings: a function in the C file would be built at
/// `-O0` in debug builds, and valgrind 3.19 (`bench run --instructions`) could not read the DWARF
/// 5 debug information clang gives it.
__attribute__((target("pclmul,sse4.1")))
static inline uint32_t ccrc32_fold(uint32_t crc, const void *data, uintptr_t length, const ccrc32_constants *constants) {
    const __m128i *p = (const __m128i *)data;
    const __m128i across128 = _mm_set_epi64x((long long)constants->x96, (long long)constants->x160);
    // The CRC register is XORed into the first four bytes, as a table-driven loop does.
    __m128i x0 = _mm_xor_si128(_mm_loadu_si128(p), _mm_cvtsi32_si128((int)~crc));
    if (length >= 64) {
        // Four independent lanes hide the multiply's latency; each step moves every lane 512
        // bits on and adds the next 64 bytes.
        const __m128i across512 = _mm_set_epi64x((long long)constants->x480, (long long)constants->x544);
        __m128i x1 = _mm_loadu_si128(p + 1), x2 = _mm_loadu_si128(p + 2), x3 = _mm_loadu_si128(p + 3);
        p += 4;
        length -= 64;
        while (length >= 64) {
            x0 = _mm_xor_si128(ccrc32_fold_lane(x0, across512), _mm_loadu_si128(p));
            x1 = _mm_xor_si128(ccrc32_fold_lane(x1, across512), _mm_loadu_si128(p + 1));
            x2 = _mm_xor_si128(ccrc32_fold_lane(x2, across512), _mm_loadu_si128(p + 2));
            x3 = _mm_xor_si128(ccrc32_fold_lane(x3, across512), _mm_loadu_si128(p + 3));
            p += 4;
            length -= 64;
        }
        x0 = _mm_xor_si128(ccrc32_fold_lane(x0, across128), x1);
        x0 = _mm_xor_si128(ccrc32_fold_lane(x0, across128), x2);
        x0 = _mm_xor_si128(ccrc32_fold_lane(x0, across128), x3);
    } else {
        p += 1;
        length -= 16;
    }
    for (; length >= 16; length -= 16, p += 1) {
        x0 = _mm_xor_si128(ccrc32_fold_lane(x0, across128), _mm_loadu_si128(p));
    }

    // x0 is now congruent to the whole message; the CRC is x0 · x^32 mod P, reflected.
    const __m128i low32 = _mm_set_epi32(0, 0, 0, -1);
    const __m128i reduce = _mm_set_epi64x((long long)constants->x64, (long long)constants->x96);
    // 128 → 96 bits: high half · (x^96 mod P) plus low half · x^32 (a shift in this layout).
    __m128i s = _mm_xor_si128(_mm_clmulepi64_si128(x0, reduce, 0x00), _mm_srli_si128(x0, 8));
    // 96 → 64 bits: top 32 bits · (x^64 mod P) plus the rest.
    __m128i v = _mm_xor_si128(_mm_clmulepi64_si128(_mm_and_si128(s, low32), reduce, 0x10), _mm_srli_si128(s, 4));
    // 64 → 32 bits (Barrett): q = floor(top 32 bits · quotient / x^32), remainder = v + q · P.
    const __m128i barrett = _mm_set_epi64x((long long)constants->polynomial, (long long)constants->quotient);
    __m128i q = _mm_and_si128(_mm_clmulepi64_si128(_mm_and_si128(v, low32), barrett, 0x00), low32);
    __m128i r = _mm_xor_si128(_mm_clmulepi64_si128(q, barrett, 0x10), v);
    return ~(uint32_t)_mm_extract_epi32(r, 1);
}

#endif

// The blend kernels on AVX2 lanes (Raster's `BlendLanes.wide`).
#include "CWideLanes.h"

#endif
