import Foundation
import XCTest

/// Package.swift declares every module a target's files import, so the graph it draws (and
/// docs/architecture.md copies) shows what the code does: SwiftPM builds an undeclared import that
/// another dependency happens to bring along, and the graph then shows less than the code.
final class PackageImportsTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A target of Package.swift: its name, the names it lists as dependencies and its folder.
    private struct Target {
        var name: String
        var dependencies: Set<String>
        var path: String
    }

    /// The targets of Package.swift, read as text: each `.target(`, `.testTarget(` or
    /// `.executableTarget(` call up to its closing parenthesis.
    private static func targets(in manifest: String) throws -> [Target] {
        let call = try NSRegularExpression(pattern: #"\.(target|testTarget|executableTarget)\(name: "(\w+)"([^()]*(?:\([^()]*\)[^()]*)*)\)"#)
        let list = try NSRegularExpression(pattern: #"dependencies: \[([^\]]*)\]"#)
        let quoted = try NSRegularExpression(pattern: #""(\w+)""#)
        let folder = try NSRegularExpression(pattern: #"path: "([^"]+)""#)
        let text = manifest as NSString
        return call.matches(in: manifest, range: NSRange(location: 0, length: text.length)).map { match in
            let kind = text.substring(with: match.range(at: 1)), name = text.substring(with: match.range(at: 2))
            let rest = text.substring(with: match.range(at: 3)), restText = rest as NSString
            let all = NSRange(location: 0, length: restText.length)
            var dependencies = Set<String>()
            if let deps = list.firstMatch(in: rest, range: all) {
                let inside = restText.substring(with: deps.range(at: 1))
                for name in quoted.matches(in: inside, range: NSRange(location: 0, length: (inside as NSString).length)) {
                    dependencies.insert((inside as NSString).substring(with: name.range(at: 1)))
                }
            }
            let path = folder.firstMatch(in: rest, range: all).map { restText.substring(with: $0.range(at: 1)) }
                ?? (kind == "testTarget" ? "Tests/" : "Sources/") + name
            return Target(name: name, dependencies: dependencies, path: path)
        }
    }

    /// The package's modules that the Swift files under `path` import.
    private static func imports(under path: String, among modules: Set<String>) throws -> Set<String> {
        let line = try NSRegularExpression(pattern: #"^\s*(?:@testable\s+)?import\s+(\w+)"#, options: .anchorsMatchLines)
        var found = Set<String>()
        let folder = root.appendingPathComponent(path)
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
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = try Self.targets(in: manifest)
        XCTAssertGreaterThan(targets.count, 30, "Package.swift's targets were not read")
        XCTAssertTrue(targets.contains { $0.name == "BenchCLITests" && $0.dependencies.contains("BenchCLI") })
        let modules = Set(targets.map(\.name))
        for target in targets {
            let undeclared = try Self.imports(under: target.path, among: modules).subtracting(target.dependencies).subtracting([target.name])
            XCTAssertTrue(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without declaring them in Package.swift")
        }
    }
}
