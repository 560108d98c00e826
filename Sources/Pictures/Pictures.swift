// Pictures: frames of a scenario as pictures, for people.
//
// Job: `FramePicture` draws a frame of a scenario with a strategy (what `bench render` writes and
// the HTML report shows), optionally with an Instruments-style overlay; `PictureLegend` writes the
// caption and key below it; `LayerLabels` numbers the layers of a described cell that pay for what
// the overlay shows; `FramedCorner` finds a rounded corner on screen for the report's close-up;
// `FrameMemory+Render` bounds what a picture needs before it is drawn.
//
// May import: Harness (a scenario is stepped by its `Simulation`), Strategies, Table, Compositor,
// Raster, Results, Scenarios, Problems, Text. Nothing measures here, and nothing of the run needs a picture.
