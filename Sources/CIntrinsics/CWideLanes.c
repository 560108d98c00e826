// The wide blend kernels (include/CWideLanes.h says what they are), compiled here once, with their
// loops aligned to 32 bytes like the store loops' (Package.swift): inline in the header, they were
// compiled into Raster wherever its code placed them, and a composite moved by a few per cent
// between builds that did not change them.
#include "CWideLanes.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define CWIDE __attribute__((target("avx2"), always_inline)) static inline
#define CWIDE_DISTANCE 512 /* pixels ahead to prefetch: Kernels.prefetchDistance */

/// Every channel of `p` times its lane's factor in `f` (0 ... 255) / 255, rounded.
CWIDE __m256i cwide_scale(__m256i p, __m256i f) {
    const __m256i lowByte = _mm256_set1_epi16(0x00FF), half = _mm256_set1_epi16(0x80), k257 = _mm256_set1_epi16(257);
    __m256i lo = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(p, lowByte), f), half);
    __m256i hi = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(p, 8), f), half);
    lo = _mm256_mulhi_epu16(lo, k257);
    hi = _mm256_mulhi_epu16(hi, k257);
    return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

/// Each pixel's 255 − alpha in both of its lanes.
CWIDE __m256i cwide_inverse_alphas(__m256i s) {
    __m256i a = _mm256_srli_epi32(_mm256_xor_si256(s, _mm256_set1_epi32(-1)), 24);
    return _mm256_or_si256(a, _mm256_slli_epi32(a, 16));
}

/// Source-over: `s + d × (255 − sA) / 255`, a 32-bit add per pixel.
CWIDE __m256i cwide_over(__m256i s, __m256i d) {
    return _mm256_add_epi32(s, cwide_scale(d, cwide_inverse_alphas(s)));
}

/// Eight coverage bytes, each in both lanes of its pixel.
CWIDE __m256i cwide_coverage(const uint8_t *m) {
    __m256i v = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)m));
    return _mm256_or_si256(v, _mm256_slli_epi32(v, 16));
}

CWIDE _Bool cwide_is_opaque(__m256i p) {
    const __m256i alpha = _mm256_set1_epi32((int)0xFF000000);
    return _mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(p, alpha), alpha)) == -1;
}

CWIDE _Bool cwide_is_zero(__m256i p) { return _mm256_testz_si256(p, p); }

CWIDE __m256i cwide_load(const uint32_t *p) { return _mm256_loadu_si256((const __m256i *)p); }
CWIDE void cwide_store(uint32_t *p, __m256i v) { _mm256_storeu_si256((__m256i *)p, v); }
/// The first `count` (0 ... 8) pixels at `p` and zeros after them, reading no pixel past them.
CWIDE __m256i cwide_load_first(const uint32_t *p, intptr_t count) {
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    return _mm256_maskload_epi32((const int *)p, _mm256_cmpgt_epi32(_mm256_set1_epi32((int)count), lanes));
}
/// Stores the first `count` (0 ... 8) pixels of `v` at `p`: four, two and one at a time, by the
/// bits of `count` (a masked store is slow on some AVX2 processors, and a loop of single pixels
/// was compiled into a call to `memcpy`, made on every row of every label).
CWIDE void cwide_store_first(uint32_t *p, __m256i v, intptr_t count) {
    if (count >= 8) return cwide_store(p, v);
    __m128i part = _mm256_castsi256_si128(v);
    if (count & 4) {
        _mm_storeu_si128((__m128i *)p, part);
        part = _mm256_extracti128_si256(v, 1);
        p += 4;
    }
    if (count & 2) {
        _mm_storel_epi64((__m128i *)p, part);
        part = _mm_srli_si128(part, 8);
        p += 2;
    }
    if (count & 1) *p = (uint32_t)_mm_cvtsi128_si32(part);
}
/// The first `count` (0 ... 8) coverage bytes at `m` in `mask`, zeros after them.
CWIDE void cwide_mask_first(uint8_t mask[8], const uint8_t *m, intptr_t count) {
    for (intptr_t k = 0; k < 8; k++) mask[k] = k < count ? m[k] : 0;
}
CWIDE uint64_t cwide_bits(const uint8_t *m) { uint64_t b; __builtin_memcpy(&b, m, 8); return b; }
CWIDE void cwide_prefetch(const void *p, intptr_t i, intptr_t size) {
    __builtin_prefetch((const void *)((uintptr_t)p + (uintptr_t)((i + CWIDE_DISTANCE) * size)), 0, 3);
}

/// Source-over of the eight pixels `p` onto `d`: an opaque group replaces without reading the
/// destination, an empty one leaves it.
CWIDE void cwide_over_group(uint32_t *d, __m256i p) {
    if (cwide_is_opaque(p)) cwide_store(d, p);
    else if (!cwide_is_zero(p)) cwide_store(d, cwide_over(p, cwide_load(d)));
}

#undef CWIDE
#define CWIDE_KERNEL __attribute__((target("avx2")))

