#ifndef CWIDELANES_H
#define CWIDELANES_H

#include <stdint.h>

// The blend kernels on 256-bit AVX2 lanes (`BlendLanes.wide`), bit-identical to their Swift twins
// in Kernels.swift: the same groups of eight, skips, 16-bit arithmetic and rounding, a span's tail
// done as one more group whose missing pixels are zero and not stored (a scalar tail paid a blend
// call per pixel on every row of labels and corners). Swift cannot compile one function for AVX2
// and leave the rest of a module portable, hence C with a `target` attribute (CWideLanes.c),
// called only after `cwide_supported()`. Pixels are R, G, B, A bytes; each channel gets a 16-bit
// lane, so channel × factor is one multiply, and `(x × 257) >> 16` of `x = channel × factor + 128`
// is `div255`'s rounding.

#if defined(__x86_64__)
/// True when this CPU runs AVX2; without it no `cwide_` kernel may be called.
static inline _Bool cwide_supported(void) { return __builtin_cpu_supports("avx2"); }
#else
/// False: the kernels need AVX2 (elsewhere they exist only so that Raster links, and trap).
static inline _Bool cwide_supported(void) { return 0; }
#endif

/// `Kernels.blend`: source-over of `color` (not opaque, not 0) onto `n` pixels at `d`.
void cwide_blend(uint32_t *d, intptr_t n, uint32_t color);
/// `Kernels.over`: source-over of the `n` pixels at `s` scaled by `opacity` (1 ... 255). On a
/// short span it blends every group, skipping none: the same bits without a branch per group.
void cwide_over_span(uint32_t *d, const uint32_t *s, intptr_t n, uint8_t opacity);
/// `Kernels.shape`: source-over of `color` (not 0) scaled by the coverage at `m`.
void cwide_shape(uint32_t *d, const uint8_t *m, intptr_t n, uint32_t color);
/// `Kernels.multiply` on the whole groups of `n` (the caller finishes the tail): each pixel
/// scaled by its coverage; returns the pixels under coverage below 255.
intptr_t cwide_multiply(uint32_t *d, const uint8_t *m, intptr_t n);
/// `Kernels.masked`: source-over of the pixels at `s` scaled by the coverage at `m` and by
/// `opacity` (1 ... 255; coverage × opacity rounded first).
void cwide_masked(uint32_t *d, const uint32_t *s, const uint8_t *m, intptr_t n, uint8_t opacity);

#endif
