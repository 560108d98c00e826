@testable import BenchCLI
import CLITestSupport
import Foundation
import Harness
import HarnessTestSupport
import Problems
import RasterTestSupport
import Results
import Strategies
import XCTest

/// Output files are replaced atomically or left as they were.
final class AtomicFileTests: TemporaryDirectoryTestCase {
    // MARK: Atomic writes

    func testAtomicWriteReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let path = directory + "/out.txt"
        try AtomicFile.write(Array("first".utf8), to: path)
        try AtomicFile.write(Data("second".utf8), to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "second")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["out.txt"])
    }

    func testAtomicWriteFailingAtTheLastMomentLeavesThePreviousFileIntact() throws {
        struct Interrupted: Error {}
        let path = directory + "/out.txt"
        try AtomicFile.write(Data("previous".utf8), to: path)
        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: path, beforeRename: { throw Interrupted() }))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "previous")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["out.txt"], "the temporary file is removed")
    }

    func testAtomicWriteIntoAReadOnlyDirectoryFailsAndKeepsThePreviousFile() throws {
        try XCTSkipIf(geteuid() == 0, "root ignores directory permissions")
        let path = directory + "/out.txt"
        try AtomicFile.write(Data("previous".utf8), to: path)
        XCTAssertEqual(chmod(directory, 0o555), 0)
        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: path)) { error in
            XCTAssertEqual(error as? BenchError, .output(.cannotWrite(path: path, reason: .permissionDenied(directory: directory))))
        }
        XCTAssertThrowsError(try AtomicFile.checkWritable(path))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "previous")
    }

    func testAtomicWriteErrorsNameThePathAndTheReason() {
        XCTAssertThrowsError(try AtomicFile.write(Data(), to: "/nonexistent-dir/x.json")) { error in
            XCTAssertEqual(error as? BenchError, .output(.cannotWrite(path: "/nonexistent-dir/x.json", reason: .missingDirectory("/nonexistent-dir"))))
        }
        XCTAssertThrowsError(try AtomicFile.write(Data(), to: directory)) { error in
            XCTAssertEqual(error as? BenchError, .output(.cannotWrite(path: directory, reason: .directory)))
        }
        let file = directory + "/file"
        XCTAssertNoThrow(try AtomicFile.write(Data(), to: file))
        XCTAssertThrowsError(try AtomicFile.write(Data(), to: file + "/x.json")) { error in
            XCTAssertEqual(error as? BenchError, .output(.cannotWrite(path: file + "/x.json", reason: .notADirectory(file))))
        }
    }
}
