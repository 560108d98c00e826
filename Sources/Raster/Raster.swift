// Raster: pixels and the kernels that write them.
//
// Job: a premultiplied RGBA8 bitmap (`Pixmap`) and everything drawn into one at the pixel level:
// points-vs-pixels geometry (`Geometry`), analytic coverage of rounded corners, ellipses, borders
// and blurs (`CoverageMask`), the span kernels that fill, copy and blend rows (`Paint`, `Kernels`,
// `SpanLayers`, with the processor's store path and blend lanes: `StoreKernel`, `BlendLanes`), box
// downsampling, CRC-32 checksums of frames, PNG encoding (`PNGEncoder`, `Deflate`) and the built-in
// stroke font for legends (`BuiltinFont`, `GlyphCache`); `Backdrop`, a blur's radius and tint, a value
// the compositor draws and a scenario's definition records.
//
// May import: CIntrinsics (prefetch, vector fill and copy, wide blend lanes, CRC folding) and the
// C library. Nothing of layers, tables or results.
//
// Unsafe pointers live here only, inside the kernels, behind `Pixmap`'s safe API.
