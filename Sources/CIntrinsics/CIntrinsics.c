// The inline helpers live in include/CIntrinsics.h; this file holds the CRC-32 folding, which
// needs a target attribute (instructions beyond the baseline x86-64) and so is not inline.
#include "CIntrinsics.h"

#if defined(__x86_64__)
#include <immintrin.h>

_Bool ccrc32_fold_supported(void) {
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
static inline __m128i fold(__m128i lane, __m128i k) {
    return _mm_xor_si128(_mm_clmulepi64_si128(lane, k, 0x00), _mm_clmulepi64_si128(lane, k, 0x11));
}

__attribute__((target("pclmul,sse4.1")))
uint32_t ccrc32_fold(uint32_t crc, const void *data, uintptr_t length, const ccrc32_constants *constants) {
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
            x0 = _mm_xor_si128(fold(x0, across512), _mm_loadu_si128(p));
            x1 = _mm_xor_si128(fold(x1, across512), _mm_loadu_si128(p + 1));
            x2 = _mm_xor_si128(fold(x2, across512), _mm_loadu_si128(p + 2));
            x3 = _mm_xor_si128(fold(x3, across512), _mm_loadu_si128(p + 3));
            p += 4;
            length -= 64;
        }
        x0 = _mm_xor_si128(fold(x0, across128), x1);
        x0 = _mm_xor_si128(fold(x0, across128), x2);
        x0 = _mm_xor_si128(fold(x0, across128), x3);
    } else {
        p += 1;
        length -= 16;
    }
    for (; length >= 16; length -= 16, p += 1) {
        x0 = _mm_xor_si128(fold(x0, across128), _mm_loadu_si128(p));
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
