import CellExporter
import CLITestSupport
import Foundation
import TestSupport
import XCTest

/// The exporter on a stand-in layer tree: the files it writes for the cells of Benchmarks/cells/
/// are the hand-written ones, `bench run --cell` accepts them, and counts the same.
final class CellExporterTests: TemporaryDirectoryTestCase {
    static let cells = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Benchmarks/cells")
    static let black = CellExporter.RGBA(red: 0, green: 0, blue: 0)
    static let white = CellExporter.RGBA(red: 1, green: 1, blue: 1)

    // MARK: The example cells, built as a cell class builds them

    /// A 32 pt image at `x`, rounded by `cornerRadius` and `masksToBounds`.
    func roundedAvatar(x: CGFloat) -> StandInLayer {
        let avatar = StandInLayer(frame: CGRect(x: x, y: 6, width: 32, height: 32))
        avatar.contents = CellExporter.Contents.image()
        avatar.cornerRadius = 16
        avatar.masksToBounds = true
        return avatar
    }

    /// A 32 pt image at `x`, masked by a shape layer whose path is the oval in its bounds.
    func maskedAvatar(x: CGFloat) -> StandInLayer {
        let avatar = StandInLayer(frame: CGRect(x: x, y: 6, width: 32, height: 32))
        avatar.contents = CellExporter.Contents.image()
        let mask = StandInLayer(frame: avatar.bounds)
        mask.shapeOutline = CellExporter.Outline(boundingBox: avatar.bounds, isOval: true)
        avatar.mask = mask
        return avatar
    }

    /// The title label: the row's title, at most 16 characters, in the default font.
    func titleLabel() -> StandInLayer {
        let label = StandInLayer(frame: CGRect(x: 96, y: 12, width: 200, height: 20))
        label.contents = CellExporter.Contents.text(.rowTitle(length: 16))
        return label
    }

    /// A content view of a 44 pt row holding `layers`.
    func contentView(_ layers: [StandInLayer]) -> StandInLayer {
        let root = StandInLayer(frame: CGRect(x: 0, y: 0, width: 375, height: 44))
        layers.forEach(root.addSublayer)
        return root
    }

    /// Benchmarks/cells/two-rounded-images.json's cell.
    func twoRoundedImages() -> StandInLayer {
        contentView([roundedAvatar(x: 16), roundedAvatar(x: 56), titleLabel()])
    }

    /// Benchmarks/cells/two-masked-images.json's cell.
    func twoMaskedImages() -> StandInLayer {
        contentView([maskedAvatar(x: 16), maskedAvatar(x: 56), titleLabel()])
    }

    /// Benchmarks/cells/avatars-and-badge.json's cell: a red badge with a fixed count, its
    /// background rounded, its shadow given a path.
    func avatarsAndBadge() -> StandInLayer {
        let badge = StandInLayer(frame: CGRect(x: 300, y: 12, width: 28, height: 20))
        badge.backgroundColor = CellExporter.RGBA(red: 255.0 / 255, green: 59.0 / 255, blue: 48.0 / 255)
        badge.cornerRadius = 10
        badge.contents = CellExporter.Contents.text(.string("12"), pointSize: 13, color: Self.white)
        badge.shadowOpacity = 0.3
        badge.shadowRadius = 2
        badge.shadowOffset = CGSize(width: 0, height: 1)
        badge.shadowPath = badge.bounds
        return contentView([roundedAvatar(x: 16), roundedAvatar(x: 56), titleLabel(), badge])
    }

    /// The example cells by file name.
    var examples: [(file: String, root: StandInLayer)] {
        [("two-rounded-images.json", twoRoundedImages()), ("two-masked-images.json", twoMaskedImages()),
         ("avatars-and-badge.json", avatarsAndBadge())]
    }

    // MARK: Helpers

    /// Exports `root` into the test's directory as `name`; returns its path.
    func export(_ root: StandInLayer, as name: String, separatorInset: CGFloat? = 96) throws -> String {
        try CellExporter.write(root, to: directory + "/" + name, separatorInset: separatorInset)
    }

