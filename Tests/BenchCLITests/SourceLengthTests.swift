import Foundation
import XCTest

/// A source file holds one type or one concern of it (`Type+Concern.swift`); one that grows past
/// 400 lines holds several, and is split by concern before it is read as one.
final class SourceLengthTests: XCTestCase {
    func testNoSourceFileIsLongerThan400Lines() throws {
        let sources = PackageManifest.root.appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var read = 0
        for case let file as URL in files where ["swift", "c", "h"].contains(file.pathExtension) {
            let text = try String(contentsOf: file, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            XCTAssertLessThanOrEqual(lines, 400, "\(file.path.dropFirst(sources.path.count + 1)) has \(lines) lines: split it by concern")
            read += 1
        }
        XCTAssertGreaterThan(read, 100, "the sources were not found")
    }
}
