// Devices: the screens a scenario runs on, and what a frame costs on their GPUs.
//
// Job: `Device` (a screen in points at a scale and refresh rate, the iOS version whose rules decide
// the off-screen passes, and the GPU profile resolved once where it is named) with its `catalogue`
// of 54 devices from the iPhone 4S and iPad 2 to today; `Device+Plausibility` (a screen of a
// scenario file that looks like pixels typed as points, measured against the catalogue);
// `Device+Time`, which prices a row's mean counters, each step and each described layer on the
// device's GPU through DeviceModel; and `FrameStats+Counter`, a frame's counters read by their names
// in the catalogue (`Counter`), here because `Device+Time` prices steps by them (the run, above,
// sums them too).
//
// May import: Table, Compositor, Raster, Scenarios (`TableStyle`), Results, Text, DeviceModel. Nothing of a scenario or a
// run: a device is priced from counters, whoever counted them.
