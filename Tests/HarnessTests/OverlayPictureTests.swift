import Compositor
import Harness
import Scenarios
import Strategies
import Table
import XCTest

/// Which strategies the HTML report draws with an overlay: each strategy names the overlay that
/// explains its cost, and the catalogue orders them.
final class OverlayPictureTests: XCTestCase {
    /// A strategy of another package whose cost the off-screen overlay shows.
    private final class AddedOffscreen: CornerStrategy {
        static let name = "added-offscreen"
        static let summary = "a strategy added by a package, with an overlay of its own (tests)"
        static let explainingOverlay: Overlay? = .offscreen
        init(screenScale: Double) {}
        func configure(_ cell: Cell, at indexPath: Scenarios.IndexPath, position: RowPosition, in context: LayoutContext) {}
    }

    func testTheBuiltInStrategiesNameTheOverlaysTheReportDrawsTheReferenceLast() {
        let catalog = StrategyCatalog.builtIn
        let pictures = catalog.overlayPictures(among: catalog.names)
        XCTAssertEqual(pictures.map(\.strategy), ["shared-corner-grid", "per-cell-mask", "rasterized-mask", "none"])
        XCTAssertEqual(pictures.map(\.overlay), [.blended, .offscreen, .raster, .blended])
    }

    func testOnlyTheStrategiesThatRanAreDrawn() {
        let pictures = StrategyCatalog.builtIn.overlayPictures(among: ["none", "precomposited", "per-cell-mask"])
        XCTAssertEqual(pictures.map(\.strategy), ["per-cell-mask", "none"])
    }

    func testAnAddedStrategyThatNamesAnOverlayIsDrawnWithIt() throws {
        let catalog = try StrategyCatalog(adding: [AddedOffscreen.self])
        let pictures = catalog.overlayPictures(among: [AddedOffscreen.name, "rasterized-mask"])
        XCTAssertEqual(pictures.map(\.strategy), ["rasterized-mask", AddedOffscreen.name])
        XCTAssertEqual(pictures.map(\.overlay), [.raster, .offscreen])
    }
}
