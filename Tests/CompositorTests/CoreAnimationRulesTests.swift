@testable import Compositor
import Raster
import XCTest

/// Core Animation's rules by iOS version (`CoreAnimationRules`): which layers take an off-screen
/// pass on the iOS a scenario runs, and Apple's counts for the demo cell of Tech Talk 10857.
final class CoreAnimationRulesTests: XCTestCase {
    let ledger = Ledger()
    private let screen = PixelSize(width: 200, height: 160)

    /// An opaque image of `size` points at 2×.
    private func image(_ width: Double, _ height: Double) -> Image {
        Image(Pixmap(width: Int(width * 2), height: Int(height * 2), fill: Color(red: 40, green: 90, blue: 200).premultiplied)!,
              scale: 2, ledger: ledger)
    }

    /// Draws `layers` over an opaque white root at 2× under the rules of `ios`.
    private func render(_ layers: [Layer], ios: Int) -> (RenderStats, Pixmap) {
        let renderer = Renderer(screenSize: screen, scale: 2)!
        renderer.rules = CoreAnimationRules(ios: ios)!
        let root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 80), ledger: ledger)
        root.backgroundColor = .white
        for layer in layers { root.addSublayer(layer) }
        let stats = renderer.render(root, time: 0)
        return (stats, renderer.framebuffer)
    }

    /// A 40 pt image view at (10, 10) rounded by `cornerRadius` 20 + `masksToBounds`.
    private func roundedImageView(background: Color? = nil) -> Layer {
        let view = Layer(frame: Rect(x: 10, y: 10, width: 40, height: 40), ledger: ledger)
        view.contents = image(40, 40)
        view.backgroundColor = background
        view.cornerRadius = 20
        view.masksToBounds = true
        return view
    }

    func testTheKnownVersionsRunFromIOS4ToTheNewestAndTheNewestIsTheDefault() {
        XCTAssertNil(CoreAnimationRules(ios: 3))
        XCTAssertNil(CoreAnimationRules(ios: CoreAnimationRules.versions.upperBound + 1))
        XCTAssertEqual(CoreAnimationRules.newest.ios, CoreAnimationRules.versions.upperBound)
        XCTAssertEqual(Renderer(screenSize: screen, scale: 2)!.rules, .newest)
    }

    /// WWDC 2014 session 419 (iOS 8): every rounded clip of contents renders off-screen. From
    /// iOS 10 an image view showing only its image is clipped where it is drawn (Instruments
    /// reports on iOS 10, 11 and 13; an iPhone 12 on iOS 16); iOS 9 is disputed and keeps the pass.
    func testARoundedImageViewTakesAPassBeforeIOS10AndNoneFromIt() {
        for ios in CoreAnimationRules.versions {
            let (stats, _) = render([roundedImageView()], ios: ios)
            let expected = ios >= 10 ? 0 : 1
            XCTAssertEqual(stats.offscreenPasses, expected, "iOS \(ios)")
            XCTAssertEqual(stats.screenSplits, expected, "iOS \(ios)")
            XCTAssertEqual(stats.renderPasses, 1 + expected, "iOS \(ios)")
        }
        XCTAssertEqual(CoreAnimationRules(ios: 9)!.disputedRules, [CoreAnimationRules.directContentsClip])
        XCTAssertEqual(CoreAnimationRules(ios: 10)!.disputedRules, [])
    }

    /// The same picture either way: the pass changes what the device pays, not what it shows.
    func testTheRoundedImageViewLooksTheSameWithAndWithoutThePass() {
        let (_, old) = render([roundedImageView()], ios: 8)
        let (_, new) = render([roundedImageView()], ios: 16)
        XCTAssertEqual(old.pixels, new.pixels)
    }

    /// Contents scaled to the layer (an image of another size), or a part of an image
    /// (`contentsRect`), are sampled as the pass would: the same picture with and without it.
    func testScaledOrPartialContentsLookTheSameWithAndWithoutThePass() {
        func view(_ configure: (Layer) -> Void) -> Layer {
            let view = roundedImageView()
            configure(view)
            return view
        }
        let gradient = Pixmap(width: 37, height: 53, fill: Color.black.premultiplied)!
        var pixels = gradient
        for y in 0..<53 { for x in 0..<37 { pixels[x, y] = Color(red: UInt8(x * 6), green: UInt8(y * 4), blue: 90).premultiplied } }
        let scaled = { (layer: Layer) in layer.contents = Image(pixels, scale: 2, ledger: self.ledger) }
        let partial = { (layer: Layer) in layer.contentsRect = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5) }
        for configure in [scaled, partial] {
            let (old, oldPicture) = render([view(configure)], ios: 8)
            let (new, newPicture) = render([view(configure)], ios: 16)
            XCTAssertEqual(old.offscreenPasses, 1)
            XCTAssertEqual(new.offscreenPasses, 0)
            XCTAssertEqual(oldPicture.pixels, newPicture.pixels)
        }
    }

    /// A rounded image view larger than the screen is drawn for the part that reaches it, with the
    /// pass (`Renderer.reachable`) and without: the same picture.
    func testALayerLargerThanTheScreenLooksTheSameWithAndWithoutThePass() {
        func view() -> Layer {
            let view = Layer(frame: Rect(x: -30, y: -20, width: 160, height: 140), ledger: ledger)
            view.contents = image(160, 140)
            view.cornerRadius = 60
            view.masksToBounds = true
            return view
        }
        let (old, oldPicture) = render([view()], ios: 8)
        let (new, newPicture) = render([view()], ios: 16)
        XCTAssertEqual(old.offscreenPasses, 1)
        XCTAssertEqual(new.offscreenPasses, 0)
        XCTAssertEqual(oldPicture.pixels, newPicture.pixels)
    }

    /// rakuyoo's iPhone 12 on iOS 16: with an opaque background colour the image view takes the
    /// pass again; so do sublayers (Tech Talk 10857), on every version.
    func testABackgroundOrSublayersUnderTheClipTakeThePassOnEveryVersion() {
        for ios in [8, 10, 16] {
            XCTAssertEqual(render([roundedImageView(background: .white)], ios: ios).0.offscreenPasses, 1, "iOS \(ios), background")
            let withSublayer = roundedImageView()
            withSublayer.addSublayer(Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10), ledger: ledger))
            XCTAssertEqual(render([withSublayer], ios: ios).0.offscreenPasses, 1, "iOS \(ios), sublayer")
        }
    }

    // MARK: - Tech Talk 10857's demo cell

    /// The star layer: a shape with a shadow (no `shadowPath` unless `path`).
    private func star(path: Bool) -> Layer {
        let star = ShapeLayer(frame: Rect(x: 4, y: 4, width: 16, height: 16), ledger: ledger)
        star.path = Path(.oval(Rect(x: 0, y: 0, width: 16, height: 16)), ledger: ledger)
        star.fillColor = Color(red: 255, green: 200, blue: 0)
        star.shadowOpacity = 0.5
        if path { star.shadowPath = star.path }
        return star
    }

    /// The tag view: a red view of an image view and a label, rounded by a plain layer as its
    /// mask (`.mask`), by `cornerRadius` + `masksToBounds` (`.clip`) or by `cornerRadius` alone
    /// (`.radius`, its sublayers staying inside its bounds).
    enum TagRounding { case mask, clip, radius }
    private func tag(_ rounding: TagRounding) -> Layer {
        let tag = Layer(frame: Rect(x: 24, y: 4, width: 60, height: 20), ledger: ledger)
        tag.backgroundColor = Color(red: 220, green: 40, blue: 40)
        let icon = Layer(frame: Rect(x: 2, y: 2, width: 16, height: 16), ledger: ledger)
        icon.contents = image(16, 16)
        let label = Layer(frame: Rect(x: 20, y: 4, width: 36, height: 12), ledger: ledger)
        label.backgroundColor = .white
        tag.addSublayer(icon)
        tag.addSublayer(label)
        switch rounding {
        case .mask:
            let mask = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 20), ledger: ledger)
            mask.backgroundColor = .black
            mask.cornerRadius = 10
            tag.mask = mask
        case .clip:
            tag.cornerRadius = 10
            tag.masksToBounds = true
        case .radius:
            tag.cornerRadius = 10
        }
        return tag
    }

    /// The photo: an image view rounded by a shape layer whose path is a rounded rectangle, or by
    /// `cornerRadius` + `masksToBounds`.
    private func photo(shapeMask: Bool) -> Layer {
        let photo = Layer(frame: Rect(x: 4, y: 28, width: 80, height: 48), ledger: ledger)
        photo.contents = image(80, 48)
        if shapeMask {
            let mask = ShapeLayer(frame: Rect(x: 0, y: 0, width: 80, height: 48), ledger: ledger)
            mask.path = Path(.roundedRect(Rect(x: 0, y: 0, width: 80, height: 48), radius: 12, corners: .all), ledger: ledger)
            photo.mask = mask
        } else {
            photo.cornerRadius = 12
            photo.masksToBounds = true
        }
        return photo
    }

    /// Apple's Tech Talk 10857 ("Demystify and eliminate hitches in the render phase", December
    /// 2020, the iOS 14 of Xcode 12): the star's dynamic shadow "takes five offscreens", gone with
    /// a `shadowPath`; the tag view's plain mask layer two, one with `masksToBounds` "because we
    /// have sublayers", none without it; the photo's rounded shape mask two, none with
    /// `cornerRadius`. Per cell 9 before the fixes and 0 after ("from 36 down to zero" on the
    /// talk's screen).
    func testTheDemoCellOfTechTalk10857TakesApplesPassesBeforeAndAfterEachFix() {
        let ios = 14
        func passes(_ layer: Layer) -> Int { render([layer], ios: ios).0.offscreenPasses }
        XCTAssertEqual(passes(star(path: false)), 5, "a shadow without a path")
        XCTAssertEqual(passes(star(path: true)), 0, "with a shadowPath")
        XCTAssertEqual(passes(tag(.mask)), 2, "a plain layer as the mask")
        XCTAssertEqual(passes(tag(.clip)), 1, "masksToBounds over sublayers")
        XCTAssertEqual(passes(tag(.radius)), 0, "no clip: the sublayers stay inside")
        XCTAssertEqual(passes(photo(shapeMask: true)), 2, "a rounded-rectangle shape mask")
        XCTAssertEqual(passes(photo(shapeMask: false)), 0, "cornerRadius on the image view")
        let before = render([star(path: false), tag(.mask), photo(shapeMask: true)], ios: ios).0.offscreenPasses
        let after = render([star(path: true), tag(.radius), photo(shapeMask: false)], ios: ios).0.offscreenPasses
        XCTAssertEqual(before, 9)
        XCTAssertEqual(after, 0)
        XCTAssertEqual(4 * before, 36, "the talk's 36, as four cells of 9")
    }
}