/// `Kernels.blend`: source-over of `color` (not opaque, not 0) onto `n` pixels at `d`.
CWIDE_KERNEL void cwide_blend(uint32_t *d, intptr_t n, uint32_t color) {
    const __m256i c = _mm256_set1_epi32((int)color), f = _mm256_set1_epi16((short)(255 - (color >> 24)));
    const intptr_t end = n - n % 8;
    const _Bool isLong = n >= CWIDE_DISTANCE;
    for (intptr_t i = 0; i < end; i += 8) {
        if (isLong) cwide_prefetch(d, i, 4);
        cwide_store(d + i, _mm256_add_epi32(c, cwide_scale(cwide_load(d + i), f)));
    }
    if (end < n) cwide_store_first(d + end, _mm256_add_epi32(c, cwide_scale(cwide_load_first(d + end, n - end), f)), n - end);
}

/// `Kernels.over`: source-over of the `n` pixels at `s` scaled by `opacity` (1 ... 255).
CWIDE_KERNEL void cwide_over_span(uint32_t *d, const uint32_t *s, intptr_t n, uint8_t opacity) {
    const intptr_t end = n - n % 8;
    const _Bool isLong = n >= CWIDE_DISTANCE;
    if (opacity == 255) {
        intptr_t i = 0;
        if (isLong) {
            // A long span is most often a bitmap's body (a cached or off-screen cell), opaque but
            // for its corners: runs of four opaque groups are stored as they are, four loads then
            // four stores, like a copy, instead of four tests and branches.
            for (; i + 32 <= end; i += 32) {
                cwide_prefetch(d, i, 4); cwide_prefetch(s, i, 4); cwide_prefetch(s, i + 16, 4);
                __m256i p0 = cwide_load(s + i), p1 = cwide_load(s + i + 8), p2 = cwide_load(s + i + 16), p3 = cwide_load(s + i + 24);
                if (cwide_is_opaque(_mm256_and_si256(_mm256_and_si256(p0, p1), _mm256_and_si256(p2, p3)))) {
                    cwide_store(d + i, p0); cwide_store(d + i + 8, p1); cwide_store(d + i + 16, p2); cwide_store(d + i + 24, p3);
                } else {
                    cwide_over_group(d + i, p0); cwide_over_group(d + i + 8, p1);
                    cwide_over_group(d + i + 16, p2); cwide_over_group(d + i + 24, p3);
                }
            }
        }
        if (isLong) {
            for (; i < end; i += 8) {
                cwide_prefetch(d, i, 4); cwide_prefetch(s, i, 4);
                cwide_over_group(d + i, cwide_load(s + i));
            }
        } else {
            // A short span is most often a row of a label or a corner, whose groups change
            // between empty, partly covered and opaque from one to the next: tested, each group
            // took a branch the processor could not predict. Blended whatever they hold, they give
            // the same bits (an empty group leaves the destination, an opaque one replaces it) in
            // 2-3 % less composite time (iPhone SE, 12 alternating runs).
            for (; i < end; i += 8) cwide_store(d + i, cwide_over(cwide_load(s + i), cwide_load(d + i)));
        }
        if (end < n) {
            cwide_store_first(d + end, cwide_over(cwide_load_first(s + end, n - end), cwide_load_first(d + end, n - end)), n - end);
        }
    } else {
        const __m256i f = _mm256_set1_epi16(opacity);
        for (intptr_t i = 0; i < end; i += 8) {
            if (isLong) { cwide_prefetch(d, i, 4); cwide_prefetch(s, i, 4); }
            __m256i p = cwide_load(s + i);
            if (!cwide_is_zero(p)) cwide_store(d + i, cwide_over(cwide_scale(p, f), cwide_load(d + i)));
        }
        if (end < n) {
            __m256i p = cwide_load_first(s + end, n - end);
            if (!cwide_is_zero(p)) {
                cwide_store_first(d + end, cwide_over(cwide_scale(p, f), cwide_load_first(d + end, n - end)), n - end);
            }
        }
    }
}

/// `Kernels.shape`: source-over of `color` (not 0) scaled by the coverage at `m`.
CWIDE_KERNEL void cwide_shape(uint32_t *d, const uint8_t *m, intptr_t n, uint32_t color) {
    const __m256i c = _mm256_set1_epi32((int)color);
    const _Bool opaque = color >= 0xFF000000u;
    const intptr_t end = n - n % 8;
    const _Bool isLong = n >= CWIDE_DISTANCE;
    for (intptr_t i = 0; i < end; i += 8) {
        if (isLong) { cwide_prefetch(d, i, 4); cwide_prefetch(m, i, 1); }
        uint64_t bits = cwide_bits(m + i);
        if (bits == UINT64_MAX) cwide_store(d + i, opaque ? c : cwide_over(c, cwide_load(d + i)));
        else if (bits != 0) cwide_store(d + i, cwide_over(cwide_scale(c, cwide_coverage(m + i)), cwide_load(d + i)));
    }
    if (end < n) {
        uint8_t mask[8];
        cwide_mask_first(mask, m + end, n - end);
        if (cwide_bits(mask) != 0) {
            cwide_store_first(d + end, cwide_over(cwide_scale(c, cwide_coverage(mask)), cwide_load_first(d + end, n - end)), n - end);
        }
    }
}

