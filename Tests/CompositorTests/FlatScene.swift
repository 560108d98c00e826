@testable import Compositor
import Raster

/// A 128 × 96 screen with a white root layer and one plain coloured layer per child: the scene
/// the counting tests draw, so each expected count follows from the rectangles alone.
func flatScene(_ children: [(Rect, Color)], ledger: Ledger) -> (Renderer, Layer) {
    let renderer = Renderer(screenSize: PixelSize(width: 128, height: 96), scale: 1)!
    let root = Layer(frame: Rect(x: 0, y: 0, width: 128, height: 96), ledger: ledger)
    root.backgroundColor = .white
    for (frame, color) in children {
        let layer = Layer(frame: frame, ledger: ledger)
        layer.backgroundColor = color
        root.addSublayer(layer)
    }
    return (renderer, root)
}
