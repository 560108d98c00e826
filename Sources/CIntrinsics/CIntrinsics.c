// Most of CIntrinsics is inline functions in include/CIntrinsics.h, compiled where Swift calls
// them. The vector path's fill and copy are compiled here, once, with their loops aligned to 32
// bytes (Package.swift). As Swift functions their one-group loops (18 and 25 bytes) were placed
// wherever the code before them ended; where a loop crossed a 64-byte boundary it ran slower:
// the iPhone SE's copy floor was 140 µs in one build and 175 µs in a build that differed only in
// another kernel, and every bound that prices a read moved with it. The loops keep the Swift
// ones' instructions per eight pixels (two 16-byte stores, or loads and stores, and three of loop
// control), so counts under valgrind moved by under half a per cent. The memory floor's
// streaming fill and the eviction of its kept image are here too: instructions Swift cannot emit.
#include "CIntrinsics.h"

#include <stdlib.h>
#include <time.h>

#if defined(__x86_64__)
#include <emmintrin.h>

void cvector_fill(uint32_t *d, intptr_t n, uint32_t color) {
    const __m128i c = _mm_set1_epi32((int)color);
    const intptr_t end = n & ~(intptr_t)7;  // n is never negative
    intptr_t i = 0;
    for (; i < end; i += 8) {
        _mm_storeu_si128((__m128i *)(d + i), c);
        _mm_storeu_si128((__m128i *)(d + i + 4), c);
    }
    for (; i < n; i++) d[i] = color;
}

void cvector_copy(uint32_t *d, const uint32_t *s, intptr_t n) {
    const intptr_t end = n & ~(intptr_t)7;  // n is never negative
    intptr_t i = 0;
    for (; i < end; i += 8) {
        __m128i a = _mm_loadu_si128((const __m128i *)(s + i)), b = _mm_loadu_si128((const __m128i *)(s + i + 4));
        _mm_storeu_si128((__m128i *)(d + i), a);
        _mm_storeu_si128((__m128i *)(d + i + 4), b);
    }
    for (; i < n; i++) d[i] = s[i];
}
#else
void cvector_fill(uint32_t *d, intptr_t n, uint32_t color) { for (intptr_t i = 0; i < n; i++) d[i] = color; }
void cvector_copy(uint32_t *d, const uint32_t *s, intptr_t n) { for (intptr_t i = 0; i < n; i++) d[i] = s[i]; }
#endif

void cstream_fill(uint32_t *d, intptr_t n, uint32_t color) {
#if defined(__x86_64__)
    intptr_t i = 0;
    // Plain stores up to the first 16-byte boundary (pixels are 4-byte aligned), streaming
    // stores of whole 16-byte groups after it, plain stores for the tail.
    for (; i < n && ((uintptr_t)(d + i) & 15) != 0; i++) d[i] = color;
    const __m128i c = _mm_set1_epi32((int)color);
    for (; i + 4 <= n; i += 4) _mm_stream_si128((__m128i *)(d + i), c);
    for (; i < n; i++) d[i] = color;
#else
    for (intptr_t i = 0; i < n; i++) d[i] = color;
#endif
}

void cstream_copy(uint32_t *d, const uint32_t *s, intptr_t n) {
#if defined(__x86_64__)
    intptr_t i = 0;
    for (; i < n && ((uintptr_t)(d + i) & 15) != 0; i++) d[i] = s[i];
    for (; i + 4 <= n; i += 4) _mm_stream_si128((__m128i *)(d + i), _mm_loadu_si128((const __m128i *)(s + i)));
    for (; i < n; i++) d[i] = s[i];
#else
    for (intptr_t i = 0; i < n; i++) d[i] = s[i];
#endif
}

void cstream_fence(void) {
#if defined(__x86_64__)
    _mm_sfence();
#endif
}

#if defined(__x86_64__)
#include <cpuid.h>

/// CPUID leaf 7, EBX bit 23: the processor has `clflushopt`.
static _Bool has_clflushopt(void) {
    unsigned a, b, c, d;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 23)) != 0;
}

__attribute__((target("clflushopt")))
static void evict_lines_unordered(uintptr_t start, uintptr_t end) {
    for (uintptr_t line = start; line < end; line += 64) _mm_clflushopt((void *)line);
}
#endif

/// Nanoseconds to spend on each line evicted beyond what the instruction takes: 0 unless
/// CORNERBENCH_SLOW_EVICTION gives it, read once when the process starts (CIntrinsics.h).
static uint64_t slow_eviction_nanos_per_line;
/// Whether `clflushopt` is there, asked once when the process starts.
static _Bool evict_unordered;

__attribute__((constructor))
static void cevict_setup(void) {
    const char *text = getenv("CORNERBENCH_SLOW_EVICTION");
    if (text != NULL) {
        char *end = NULL;
        unsigned long long value = strtoull(text, &end, 10);
        if (end != text && *end == '\0' && value <= 1000000) slow_eviction_nanos_per_line = value;
    }
#if defined(__x86_64__)
    evict_unordered = has_clflushopt();
#endif
}

static uint64_t monotonic_nanos(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

void cevict_lines(const void *address, intptr_t bytes) {
    const uintptr_t start = (uintptr_t)address & ~(uintptr_t)63, end = (uintptr_t)address + (uintptr_t)bytes;
    const uint64_t began = slow_eviction_nanos_per_line ? monotonic_nanos() : 0;
#if defined(__x86_64__)
    if (evict_unordered) {
        // Ordered only by the fence below, so the flushes overlap: on a Cascade Lake VM `clflush`,
        // each ordered after the last, cost more per frame than a whole composite.
        evict_lines_unordered(start, end);
    } else {
        for (uintptr_t line = start; line < end; line += 64) _mm_clflush((const void *)line);
    }
    _mm_mfence();
#elif defined(__aarch64__)
    for (uintptr_t line = start; line < end; line += 64) __asm__ volatile("dc civac, %0" : : "r"(line) : "memory");
    __asm__ volatile("dsb ish" : : : "memory");
#endif
    if (slow_eviction_nanos_per_line) {
        const uint64_t lines = (end - start + 63) / 64, until = began + lines * slow_eviction_nanos_per_line;
        while (monotonic_nanos() < until) {}
    }
}
