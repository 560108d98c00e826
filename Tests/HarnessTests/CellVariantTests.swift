@testable import Harness
import HarnessTestSupport
import Raster
import Results
import Scenarios
import Table
import XCTest

/// Which fixes a layer of a described cell is offered, and the cell each makes: only where the
/// description shows the picture stays the same, each changing exactly what the fix names.
final class CellVariantTests: XCTestCase {
    /// A 32 pt avatar at `x`: a picture rounded by `cornerRadius` 16 + `masksToBounds`.
    private func avatar(x: Double = 16) -> LayerDescription {
        var layer = LayerDescription(frame: Rect(x: x, y: 6, width: 32, height: 32))
        layer.contents = .image(.picture(size: nil, color: nil, cornerRadius: 0))
        layer.cornerRadius = 16
        layer.masksToBounds = true
        return layer
    }

    private func fixes(_ layer: LayerDescription, scale: Double = 2) -> [CellFix] {
        CellVariant.variants(of: CellDescription(layers: [layer]), tag: 0, screenScale: scale).map(\.fix)
    }

    func testAClippedAvatarIsOfferedAPreRoundedImageAndRasterizing() throws {
        let cell = CellDescription(layers: [avatar()], separatorInset: 96)
        let variants = CellVariant.variants(of: cell, tag: 0, screenScale: 3)
        XCTAssertEqual(variants.map(\.fix), [.preRoundedImage, .rasterize])
        var rounded = avatar()
        rounded.contents = .image(.picture(size: nil, color: nil, cornerRadius: 16))
        rounded.masksToBounds = false
        XCTAssertEqual(variants[0].cell, CellDescription(layers: [rounded], separatorInset: 96))
        XCTAssertEqual(variants[0].change, "16 pt corners drawn in, no clip")
        var rasterized = avatar()
        rasterized.shouldRasterize = true
        rasterized.rasterizationScale = 3
        XCTAssertEqual(variants[1].cell, CellDescription(layers: [rasterized], separatorInset: 96))
        XCTAssertEqual(variants[1].change, "shouldRasterize at 3×")
        XCTAssertEqual(variants.map(\.tags), [[0], [0]])
    }

    func testAPictureOfAnotherSizeIsRoundedInItsOwnPointsAndOnlyWhenScaledEvenly() {
        var layer = avatar()
        layer.contents = .image(.picture(size: Size(width: 64, height: 64), color: nil, cornerRadius: 0))
        let variant = CellVariant.variants(of: CellDescription(layers: [layer]), tag: 0, screenScale: 2)[0]
        XCTAssertEqual(variant.cell.layers[0].contents, .image(.picture(size: Size(width: 64, height: 64), color: nil, cornerRadius: 32)))
        layer.contents = .image(.picture(size: Size(width: 64, height: 40), color: nil, cornerRadius: 0))
        XCTAssertEqual(fixes(layer), [.rasterize], "stretched, its corners would be ellipses")
        layer.contents = .image(.picture(size: nil, color: nil, cornerRadius: 16))
        XCTAssertEqual(fixes(layer), [.rasterize, .dropClip], "already rounded: nothing left for the clip to cut")
    }

    func testAShadowWithoutAPathIsOfferedThePathAndAClipThatHidesItIsKept() {
        var badge = LayerDescription(frame: Rect(x: 300, y: 12, width: 28, height: 20))
        badge.backgroundColor = Color(hex: "#FF3B30")
        badge.cornerRadius = 10
        badge.shadow = ShadowDescription(opacity: 0.3, radius: 2)
        let variants = CellVariant.variants(of: CellDescription(layers: [badge]), tag: 0, screenScale: 2)
        XCTAssertEqual(variants.map(\.fix), [.shadowPath, .rasterize])
        var pathed = badge
        pathed.shadow?.hasPath = true
        XCTAssertEqual(variants[0].cell.layers[0], pathed)
        var clipped = avatar()
        clipped.shadow = ShadowDescription(opacity: 0.5)
        XCTAssertEqual(fixes(clipped), [.shadowPath, .rasterize], "without the clip the shadow would show: not the same picture")
    }

    func testAMaskOfTheRoundedBoundsBecomesCornerRadiusOrARoundedImage() {
        var masked = LayerDescription(frame: Rect(x: 16, y: 6, width: 32, height: 32))
        masked.contents = .image(.picture(size: nil, color: nil, cornerRadius: 0))
        masked.mask = .oval
        let variants = CellVariant.variants(of: CellDescription(layers: [masked]), tag: 0, screenScale: 2)
        XCTAssertEqual(variants.map(\.fix), [.preRoundedImage, .rasterize, .plainBackground])
        XCTAssertEqual(variants[2].cell.layers[0], avatar(), "Tech Talk 10857: cornerRadius instead of the mask")
        XCTAssertEqual(variants[2].change, "cornerRadius 16 pt for the mask")
        var rounded = masked
        rounded.mask = nil
        rounded.cornerRadius = 16
        rounded.contents = .image(.picture(size: nil, color: nil, cornerRadius: 16))
        XCTAssertEqual(variants[0].cell.layers[0], rounded)
        for (mask, offered) in [(MaskShape.roundedRect(radius: 40), true),
                                (.roundedRects([RoundedRectShape(frame: Rect(x: 0, y: 0, width: 32, height: 32), radius: 8)]), true),
                                (.roundedRects([RoundedRectShape(frame: Rect(x: 0, y: 0, width: 16, height: 32), radius: 8)]), false)] {
            masked.mask = mask
            XCTAssertEqual(fixes(masked).contains(.plainBackground), offered, "\(mask)")
        }
        masked.frame.size.width = 40
        masked.mask = .oval
        XCTAssertEqual(fixes(masked), [.rasterize], "an ellipse is no rounded rectangle")
    }

