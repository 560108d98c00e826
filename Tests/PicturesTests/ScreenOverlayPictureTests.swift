import Harness
import HarnessTestSupport
import Pictures
import Raster
import Scenarios
import Table
import XCTest

/// `bench render` draws a scenario's overlays: its frames are the simulation's, overlays and all.
final class ScreenOverlayPictureTests: XCTestCase {
    func testARenderedFrameShowsAnOverlayBarAtItsPlaceAtAnyStep() throws {
        var scenario = Fixtures.longTable(steps: 30, content: .settings)
        var bar = LayerDescription(frame: Rect(x: 0, y: 350, width: 600, height: 50))
        bar.backgroundColor = Color(hex: "#FF00FF")
        scenario.overlays = [bar]
        for step in [0, 12] {
            let picture = try FramePicture.render(scenario: scenario, strategy: "none", step: step)
            XCTAssertEqual(picture[600, 750], Color(hex: "#FF00FF")!.premultiplied, "the bar, at step \(step)")
            XCTAssertNotEqual(picture[600, 650], Color(hex: "#FF00FF")!.premultiplied, "the table above it, at step \(step)")
        }
    }
}
