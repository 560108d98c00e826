import RasterTestSupport
@testable import Raster
import XCTest

/// `Pixmap.paint(_:rows:)` shades a band's paints row by row, each row's replacing spans first in
/// address order, then its blends back to front. For visible spans (what hidden-surface removal
/// hands it) that must give every pixel exactly what painting one paint after another, back to
/// front, gives; these stacks are random, with the visible spans found pixel by pixel.
final class SpanLayersTests: XCTestCase {
    func testRowByRowShadingEqualsPaintingEachLayerInTurn() {
        var rng = SeededRandom(seed: 0x5AA1)
        let width = 96, rows = 0..<5
        var image = Pixmap(width: width, height: rows.count)!
        var translucent = Pixmap(width: width, height: rows.count)!
        for i in image.pixels.indices {
            image.pixels[i] = UInt32.random(in: 0...0xFF_FFFF, using: &rng) | 0xFF00_0000
            let a = UInt32.random(in: 0...255, using: &rng)
            translucent.pixels[i] = a << 24 | (a / 2) << 16 | (a / 3) << 8 | (a / 4)
        }
        let mask = CoverageMask(size: PixelSize(width: width, height: rows.count), coverage: 128)!
        var reordered = 0
        for _ in 0..<300 {
            // Back to front: the clear, then random paints over random column ranges.
            var stack: [(paint: Paint, x0: Int, x1: Int)] = [(.fill(.transparent), 0, width)]
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let x0 = Int.random(in: 0..<width, using: &rng), x1 = Int.random(in: x0...width, using: &rng)
                let colour = PremultipliedColor(packed: UInt32.random(in: 0...0xFF_FFFF, using: &rng) | 0xFF00_0000)
                let paint: Paint
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: paint = .fill(colour)
                case 1: paint = .copy(image, offset: .zero)
                case 2: paint = .blend(PremultipliedColor(packed: 0x8040_2010))
                case 3: paint = .draw(translucent, offset: .zero, opacity: 200)
                default: paint = .shape(colour, mask, offset: .zero)
                }
                stack.append((paint, x0, x1))
            }
            // Each paint's visible columns: not under a replacing paint in front of it.
            var covered = [Bool](repeating: false, count: width)
            var visible = [[Span]](repeating: [], count: stack.count)
            for k in stack.indices.reversed() {
                var x = stack[k].x0
                while x < stack[k].x1 {
                    guard !covered[x] else { x += 1; continue }
                    var end = x
                    while end < stack[k].x1 && !covered[end] { end += 1 }
                    visible[k].append(Span(x, end))
                    x = end
                }
                if stack[k].paint.replaces { for c in stack[k].x0..<stack[k].x1 { covered[c] = true } }
            }
            var inTurn = Pixmap(width: width, height: rows.count)!
            var layers = SpanLayers()
            for k in stack.indices where !visible[k].isEmpty {
                inTurn.paint(stack[k].paint, rows: rows, spans: visible[k][...], kernels: .preferred)
                layers.append(stack[k].paint, spans: visible[k][...])
            }
            var byRows = Pixmap(width: width, height: rows.count)!
            let shaded = byRows.paint(&layers, rows: rows, kernels: .preferred)
            XCTAssertEqual(byRows, inTurn)
            XCTAssertEqual(shaded, visible.joined().reduce(0) { $0 + $1.length } * rows.count)
            layers.arrangeOrder()
            if layers.order.map(\.layer) != layers.order.map(\.layer).sorted() { reordered += 1 }
        }
        // The stacks must exercise the reordering, not only stacks already in order.
        XCTAssertGreaterThan(reordered, 50)
    }
}
