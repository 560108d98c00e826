@testable import Compositor
import Raster
import XCTest

/// The bytes the kernels move, counted where they shade: 4 written per shaded pixel, and read
/// back where a paint blends over its destination. Expected counts come from the geometry.
final class KernelTrafficTests: XCTestCase {
    let ledger = Ledger()

    private func render(_ children: [(Rect, Color)]) -> RenderStats {
        let renderer = Renderer(screenSize: PixelSize(width: 128, height: 96), scale: 1)!
        let root = Layer(frame: Rect(x: 0, y: 0, width: 128, height: 96), ledger: ledger)
        root.backgroundColor = .white
        for (frame, color) in children {
            let layer = Layer(frame: frame, ledger: ledger)
            layer.backgroundColor = color
            root.addSublayer(layer)
        }
        return renderer.render(root, time: 0)
    }

    func testOpaqueFillsWriteEachVisiblePixelOnceAndReadNothing() {
        let stats = render([(Rect(x: 10, y: 10, width: 40, height: 40), .black)])
        XCTAssertEqual(stats.bytesWritten, 4 * 128 * 96)
        XCTAssertEqual(stats.bytesRead, 0)
    }

    func testABlendedLayerReadsAndWritesItsDestinationOnce() {
        let stats = render([(Rect(x: 10, y: 10, width: 40, height: 40), Color(red: 0, green: 0, blue: 0, alpha: 100))])
        XCTAssertEqual(stats.bytesWritten, 4 * (128 * 96 + 1600))
        XCTAssertEqual(stats.bytesRead, 4 * 1600)
    }

    func testEveryPaintWritesFourBytesAPixelAndReadsWhatItBlendsAndSamples() {
        let image = Pixmap(size: PixelSize(width: 2, height: 2))!
        let mask = CoverageMask(size: PixelSize(width: 2, height: 2), coverage: 255)!
        let color = Color.white.premultiplied
        let rounded = RoundedRectCoverage(size: PixelSize(width: 2, height: 2), radius: 1, corners: .all)!
        let paints: [(Paint, Int)] = [
            (.fill(color), 0), (.blend(color), 4), (.copy(image, offset: .zero), 4),
            (.draw(image, offset: .zero, opacity: 255), 8), (.shape(color, mask, offset: .zero), 5),
            (.rounded(color, rounded, offset: .zero), 5),
            (.masked(image, mask, offset: .zero, opacity: 255), 9),
            (.scaled(image, source: PixelRect(x: 0, y: 0, width: 1, height: 1), destination: PixelRect(x: 0, y: 0, width: 2, height: 2), opacity: 255), 8),
        ]
        for (paint, read) in paints {
            XCTAssertEqual(paint.bytesPerPixel.written, 4, "\(paint)")
            XCTAssertEqual(paint.bytesPerPixel.read, read, "\(paint)")
        }
    }
}
