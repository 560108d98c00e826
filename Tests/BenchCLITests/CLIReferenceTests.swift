@testable import BenchCLI
import Foundation
import XCTest

/// docs/cli.md shows every command's help exactly as `bench help <command>` prints it, in the first
/// fenced block under the command's heading (`` ## `bench run` ``), and the help of `bench` itself
/// in the first fenced block of the page, so the reference cannot drift from the tool. After a
/// change to a command's options, paste the new `bench help <command>` into its block.
final class CLIReferenceTests: XCTestCase {
    /// docs/cli.md, found from this file so the test does not depend on the working directory.
    private static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/cli.md")

    /// The lines of the first fenced block after the line `heading` and before the next heading
    /// (`#` at the start of a line outside a block); from the top of the page when `heading` is nil.
    private func block(under heading: String?, in lines: [String]) -> [String]? {
        var i = 0
        if let heading {
            guard let at = lines.firstIndex(of: heading) else { return nil }
            i = at + 1
        }
        while i < lines.count, !lines[i].hasPrefix("```") {
            if lines[i].hasPrefix("## ") { return nil }
            i += 1
        }
        guard i < lines.count, let end = lines[(i + 1)...].firstIndex(where: { $0.hasPrefix("```") }) else { return nil }
        return Array(lines[(i + 1)..<end])
    }

    func testEveryCommandsHelpIsOnThePageUnderItsHeading() throws {
        let lines = try String(contentsOf: Self.page, encoding: .utf8).components(separatedBy: "\n")
        var expected: [(what: String, heading: String?, help: String)] = [
            ("bench help", nil, BenchCLI.helpText(for: nil, catalog: .builtIn, program: "bench")),
        ]
        for command in BenchCLI.commands {
            let name = try XCTUnwrap(command.spec(.builtIn).name)
            expected.append(("bench help \(name)", "## `bench \(name)`",
                             BenchCLI.helpText(for: command, catalog: .builtIn, program: "bench")))
        }
        for (what, heading, help) in expected {
            let place = heading.map { "under '\($0)'" } ?? "at the top"
            guard let shown = block(under: heading, in: lines) else {
                XCTFail("docs/cli.md has no fenced block \(place) for '\(what)'")
                continue
            }
            let printed = Array(help.components(separatedBy: "\n").dropLast())
            let common = min(printed.count, shown.count)
            guard let n = (0..<common).first(where: { printed[$0] != shown[$0] }) ?? (printed.count == shown.count ? nil : common) else {
                continue
            }
            let tool = n < printed.count ? "'\(printed[n])'" : "nothing more", page = n < shown.count ? "'\(shown[n])'" : "nothing more"
            XCTFail("docs/cli.md, the block \(place): line \(n + 1) differs from '\(what)', which prints \(tool) where the page has \(page)")
        }
    }
}
