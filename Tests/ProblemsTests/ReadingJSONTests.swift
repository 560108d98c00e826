import JSON
import Problems
import XCTest

/// `InputProblem.readingJSON` turns the `JSONProblem` a reader throws into the error every input
/// gives, and leaves every other error as it was.
final class ReadingJSONTests: XCTestCase {
    private struct OtherError: Error, Equatable {}

    func testReadingJSONTurnsAJSONProblemIntoAnInputErrorAndPassesOthersThrough() throws {
        let problem = JSONProblem(file: "r.json", path: "runs[0]", kind: .missingKey(key: "steps", what: "an integer"))
        XCTAssertThrowsError(try InputProblem.readingJSON { () throws -> Int in throw problem }) { error in
            XCTAssertEqual(error as? BenchError, .input(.json(problem)))
            XCTAssertEqual((error as? BenchError)?.description, "r.json: runs[0]: missing key 'steps' (an integer).")
            XCTAssertEqual((error as? BenchError)?.exitCode, 2)
            XCTAssertEqual((error as? BenchError)?.showsUsage, false)
        }
        XCTAssertThrowsError(try InputProblem.readingJSON { () throws -> Int in throw OtherError() }) { error in
            XCTAssertEqual(error as? OtherError, OtherError())
        }
        let usage = BenchError.usage(.emptyValue(flag: "--results"))
        XCTAssertThrowsError(try InputProblem.readingJSON { () throws -> Int in throw usage }) { error in
            XCTAssertEqual(error as? BenchError, usage)
        }
        XCTAssertEqual(try InputProblem.readingJSON { 7 }, 7)
    }
}
