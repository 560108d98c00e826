// Most of CIntrinsics is inline functions in include/CIntrinsics.h, compiled where Swift calls
// them. The vector path's fill and copy are compiled here, once, with their loops aligned to 32
// bytes (Package.swift). As Swift functions their one-group loops (18 and 25 bytes) were placed
// wherever the code before them ended; where a loop crossed a 64-byte boundary it ran slower:
// the iPhone SE's copy floor was 140 µs in one build and 175 µs in a build that differed only in
// another kernel, and every bound that prices a read moved with it. The loops keep the Swift
// ones' instructions per eight pixels (two 16-byte stores, or loads and stores, and three of loop
// control), so counts under valgrind moved by under half a per cent.
#include "CIntrinsics.h"

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

void cevict_lines(const void *address, intptr_t bytes) {
    const uintptr_t start = (uintptr_t)address & ~(uintptr_t)63, end = (uintptr_t)address + (uintptr_t)bytes;
#if defined(__x86_64__)
    for (uintptr_t line = start; line < end; line += 64) _mm_clflush((const void *)line);
    _mm_mfence();
#elif defined(__aarch64__)
    for (uintptr_t line = start; line < end; line += 64) __asm__ volatile("dc civac, %0" : : "r"(line) : "memory");
    __asm__ volatile("dsb ish" : : : "memory");
#else
    (void)start; (void)end;
#endif
}
