import CLITestSupport
import Foundation
import RasterTestSupport
import Results
import XCTest

/// The published on-device measurements the model can express (`Benchmarks/evidence/`, each file
/// naming its source and result) run through `bench`, and the device model's prediction printed
/// beside the publication. What is asserted is the direction of each published comparison, which
/// the model must reproduce; the magnitudes are printed and docs/device-model.md tabulates them,
/// misses included. The estimates are deterministic, so these are not timed assertions.
final class PublishedEvidenceTests: TemporaryDirectoryTestCase {
    private static let evidence = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/evidence").path

    /// The rows of evidence file `name` run for 30 steps, by scenario and strategy.
    private func run(_ name: String) throws -> [String: DeviceTime] {
        let path = directory + "/\(name).json"
        let result = bench("run", "--suite", Self.evidence + "/\(name).json", "--steps", "30", "--quiet", "--json", path)
        XCTAssertEqual(result.code, 0, result.stderr)
        var times: [String: DeviceTime] = [:]
        for row in try Results.load(from: path).runs { times[row.key.description] = try XCTUnwrap(row.deviceTime, row.key.description) }
        return times
    }

    private func ms(_ t: DeviceTime) -> String {
        String(format: "%.2f–%.2f ms (%.0f–%.0f %% of %.1f ms)", Double(t.lowNanos) / 1e6, Double(t.highNanos) / 1e6,
               t.budgetShare.low * 100, t.budgetShare.high * 100, t.budgetNanos / 1e6)
    }

    func testEveryEvidenceFileNamesItsSourceAndRuns() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.evidence).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(files, ["ipad-1-vs-ipad-2.json", "ipod-touch-4-clipping.json", "texture-old-iphones.json"],
                       "a new evidence file needs its comparison here and its row in docs/device-model.md")
        for file in files {
            let text = try String(contentsOfFile: Self.evidence + "/" + file, encoding: .utf8)
            XCTAssertTrue(text.contains("\"description\""), "\(file) names its source and published result")
        }
    }

    /// iPod touch 4 (A4): clipping to rounded bounds 30 fps, none 60 fps.
    func testClippingOnTheIPodTouch4CostsMoreThanThePlainTable() throws {
        let t = try run("ipod-touch-4-clipping")
        let none = try XCTUnwrap(t["ipod-touch-4/none"]), clip = try XCTUnwrap(t["ipod-touch-4/corner-radius-clip"])
        print("evidence ipod-touch-4-clipping: published none 60 fps (≤ 16.7 ms), clipped about 30 fps (about 33 ms); "
              + "model none \(ms(none)), clipped \(ms(clip))")
        XCTAssertGreaterThan(clip.lowNanos, none.lowNanos)
        XCTAssertGreaterThan(clip.highNanos, none.highNanos)
        XCTAssertFalse(none.possiblyOverBudget, "the plain table fits, as published")
    }

    /// iPad 1 (A4) against iPad 2 (A5), same screen: 5–6 × slower.
    func testTheFirstIPadIsSlowerThanTheIPad2OnTheSameFrames() throws {
        let t = try run("ipad-1-vs-ipad-2")
        let a4 = try XCTUnwrap(t["ipad-1/none"]), a5 = try XCTUnwrap(t["ipad-2/none"])
        print(String(format: "evidence ipad-1-vs-ipad-2: published A4 / A5 = 5–6; model %.1f (fast ends) and %.1f (slow ends)",
                     Double(a4.lowNanos) / Double(a5.lowNanos), Double(a4.highNanos) / Double(a5.highNanos)))
        XCTAssertGreaterThan(a4.lowNanos, a5.lowNanos)
        XCTAssertGreaterThan(a4.highNanos, a5.highNanos)
    }

    /// Texture: off-screen rounding degrades iPhone 4, 4S and 5-class devices; newer ones hide it.
    func testOffScreenRoundingWeighsMoreOnTheOldIPhonesThanOnANewOne() throws {
        let t = try run("texture-old-iphones")
        let new = try XCTUnwrap(t["iphone-se-2020/corner-radius-clip"])
        var line = "evidence texture-old-iphones: published old phones lose frames, new ones hide it; model corner-radius-clip"
        for phone in ["iphone-4", "iphone-4s", "iphone-5"] {
            let old = try XCTUnwrap(t["\(phone)/corner-radius-clip"])
            line += " \(phone) \(ms(old)),"
            XCTAssertGreaterThan(old.budgetShare.low, new.budgetShare.low, phone)
            XCTAssertGreaterThan(old.budgetShare.high, new.budgetShare.high, phone)
        }
        print(line + " iphone-se-2020 \(ms(new))")
        XCTAssertFalse(new.possiblyOverBudget, "the new phone hides it in the budget, as published")
    }
}
