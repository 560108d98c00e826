// Compositor: Core Animation's rules, counted.
//
// Job: layer trees (`Layer`, with `cornerRadius`, `masksToBounds`, masks, `shouldRasterize`,
// group opacity, shadows, borders) drawn by a software render server (`Renderer`) that follows
// Core Animation's rules (those of one iOS version, `CoreAnimationRules`) for what blends, what
// takes an off-screen pass, what splits the screen's
// pass and what the rasterization cache (`RasterCache`) keeps, and counts each as it does it
// (`RenderStats`; `Ledger` counts the layers, paths and images made). Overlays as Instruments
// tints them (`Renderer+Overlay`), and the per-layer attribution of a described cell
// (`Layer.costTag`, `LayerCost`).
//
// May import: Raster, CIntrinsics. Nothing of tables, strategies or results.
