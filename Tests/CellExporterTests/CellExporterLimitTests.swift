import CellExporter
import CLITestSupport
import Foundation
import ScenarioFiles
import TestSupport
import XCTest

/// Whatever a layer tree holds, the exporter writes a file `bench` accepts: values beyond what a
/// cell file takes are brought within it (an image scaled, a radius or scale clamped, layers left
/// out), and each change is said (issue 59, row 12).
final class CellExporterLimitTests: TemporaryDirectoryTestCase {
    /// A 44 pt content view holding `layers`.
    private func contentView(_ layers: [StandInLayer]) -> StandInLayer {
        let root = StandInLayer(frame: CGRect(x: 0, y: 0, width: 375, height: 44))
        layers.forEach(root.addSublayer)
        return root
    }

    /// The exported cell decoded by the tool's own reader; fails the test with the reader's message
    /// when it refuses the file.
    @discardableResult
    private func accepted(_ export: CellExporter.Export, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: export.cell, options: [.sortedKeys]), as: UTF8.self)
        do {
            _ = try ScenarioFile.cell(from: Array(json.utf8), file: "cell.json")
        } catch {
            XCTFail("\(what): bench refuses the exported file: \(error)\n\(json)", file: file, line: line)
        }
        return json
    }

    func testAPhotoLargerThanACellFileTakesIsScaledDownKeepingItsShapeAndSaidSo() throws {
        // A 12-megapixel photo (4,032 × 3,024 at scale 1) in a 60 pt round avatar.
        let avatar = StandInLayer(frame: CGRect(x: 16, y: 2, width: 60, height: 60))
        avatar.contents = CellExporter.Contents.image(size: CGSize(width: 4032, height: 3024))
        avatar.cornerRadius = 30
        avatar.masksToBounds = true
        let export = CellExporter.export(contentView([avatar]))
        let json = try accepted(export, "a 12-MP photo")
        XCTAssertTrue(json.contains(##""image":{"height":1536,"width":2048}"##), json)
        XCTAssertEqual(export.adjustments.map(\.path), ["layers[0].contents.image"])
        XCTAssertEqual(export.adjustments.first?.change,
                       "4032 × 3024 pt, scaled to 2048 × 1536 pt (a cell file's images are at most 2048 pt a side)")
        let path = try CellExporter.write(contentView([avatar]), to: directory + "/photo.json")
        let run = bench("run", "--cell", path, "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--quiet")
        XCTAssertEqual(run.code, 0, run.stderr)
    }

    func testAShadowRadiusAboveAHundredAndRasterizationScalesOutsideTheFilesRangeAreBroughtWithinIt() throws {
        let badge = StandInLayer(frame: CGRect(x: 300, y: 12, width: 28, height: 20))
        badge.backgroundColor = CellExporter.RGBA(red: 1, green: 0, blue: 0)
        badge.shadowOpacity = 0.5
        badge.shadowRadius = 150
        badge.shouldRasterize = true
        badge.rasterizationScale = 0
        let sharp = StandInLayer(frame: CGRect(x: 200, y: 12, width: 28, height: 20))
        sharp.shouldRasterize = true
        sharp.rasterizationScale = 8
        let export = CellExporter.export(contentView([badge, sharp]))
        let json = try accepted(export, "a wide shadow and scales 0 and 8")
        XCTAssertTrue(json.contains(##""radius":100"##), json)
        XCTAssertTrue(json.contains(##""rasterizationScale":4"##), json)
        XCTAssertEqual(export.adjustments.map(\.description), [
            "layers[0].rasterizationScale: 0 is not above 0, as a cell file's must be; left out (the default 1)",
            "layers[0].shadow.radius: 150 is outside 0 to 100, written as 100",
            "layers[1].rasterizationScale: 8 is outside 0.001 to 4, written as 4",
        ])
    }

    func testATreeWithinTheLimitsIsWrittenAsItIsWithNothingSaid() throws {
        let layer = StandInLayer(frame: CGRect(x: -2048, y: 2048, width: 2048, height: 0))
        layer.shadowOpacity = 1
        layer.shadowRadius = 100
        layer.shouldRasterize = true
        layer.rasterizationScale = 4
        layer.cornerRadius = 2048
        layer.contents = CellExporter.Contents.image(size: CGSize(width: 2048, height: 1))
        let export = CellExporter.export(contentView([layer]), separatorInset: 2048)
        try accepted(export, "values at the limits")
        XCTAssertEqual(export.adjustments, [])
    }

    func testMoreLayersThanACellFileTakesAreLeftOutAndCounted() throws {
        var deep = StandInLayer(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let top = deep
        for _ in 0..<20 {
            let next = StandInLayer(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            deep.addSublayer(next)
            deep = next
        }
        let many = (0..<1_100).map { _ in StandInLayer(frame: CGRect(x: 0, y: 0, width: 1, height: 1)) }
        let export = CellExporter.export(contentView([top] + many))
        // 16 of the chain of 21 written, then 984 of the 1,100: 116 and 5 left out.
        try accepted(export, "1,121 layers, 21 deep")
        XCTAssertEqual(export.adjustments.map(\.description), [
            "layers: 116 layers after the first 1000 left out (a cell file takes at most 1000)",
            "layers: 5 layers nested deeper than 16 left out (a cell file nests at most 16 deep)",
        ])
        let empty = CellExporter.export(contentView([]))
        try accepted(empty, "a view without layers")
        XCTAssertEqual(empty.adjustments.map(\.path), ["layers"])
    }

    /// Random trees with values anywhere — NaN, infinities, negatives, a megapoint — each exported
    /// and read by the tool's reader; a tree whose values are all within the limits is written
    /// without a change.
    func testEveryRandomTreeExportsAsAFileBenchAccepts() throws {
        var rng = SeededRandom(seed: 0xCE11_E4F0)
        let wild: [CGFloat] = [.nan, .infinity, -.infinity, -1, 0, 0.0004, 0.5, 1, 3, 4, 4.0001, 99.9996, 100, 100.5, 2047.9996, 2048, 2048.0006,
                               4032, 1e6, -2048.5, .greatestFiniteMagnitude]
        func value() -> CGFloat { wild.randomElement(using: &rng)! }
        func tree(depth: Int) -> StandInLayer {
            let layer = StandInLayer(frame: CGRect(x: value(), y: value(), width: abs(value()), height: abs(value())))
            layer.cornerRadius = value()
            layer.opacity = Float(value())
            layer.borderWidth = Bool.random(using: &rng) ? value() : 0
            layer.shadowOpacity = Bool.random(using: &rng) ? Float(value()) : 0
            layer.shadowRadius = value()
            layer.shadowOffset = CGSize(width: value(), height: value())
            layer.shouldRasterize = Bool.random(using: &rng)
            layer.rasterizationScale = value()
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: layer.contents = CellExporter.Contents.image(size: CGSize(width: value(), height: value()), isOpaque: Bool.random(using: &rng))
            case 1: layer.contents = CellExporter.Contents.text(.rowTitle(length: Int.random(in: -5...500, using: &rng)), pointSize: value())
            default: break
            }
            if Bool.random(using: &rng) {
                let mask = StandInLayer(frame: CGRect(x: value(), y: value(), width: abs(value()), height: abs(value())))
                mask.cornerRadius = value()
                layer.mask = mask
            }
            if depth < 3 { for _ in 0..<Int.random(in: 0...3, using: &rng) { layer.addSublayer(tree(depth: depth + 1)) } }
            return layer
        }
        for index in 0..<300 {
            let root = contentView((0..<Int.random(in: 1...4, using: &rng)).map { _ in tree(depth: 1) })
            try accepted(CellExporter.export(root, separatorInset: value()), "tree \(index)")
        }
    }
}