    /// The JSON value of the file at `path`, written again with sorted keys: two files with the
    /// same objects, arrays, numbers and strings give the same text.
    func canonical(_ path: String) throws -> String {
        let value = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        return String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self)
    }

    /// The exported object of `root`, read back from its file.
    func exported(_ root: StandInLayer) throws -> [String: Any] {
        let path = try export(root, as: "exported.json", separatorInset: nil)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// `value` as JSON text with sorted keys, on one line: how a test states an exported object.
    func text(_ value: Any?) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: try XCTUnwrap(value), options: [.sortedKeys]), as: UTF8.self)
    }

    /// The first layer of an exported cell.
    func firstLayer(_ cell: [String: Any]) throws -> [String: Any] {
        try XCTUnwrap((cell["layers"] as? [[String: Any]])?.first)
    }

    /// The totals of `bench run --cell <path>` on the iPhone SE, strategy none, 10 steps, as JSON
    /// text with sorted keys.
    func totals(ofCell path: String, _ file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let out = directory + "/out-\(UUID().uuidString).json"
        let run = bench(["run", "--cell", path, "--device", "iphone-se", "--strategy", "none", "--steps", "10", "--quiet", "--json", out])
        XCTAssertEqual(run.code, 0, run.stderr, file: file, line: line)
        let results = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        let runs = try XCTUnwrap(results["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1, file: file, line: line)
        let totals = try XCTUnwrap(runs.first?["totals"] as? [String: Any])
        return String(decoding: try JSONSerialization.data(withJSONObject: totals, options: [.sortedKeys]), as: UTF8.self)
    }

    // MARK: The example cells

    func testStandInTreesOfTheExampleCellsExportAsTheHandWrittenFiles() throws {
        for (file, root) in examples {
            let path = try export(root, as: file)
            XCTAssertEqual(try canonical(path), try canonical(Self.cells.appendingPathComponent(file).path), file)
        }
    }

    func testExportedExampleCellsRunWithTheHandWrittenFilesCounters() throws {
        for (file, root) in examples {
            let path = try export(root, as: file)
            let handWritten = try totals(ofCell: Self.cells.appendingPathComponent(file).path)
            XCTAssertEqual(try totals(ofCell: path), handWritten, file)
            XCTAssertTrue(handWritten.contains("\"layersDrawn\""), "the run counted layers")
        }
    }

    // MARK: What each layer writes

    func testLayerAtCoreAnimationsDefaultsExportsOnlyItsFrame() throws {
        let layer = try firstLayer(exported(contentView([StandInLayer(frame: CGRect(x: 1.5, y: 2, width: 30, height: 40))])))
        XCTAssertEqual(Array(layer.keys), ["frame"])
        XCTAssertEqual(try text(layer["frame"]), ##"{"height":40,"width":30,"x":1.5,"y":2}"##)
    }

    func testUIKitNamesOnTheStandInViewExportAsTheFilesKeys() throws {
        let content = StandInView(frame: CGRect(x: 0, y: 0, width: 375, height: 44))
        let view = StandInView(frame: CGRect(x: 16, y: 6, width: 32, height: 32))
        view.clipsToBounds = true
        view.alpha = 0.5
        view.isOpaque = true
        view.isHidden = true
        view.backgroundColor = Self.white
        content.addSubview(view)
        let layer = try firstLayer(exported(content.layer))
        XCTAssertEqual(layer["masksToBounds"] as? Bool, true)
        XCTAssertEqual(try text(layer["opacity"].map { [$0] }), "[0.5]")
        XCTAssertEqual(layer["isOpaque"] as? Bool, true)
        XCTAssertEqual(layer["hidden"] as? Bool, true)
        XCTAssertEqual(layer["backgroundColor"] as? String, "#FFFFFF")
        XCTAssertNil(layer["clipsToBounds"] ?? layer["alpha"], "UIKit's names are not the format's keys")
        let path = try export(content.layer, as: "view.json")
        XCTAssertEqual(bench("run", "--cell", path, "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--quiet").code, 0)
    }

    func testSublayerFramesAreInTheirParentsSpaceAndTopLevelOnesMoveByTheOffset() throws {
        let content = contentView([roundedAvatar(x: 16)])
        let inner = StandInLayer(frame: CGRect(x: 4, y: 5, width: 8, height: 8))
        content.sublayers?[0].addSublayer(inner)
        let layer = try firstLayer(CellExporter.cell(of: content, offset: CGPoint(x: 20, y: 0)))
        XCTAssertEqual(try text(layer["frame"]), ##"{"height":32,"width":32,"x":36,"y":6}"##)
        let sublayer = try XCTUnwrap((layer["sublayers"] as? [[String: Any]])?.first)
        XCTAssertEqual(try text(sublayer["frame"]), ##"{"height":8,"width":8,"x":4,"y":5}"##)
    }

    func testMasksThatDoNotFillTheirLayerExportAsOneRoundedRectangle() throws {
        let avatar = maskedAvatar(x: 16)
        avatar.mask?.frame = CGRect(x: 2, y: 0, width: 32, height: 32)
        avatar.mask?.shapeOutline = CellExporter.Outline(boundingBox: CGRect(x: 0, y: 4, width: 24, height: 24), isOval: true)
        let plain = roundedAvatar(x: 56)
        plain.masksToBounds = false
        let mask = StandInLayer(frame: plain.bounds)
        mask.cornerRadius = 6
        plain.mask = mask
        let layers = try XCTUnwrap(exported(contentView([avatar, plain]))["layers"] as? [[String: Any]])
        XCTAssertEqual(try text(layers[0]["mask"]),
                       ##"{"rects":[{"height":24,"radius":12,"width":24,"x":2,"y":4}],"shape":"roundedRects"}"##)
        XCTAssertEqual(try text(layers[1]["mask"]), ##"{"radius":6,"shape":"roundedRect"}"##)
    }

    func testEveryKeyTheExporterWritesIsAcceptedByBench() throws {
        let group = StandInLayer(frame: CGRect(x: 8, y: 4, width: 300, height: 36))
        group.opacity = 0.8
        group.allowsGroupOpacity = false
        group.shouldRasterize = true
        group.rasterizationScale = 2
        group.borderWidth = 1
        group.borderColor = CellExporter.RGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
        group.shadowOpacity = 0.25
        group.shadowColor = CellExporter.RGBA(red: 0, green: 0, blue: 1)
        let photo = StandInLayer(frame: CGRect(x: 4, y: 2, width: 32, height: 32))
        photo.contents = CellExporter.Contents.image(size: CGSize(width: 64, height: 48), isOpaque: false)
        photo.isOpaque = true
        let detail = StandInLayer(frame: CGRect(x: 40, y: 8, width: 200, height: 20))
        detail.contents = CellExporter.Contents.text(.rowDetail(length: 300), pointSize: 15, color: CellExporter.RGBA(red: 0.4, green: 0.4, blue: 0.4))
        let hidden = StandInLayer(frame: CGRect(x: 250, y: 8, width: 20, height: 20))
        hidden.isHidden = true
        hidden.backgroundColor = CellExporter.RGBA(red: 1, green: 0, blue: 0, alpha: 0)
        [photo, detail, hidden].forEach(group.addSublayer)
        let cell = try exported(contentView([group]))
        let layer = try firstLayer(cell)
        XCTAssertEqual(try text(layer["shadow"]), ##"{"color":"#0000FF","opacity":0.25}"##)
        XCTAssertEqual(try text(layer["border"]), ##"{"color":"#80808080","width":1}"##)
        XCTAssertEqual(try text(layer["rasterizationScale"].map { [$0] }), "[2]")
        XCTAssertEqual(try text(layer["opacity"].map { [$0] }), "[0.8]", "Core Animation's Float written as the number it was set to")
        let sublayers = try XCTUnwrap(layer["sublayers"] as? [[String: Any]])
        XCTAssertEqual(try text(sublayers[0]["contents"]), ##"{"image":{"height":48,"opaque":false,"width":64}}"##)
        XCTAssertEqual(try text(sublayers[1]["contents"]), ##"{"text":{"color":"#666666","detail":200,"size":15}}"##, "at most 200 characters")
        XCTAssertEqual(sublayers[2]["backgroundColor"] as? String, "#FF000000")
        let path = try export(contentView([group]), as: "every-key.json")
        let run = bench("run", "--cell", path, "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--quiet")
        XCTAssertEqual(run.code, 0, run.stderr)
    }
}
