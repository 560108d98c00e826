#ifndef CWIDELANES_H
#define CWIDELANES_H

#include <stdint.h>

// The blend kernels on 256-bit AVX2 lanes, for Raster's `Kernels` where a run chose them
// (`BlendLanes.wide`). Each does exactly what its Swift twin in Kernels.swift does on the whole
// groups of eight pixels of a span, and its tail as one more group whose missing pixels are
// zero and are not stored (a scalar tail called a blend per pixel, which the short spans of
// labels and corners paid on every row): the same skips (but on a short span `cwide_over_span`
// blends every group, which gives the same bits without a branch per group), the same 16-bit
// arithmetic, the same rounding, so every result is bit-identical. (`cwide_multiply` leaves the
// tail to its caller.) Swift cannot compile one function for AVX2 and leave the rest of a module
// portable, so these are C with a `target` attribute, defined in CWideLanes.c, called only after
// `cwide_supported()`.
//
// Pixels are R, G, B, A bytes (little-endian words). Split into 16-bit lanes, a pixel's channels
// each get a lane of their own, so a channel × factor product is one 16-bit multiply, and
// `(x × 257) >> 16` of `x = channel × factor + 128` is `div255`'s rounding.

#if defined(__x86_64__)
/// True when this CPU runs AVX2; without it no `cwide_` kernel may be called.
static inline _Bool cwide_supported(void) { return __builtin_cpu_supports("avx2"); }
#else
/// False: the kernels need AVX2 (elsewhere they exist only so that Raster links, and trap).
static inline _Bool cwide_supported(void) { return 0; }
#endif

/// `Kernels.blend`: source-over of `color` (not opaque, not 0) onto `n` pixels at `d`.
void cwide_blend(uint32_t *d, intptr_t n, uint32_t color);
/// `Kernels.over`: source-over of the `n` pixels at `s` scaled by `opacity` (1 ... 255).
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
