import Foundation
import XCTest

/// Package.swift declares every module a target's files import, so the graph it draws (and
/// docs/architecture.md copies) shows what the code does: SwiftPM builds an undeclared import that
/// another dependency happens to bring along, and the graph then shows less than the code.
final class PackageImportsTests: XCTestCase {
    /// The package's modules that the Swift files under `path` import.
    private static func imports(under path: String, among modules: Set<String>) throws -> Set<String> {
        let line = try NSRegularExpression(pattern: #"^\s*(?:@testable\s+)?import\s+(\w+)"#, options: .anchorsMatchLines)
        var found = Set<String>()
        let folder = PackageManifest.root.appendingPathComponent(path)
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return found }
        for case let file as URL in files where file.pathExtension == "swift" {
            let source = try String(contentsOf: file, encoding: .utf8)
            for match in line.matches(in: source, range: NSRange(location: 0, length: (source as NSString).length)) {
                let module = (source as NSString).substring(with: match.range(at: 1))
                if modules.contains(module) { found.insert(module) }
            }
        }
        return found
    }

    func testEveryTargetDeclaresEachPackageModuleItsFilesImport() throws {
        let targets = try PackageManifest.targets()
        XCTAssertGreaterThan(targets.count, 30, "Package.swift's targets were not read")
        XCTAssertTrue(targets.contains { $0.name == "BenchCLITests" && $0.dependencies.contains("BenchCLI") })
        let modules = Set(targets.map(\.name))
        for target in targets {
            let undeclared = try Self.imports(under: target.path, among: modules).subtracting(target.dependencies).subtracting([target.name])
            XCTAssertTrue(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without declaring them in Package.swift")
        }
    }
}
