import Foundation

/// Package.swift's targets, read as text, for the tests that hold the code and the docs to it
/// (`PackageImportsTests`, `FrontPageTests`).
enum PackageManifest {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A target of Package.swift: its name, kind, the names it lists as dependencies and its folder.
    struct Target {
        var name: String
        /// `target`, `testTarget` or `executableTarget`.
        var kind: String
        var dependencies: Set<String>
        var path: String
    }

    /// The targets of Package.swift.
    static func targets() throws -> [Target] {
        try targets(in: String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    /// The targets of `manifest`: each `.target(`, `.testTarget(` or `.executableTarget(` call up
    /// to its closing parenthesis.
    static func targets(in manifest: String) throws -> [Target] {
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
            return Target(name: name, kind: kind, dependencies: dependencies, path: path)
        }
    }
}