/// `Kernels.multiply`'s groups: each pixel × its coverage / 255; returns how many pixels had
/// coverage below 255.
CWIDE_KERNEL intptr_t cwide_multiply(uint32_t *d, const uint8_t *m, intptr_t n) {
    const intptr_t end = n - n % 8;
    const _Bool isLong = n >= CWIDE_DISTANCE;
    intptr_t scaled = 0;
    for (intptr_t i = 0; i < end; i += 8) {
        if (isLong) { cwide_prefetch(d, i, 4); cwide_prefetch(m, i, 1); }
        uint64_t bits = cwide_bits(m + i);
        if (bits == 0) {
            cwide_store(d + i, _mm256_setzero_si256());
            scaled += 8;
        } else if (bits != UINT64_MAX) {
            cwide_store(d + i, cwide_scale(cwide_load(d + i), cwide_coverage(m + i)));
            // The bytes below 255 are the bytes of ~bits that are not 0.
            uint64_t below = ~bits;
            for (int k = 0; k < 8; k++) scaled += ((below >> (8 * k)) & 0xFF) != 0;
        }
    }
    return scaled;
}

/// `Kernels.masked`: source-over of the pixels at `s` scaled by the coverage at `m` and
/// by `opacity` (1 ... 255; coverage × opacity rounded first).
CWIDE_KERNEL void cwide_masked(uint32_t *d, const uint32_t *s, const uint8_t *m, intptr_t n, uint8_t opacity) {
    const intptr_t end = n - n % 8;
    const _Bool isLong = n >= CWIDE_DISTANCE;
    if (opacity == 255) {
        for (intptr_t i = 0; i < end; i += 8) {
            if (isLong) { cwide_prefetch(d, i, 4); cwide_prefetch(s, i, 4); cwide_prefetch(m, i, 1); }
            uint64_t bits = cwide_bits(m + i);
            __m256i p = cwide_load(s + i);
            if (bits == UINT64_MAX) {
                if (cwide_is_opaque(p)) cwide_store(d + i, p);
                else if (!cwide_is_zero(p)) cwide_store(d + i, cwide_over(p, cwide_load(d + i)));
            } else if (bits != 0) {
                cwide_store(d + i, cwide_over(cwide_scale(p, cwide_coverage(m + i)), cwide_load(d + i)));
            }
        }
        if (end < n) {
            uint8_t mask[8];
            cwide_mask_first(mask, m + end, n - end);
            __m256i p = cwide_load_first(s + end, n - end);
            if (cwide_bits(mask) != 0 && !cwide_is_zero(p)) {
                cwide_store_first(d + end, cwide_over(cwide_scale(p, cwide_coverage(mask)), cwide_load_first(d + end, n - end)), n - end);
            }
        }
    } else {
        const __m256i o = _mm256_set1_epi16(opacity), half = _mm256_set1_epi16(0x80), k257 = _mm256_set1_epi16(257);
        for (intptr_t i = 0; i < end; i += 8) {
            if (isLong) { cwide_prefetch(d, i, 4); cwide_prefetch(s, i, 4); cwide_prefetch(m, i, 1); }
            __m256i k = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(cwide_coverage(m + i), o), half), k257);
            if (!cwide_is_zero(k)) cwide_store(d + i, cwide_over(cwide_scale(cwide_load(s + i), k), cwide_load(d + i)));
        }
        if (end < n) {
            uint8_t mask[8];
            cwide_mask_first(mask, m + end, n - end);
            __m256i k = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(cwide_coverage(mask), o), half), k257);
            if (!cwide_is_zero(k)) {
                cwide_store_first(d + end, cwide_over(cwide_scale(cwide_load_first(s + end, n - end), k), cwide_load_first(d + end, n - end)), n - end);
            }
        }
    }
}

#undef CWIDE_KERNEL
#undef CWIDE_DISTANCE

#else

// Never called: `cwide_supported()` is false here.
void cwide_blend(uint32_t *d, intptr_t n, uint32_t color) { __builtin_trap(); }
void cwide_over_span(uint32_t *d, const uint32_t *s, intptr_t n, uint8_t opacity) { __builtin_trap(); }
void cwide_shape(uint32_t *d, const uint8_t *m, intptr_t n, uint32_t color) { __builtin_trap(); }
intptr_t cwide_multiply(uint32_t *d, const uint8_t *m, intptr_t n) { __builtin_trap(); }
void cwide_masked(uint32_t *d, const uint32_t *s, const uint8_t *m, intptr_t n, uint8_t opacity) { __builtin_trap(); }

#endif
