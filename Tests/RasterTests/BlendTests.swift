import RasterTestSupport
@testable import Raster
import XCTest

final class BlendTests: XCTestCase {
    func testDiv255RoundsToNearestForEveryProductOfTwoBytes() {
        for a in 0...255 {
            for b in 0...255 {
                let x = a * b
                XCTAssertEqual(Int(div255(UInt32(x))), Int((Double(x) / 255).rounded()), "\(a) × \(b)")
            }
        }
    }

    func testPackedScaleMatchesScalarReferenceForEveryChannelAndFactor() {
        for c in 0...255 {
            let p = UInt32(c) | UInt32(255 - c) << 8 | UInt32(c / 2) << 16 | UInt32(c) << 24
            for f in 0...255 {
                XCTAssertEqual(Blend.scale(p, UInt8(f)), Blend.Reference.scale(p, UInt8(f)))
            }
        }
    }

    func testSourceOverMatchesScalarReferenceOnRandomPremultipliedPixels() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<100_000 {
            let src = randomPremultiplied(&rng), dst = randomPremultiplied(&rng)
            XCTAssertEqual(Blend.over(src, dst), Blend.Reference.over(src, dst))
        }
    }

    func testPremultipliedColorRejectsAChannelAboveAlpha() {
        XCTAssertNil(PremultipliedColor(red: 200, green: 0, blue: 0, alpha: 100))
        XCTAssertNotNil(PremultipliedColor(red: 100, green: 0, blue: 0, alpha: 100))
        XCTAssertEqual(Color(hex: "#FF000080")!.premultiplied, PremultipliedColor(red: 128, green: 0, blue: 0, alpha: 128))
    }

    func testHexColoursParseAndRejectGarbage() {
        XCTAssertEqual(Color(hex: "#F2F2F7"), Color(red: 0xF2, green: 0xF2, blue: 0xF7))
        XCTAssertNil(Color(hex: "F2F2F7"))
        XCTAssertNil(Color(hex: "#F2F2F"))
        XCTAssertNil(Color(hex: "#GGGGGG"))
        XCTAssertEqual(Color(hex: "#f2f2f7")!.hexString, "#F2F2F7")
    }
}

func randomPremultiplied(_ rng: inout SeededRandom) -> UInt32 {
    let a = UInt8.random(in: 0...255, using: &rng)
    let r = UInt8.random(in: 0...a, using: &rng), g = UInt8.random(in: 0...a, using: &rng), b = UInt8.random(in: 0...a, using: &rng)
    return PremultipliedColor(red: r, green: g, blue: b, alpha: a)!.packed
}
