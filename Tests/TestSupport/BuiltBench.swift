import Foundation
import XCTest

/// The `bench` executable that `swift build` puts beside this test bundle (in the test process's
/// own directory), for the tests that run it as a process of its own.
public enum BuiltBench {
    /// Where the built `bench` is.
    public static var url: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bench")
    }

    /// `url` as a path.
    public static var path: String { url.path }

    /// Skips the calling test unless `bench` is built beside the tests.
    public static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: path),
                          "bench is not built beside the tests (run `swift build` first, as .ci/run does)", file: file, line: line)
    }
}
