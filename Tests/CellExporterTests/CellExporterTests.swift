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
        let layers = [roundedAvatar(x: 16), roundedAvatar(x: 56), titleLabel(), badge]
        for (layer, name) in zip(layers, ["leftAvatar", "rightAvatar", "title", "badge"]) { layer.name = name }
        return contentView(layers)
    }

    /// The example cells by file name.
    var examples: [(file: String, root: StandInLayer)] {
        [("two-rounded-images.json", twoRoundedImages()), ("two-masked-images.json", twoMaskedImages()),
         ("avatars-and-badge.json", avatarsAndBadge())]
    }

    // MARK: Helpers

    /// Exports `root` into the test's directory as `name`; returns its path.
    func export(_ root: StandInLayer, as name: String, separatorInset: CGFloat? = 96, rowHeight: CGFloat? = 44) throws -> String {
        try CellExporter.write(root, to: directory + "/" + name, separatorInset: separatorInset, rowHeight: rowHeight)
    }

    /// The JSON value of the file at `path`, written again with sorted keys: two files with the
    /// same objects, arrays, numbers and strings give the same text.
    func canonical(_ path: String) throws -> String {
        let value = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        return String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self)
    }

    /// Writes the cell object `cell` as `name` in the test's directory; returns its path.
    func write(_ cell: [String: Any], as name: String) throws -> String {
        let path = directory + "/" + name
        try JSONSerialization.data(withJSONObject: cell, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The exported object of `root`, read back from its file.
    func exported(_ root: StandInLayer) throws -> [String: Any] {
        let path = try export(root, as: "exported.json", separatorInset: nil, rowHeight: nil)
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

    // MARK: Names, the row and the cell's other views

    func testEachLayersNameIsWrittenAViewsNameWinsAndARepeatedNameIsNumbered() throws {
        let first = roundedAvatar(x: 16), second = roundedAvatar(x: 56), title = titleLabel(), plain = StandInLayer(frame: .zero)
        title.name = "title"
        plain.name = "ring"
        second.addSublayer(plain)
        let long = String(repeating: "L", count: 70)
        let badge = StandInLayer(frame: CGRect(x: 300, y: 12, width: 28, height: 20))
        let root = contentView([first, second, title, badge])
        // As the UIKit entry points name views: by class, by accessibility identifier.
        let names = [ObjectIdentifier(first): "UIImageView", ObjectIdentifier(second): "UIImageView", ObjectIdentifier(title): "titleLabel",
                     ObjectIdentifier(badge): long]
        let cell = CellExporter.cell(of: root, names: names)
        let layers = try XCTUnwrap(cell["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.map { $0["name"] as? String }, ["UIImageView 1", "UIImageView 2", "titleLabel", String(long.prefix(64))])
        XCTAssertEqual((layers[1]["sublayers"] as? [[String: Any]])?.first?["name"] as? String, "ring", "a layer's own name")
        let path = try write(cell, as: "named.json")
        let run = bench("run", "--cell", path, "--device", "iphone-se", "--strategy", "none", "--steps", "2", "--quiet")
        XCTAssertEqual(run.code, 0, run.stderr)
    }

    func testANumberedNameNeverTakesANameAnotherLayerAlreadyHas() throws {
        let layers = (0..<3).map { _ in StandInLayer(frame: CGRect(x: 0, y: 0, width: 4, height: 4)) }
        layers[0].name = "dot"
        layers[1].name = "dot"
        layers[2].name = "dot 1"
        let exported = try XCTUnwrap(CellExporter.cell(of: contentView(layers))["layers"] as? [[String: Any]])
        XCTAssertEqual(exported.map { $0["name"] as? String }, ["dot 2", "dot 3", "dot 1"])
    }

    func testATableCellWritesItsRowHeightAndItsAccessoryBesideTheContentViewsLayers() throws {
        let content = StandInLayer(frame: CGRect(x: 0, y: 0, width: 327, height: 59.5))
        content.addSublayer(roundedAvatar(x: 16))
        let accessory = StandInLayer(frame: CGRect(x: 335, y: 18, width: 24, height: 24))
        accessory.contents = CellExporter.Contents.image()
        accessory.name = "chevron"
        let cell = CellExporter.cell(contentView: content, accessories: [accessory], rowHeight: 60, separatorInset: 16)
        XCTAssertEqual(cell["rowHeight"] as? Int, 60)
        let layers = try XCTUnwrap(cell["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.count, 2, "the content view's one layer and the accessory: \(layers)")
        XCTAssertEqual(try text(layers[1]["frame"]), ##"{"height":24,"width":24,"x":335,"y":18}"##, "in the cell's space")
        XCTAssertEqual(layers[1]["name"] as? String, "chevron")
        // A content view that draws (its own background) is one layer holding its sublayers.
        content.backgroundColor = Self.white
        let drawn = try XCTUnwrap(CellExporter.cell(contentView: content, rowHeight: 60)["layers"] as? [[String: Any]])
        XCTAssertEqual(drawn.count, 1)
        XCTAssertEqual(drawn[0]["backgroundColor"] as? String, "#FFFFFF")
        XCTAssertEqual((drawn[0]["sublayers"] as? [[String: Any]])?.count, 1)
        let path = try write(cell, as: "row.json")
        let run = bench("run", "--cell", path, "--device", "iphone-se", "--strategy", "none", "--steps", "2")
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertTrue(run.stdout.unwrapped.contains("rows 60 pt tall (the cell's)"), run.stdout)
        XCTAssertFalse(run.stderr.contains("Warning"), "every layer lies in its 60 pt row: \(run.stderr)")
    }

    func testALabelsTextWithoutALetterIsGuessedFixedAndOneWithLettersTheRowsTitle() {
        XCTAssertEqual(CellExporter.Text.guessed(from: "12"), .string("12"), "a badge's count")
        XCTAssertEqual(CellExporter.Text.guessed(from: "99+"), .string("99+"))
        XCTAssertEqual(CellExporter.Text.guessed(from: "9:41"), .string("9:41"))
        XCTAssertEqual(CellExporter.Text.guessed(from: "Anna Haro"), .rowTitle(length: 9))
        XCTAssertEqual(CellExporter.Text.guessed(from: "Ärger 3"), .rowTitle(length: 7))
    }
}
