import Foundation
import XCTest

/// Each module's front page (`Sources/M/M.swift`) says what the module may import, and
/// docs/architecture.md's tables say what each target depends on; both are held to Package.swift,
/// which the build obeys, so the prose cannot drift from the graph.
final class FrontPageTests: XCTestCase {
    /// What a "May import:" sentence may name besides the package's modules.
    private static let outsideThePackage: Set<String> = ["nothing but the standard library", "the C library"]

    /// What the "May import:" sentence of a front page's opening comment names: the text from
    /// "May import:" to the first full stop outside parentheses, without its parenthetical remarks,
    /// split at commas and "and". Nil without such a sentence.
    static func mayImport(in source: String) -> [String]? {
        let comment = source.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("//") }
            .map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        guard let start = comment.range(of: "May import:") else { return nil }
        var outside = "", depth = 0
        let rest = comment[start.upperBound...]
        for (i, ch) in zip(rest.indices, rest) {
            if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 } else if depth == 0 {
                let next = rest.index(after: i)
                if ch == ".", next == rest.endIndex || rest[next] == " " { break }
                outside.append(ch)
            }
        }
        return outside.replacingOccurrences(of: "`", with: "").components(separatedBy: ",")
            .flatMap { $0.components(separatedBy: " and ") }
            .map { $0.split(separator: " ").joined(separator: " ") }
            .map { $0.hasPrefix("and ") ? String($0.dropFirst(4)) : $0 }
            .filter { !$0.isEmpty }
    }

    /// The rows of the Markdown table in `text` whose header starts `| first | depends on |`: each
    /// row's first column (without backticks) and the names in its second ("—" for none).
    static func dependencyTable(in text: String, first: String) -> [String: Set<String>] {
        var rows: [String: Set<String>] = [:]
        var inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if !line.hasPrefix("|") {
                inTable = false
            } else if cells.count > 3, cells[1] == first, cells[2] == "depends on" {
                inTable = true
            } else if inTable, cells.count > 3, !cells[1].hasPrefix("---") {
                let names = cells[2] == "—" ? [] : cells[2].components(separatedBy: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                rows[cells[1].replacingOccurrences(of: "`", with: "")] = Set(names)
            }
        }
        return rows
    }

    func testAMayImportSentenceIsReadToItsFullStopWithoutItsRemarks() {
        let source = """
            // Raster: pixels.
            //
            // May import: CIntrinsics (prefetch, vector fill and copy, CRC folding), Text and the
            // C library. Nothing of layers, tables or results.

            import Foundation
            // May import: Strategies.
            """
        XCTAssertEqual(Self.mayImport(in: source), ["CIntrinsics", "Text", "the C library"])
        XCTAssertEqual(Self.mayImport(in: "// May import: Results, JSON (`JSONValue`), and Text.\n"), ["Results", "JSON", "Text"])
        XCTAssertEqual(Self.mayImport(in: "// May import: nothing but the standard library.\n"), ["nothing but the standard library"])
        XCTAssertNil(Self.mayImport(in: "// Raster: pixels.\n\nimport Foundation\n// May import: Text.\n"))
    }

    func testEachModuleFrontPageMayImportExactlyThePackageSwiftDependencies() throws {
        let targets = try PackageManifest.targets()
        let modules = Set(targets.map(\.name))
        let swiftModules = try targets.filter { target in
            try target.kind == "target" && target.path == "Sources/" + target.name
                && FileManager.default.contentsOfDirectory(atPath: PackageManifest.root.appendingPathComponent(target.path).path)
                    .contains { $0.hasSuffix(".swift") }
        }
        XCTAssertGreaterThanOrEqual(swiftModules.count, 14, "the library modules were not found")
        for target in swiftModules {
            let page = PackageManifest.root.appendingPathComponent("\(target.path)/\(target.name).swift")
            guard let named = Self.mayImport(in: try String(contentsOf: page, encoding: .utf8)) else {
                XCTFail("\(target.name).swift opens with no \"May import:\" sentence")
                continue
            }
            let unknown = named.filter { !modules.contains($0) && !Self.outsideThePackage.contains($0) }
            XCTAssertEqual(unknown, [], "\(target.name).swift's \"May import:\" names what is neither a module of the package nor \(Self.outsideThePackage.sorted())")
            let listed = Set(named.filter(modules.contains))
            XCTAssertEqual(listed.subtracting(target.dependencies).sorted(), [],
                           "\(target.name).swift may import modules that Package.swift does not give it")
            XCTAssertEqual(target.dependencies.subtracting(listed).sorted(), [],
                           "\(target.name) depends on modules in Package.swift that its front page's \"May import:\" leaves out")
        }
    }

    func testArchitectureTablesGiveEachTargetItsPackageSwiftDependencies() throws {
        let targets = try PackageManifest.targets()
        let architecture = try String(contentsOf: PackageManifest.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let modules = Self.dependencyTable(in: architecture, first: "module")
        let support = Self.dependencyTable(in: architecture, first: "support target")
        let expectedModules = targets.filter { $0.kind != "testTarget" && !$0.path.hasPrefix("Tests/") }
        let expectedSupport = targets.filter { $0.kind == "target" && $0.path.hasPrefix("Tests/") }
        XCTAssertGreaterThanOrEqual(expectedModules.count, 17, "Package.swift's modules were not read")
        XCTAssertGreaterThanOrEqual(expectedSupport.count, 6, "Package.swift's test support targets were not read")
        for (table, rows, expected) in [("module", modules, expectedModules), ("support target", support, expectedSupport)] {
            XCTAssertEqual(Set(rows.keys), Set(expected.map(\.name)), "architecture.md's \(table) table does not list exactly Package.swift's")
            for target in expected {
                XCTAssertEqual(rows[target.name]?.sorted(), target.dependencies.sorted(),
                               "architecture.md's \(table) table gives \(target.name) other dependencies than Package.swift")
            }
        }
    }

    func testArchitectureWalksNameOnlyTypesAndFunctionsTheSourcesDeclare() throws {
        let architecture = try String(contentsOf: PackageManifest.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let start = try XCTUnwrap(architecture.range(of: "## Two parameters' way"), "architecture.md has no walks")
        let walks = architecture[start.upperBound...].prefix { $0 != "#" }
        var sources = ""
        let files = try XCTUnwrap(FileManager.default.enumerator(at: PackageManifest.root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" { sources += try String(contentsOf: file, encoding: .utf8) }
        func declared(_ pattern: String) -> Bool { sources.range(of: pattern, options: .regularExpression) != nil }
        // `Type.member(…)`, `member(…)`, `Type.member` and `Type` in backticks.
        let code = try NSRegularExpression(pattern: #"`(?:([A-Z]\w*)\.)?(?:([a-z]\w*)(\()?)?[^`]*`"#)
        var named = 0
        for match in code.matches(in: String(walks), range: NSRange(location: 0, length: (String(walks) as NSString).length)) {
            let text = String(walks) as NSString
            func group(_ i: Int) -> String? { match.range(at: i).location == NSNotFound ? nil : text.substring(with: match.range(at: i)) }
            if let type = group(1) {
                XCTAssertTrue(declared(#"(struct|enum|class|protocol|extension) "# + type + #"\b"#), "architecture.md's walks name a type \(type) that Sources do not declare")
                named += 1
            }
            if let member = group(2), group(3) != nil || group(1) != nil {
                XCTAssertTrue(declared(#"(func|var|let|case) "# + member + #"\b"#) || (member == "init" && declared(#"\binit\("#)),
                              "architecture.md's walks name \(member) that Sources do not declare")
                named += 1
            }
        }
        XCTAssertGreaterThan(named, 40, "the walks' names were not read")
    }
}
