// DeviceModel: counted work in, an estimate of a device's GPU time out.
//
// Job: `GPUProfile` (each Apple GPU from the A4 to the A17 Pro, M1 and M2: bandwidth, fill rate,
// pass cost, each a range with its `Evidence`), `GPUCatalog.builtIn`, `FrameWork` (a frame's
// counted passes, splits, bytes and pixels), `GPUFrameTime` (the estimate, a range),
// `GPUCalibration` (a profile fitted to a frame time measured on the user's device), and
// `PublishedAccuracy` (how far the model is from published measurements). Every figure is a
// model's estimate, labelled as one (docs/device-model.md).
//
// May import: nothing but the standard library.