    func testABackgroundBehindAnOpaqueClippedImageIsOfferedAway() {
        var layer = avatar()
        layer.backgroundColor = Color(hex: "#C7C7CC")
        let variants = CellVariant.variants(of: CellDescription(layers: [layer]), tag: 0, screenScale: 2)
        XCTAssertEqual(variants.map(\.fix), [.preRoundedImage, .rasterize, .plainBackground])
        XCTAssertEqual(variants[2].cell.layers[0], avatar())
        layer.contents = .image(.picture(size: nil, color: Color(hex: "#3478F680"), cornerRadius: 0))
        XCTAssertFalse(fixes(layer).contains(.plainBackground), "a translucent image shows its background")
    }

    func testTheClipIsDroppedOnlyWhenNothingReachesPastTheRoundedBounds() {
        var card = LayerDescription(frame: Rect(x: 8, y: 4, width: 100, height: 36))
        card.backgroundColor = .white
        card.cornerRadius = 10
        card.masksToBounds = true
        var label = LayerDescription(frame: Rect(x: 10, y: 8, width: 80, height: 20))
        label.contents = .text(TextContent(source: .rowTitle(length: 10)))
        card.sublayers = [label]
        let variants = CellVariant.variants(of: CellDescription(layers: [card]), tag: 0, screenScale: 2)
        XCTAssertEqual(variants.map(\.fix), [.rasterize, .dropClip])
        card.masksToBounds = false
        XCTAssertEqual(variants[1].cell.layers[0], card)
        // A corner of the label inside the rounded corner's cut, a shadow past the edge, a
        // grandchild out of its unclipped parent: each would be cut by the clip.
        card.masksToBounds = true
        for moved in [Rect(x: 1, y: 1, width: 80, height: 20), Rect(x: 10, y: 8, width: 91, height: 20)] {
            card.sublayers[0].frame = moved
            XCTAssertEqual(fixes(card), [.rasterize], "\(moved)")
        }
        card.sublayers[0].frame = Rect(x: 10, y: 8, width: 80, height: 20)
        card.sublayers[0].shadow = ShadowDescription(opacity: 0.5, radius: 6)
        XCTAssertEqual(fixes(card), [.rasterize])
        card.sublayers[0].shadow = nil
        var grandchild = LayerDescription(frame: Rect(x: 70, y: 0, width: 30, height: 10))
        grandchild.backgroundColor = .black
        card.sublayers[0].sublayers = [grandchild]
        XCTAssertEqual(fixes(card), [.rasterize])
        card.sublayers[0].sublayers[0].isHidden = true
        XCTAssertEqual(fixes(card), [.rasterize, .dropClip], "a hidden layer draws nothing")
    }

    func testAFixOfSeveralLayersIsMadeToEachAndAFixOfOneIsNotCombined() {
        var badge = LayerDescription(frame: Rect(x: 300, y: 12, width: 28, height: 20))
        badge.shadow = ShadowDescription(opacity: 0.3)
        var nested = avatar(x: 56)
        nested.sublayers = [avatar(x: 0)]
        nested.masksToBounds = false
        let cell = CellDescription(layers: [avatar(), nested, badge])
        // Tags: 0 the first avatar, 1 the container, 2 its avatar, 3 the badge.
        let combined = CellVariant.combined(of: cell, tags: [3, 2, 0], screenScale: 2)
        XCTAssertEqual(combined.map(\.fix), [.preRoundedImage, .rasterize])
        XCTAssertEqual(combined.map(\.tags), [[0, 2], [0, 2, 3]])
        XCTAssertEqual(combined[1].cell.layer(atTag: 2)?.shouldRasterize, true)
        XCTAssertEqual(combined[1].cell.layer(atTag: 1)?.shouldRasterize, false)
        XCTAssertEqual(combined[0].change, "16 pt corners drawn in, no clip")
        XCTAssertEqual(cell.layer(atTag: 4), nil)
        XCTAssertEqual(CellVariant.variants(of: cell, tag: 9, screenScale: 2), [])
    }

    func testOnlyTheDearestLayersThatPayArePricedAndTheRestNamed() {
        let cell = CellDescription(layers: (0..<10).map { avatar(x: Double($0) * 34) })
        let scenario = Fixtures.singleSection(pointsPerStep: 2, content: ContentPattern(cells: [.layers(cell)]))
        let costs = (0..<10).map { i in
            CellLayerCost(layer: "layers[\(i)]", offscreenPasses: i == 4 ? 0 : Double(i), screenSplits: 0, tileTrafficBytes: 0, blendedPixels: 0)
        }
        let (variants, leftOut) = FixPricing.variants(scenario: scenario, costs: costs)
        XCTAssertEqual(Set(variants.filter { $0.tags.count == 1 }.map(\.tags[0])), [2, 3, 5, 6, 7, 8, 9, 1])
        XCTAssertEqual(leftOut, [], "eight pay, and eight are priced: layers[0] and layers[4] pay nothing")
        var more = costs
        more[0].offscreenPasses = 0.5
        more[4].screenSplits = 3
        let (_, out) = FixPricing.variants(scenario: scenario, costs: more)
        XCTAssertEqual(out, ["layers[0]", "layers[4]"], "the two cheapest of ten: fewest passes")
    }
}
