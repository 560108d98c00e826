import JSON
import XCTest

/// Every problem in a JSON file renders as "file: key.path: what was expected, got what.", in the
/// words `JSONNode` wrote before problems became values; a syntax error says its own line and
/// column.
final class JSONProblemRenderingTests: XCTestCase {
    private func assertSentence(_ kind: JSONProblem.Kind, at path: String, _ sentence: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(JSONProblem(file: "r.json", path: path, kind: kind).description, sentence, file: file, line: line)
    }

    // MARK: Syntax

    func testASyntaxErrorGivesTheLineAndColumn() {
        let error = JSONSyntaxError(line: 4, column: 17, message: "expected ',' or '}' after an object member")
        XCTAssertEqual(error.description, "line 4, column 17: expected ',' or '}' after an object member.")
        assertSentence(.syntax(error), at: "", "r.json: line 4, column 17: expected ',' or '}' after an object member.")
    }

    func testADuplicateKeyNamesTheObjectItIsIn() {
        let error = JSONSyntaxError(line: 12, column: 7, message: "duplicate key 'steps' (first at line 11, column 7)", path: "runs[0]")
        XCTAssertEqual(error.description, "runs[0]: line 12, column 7: duplicate key 'steps' (first at line 11, column 7).")
        assertSentence(.syntax(error), at: "", "r.json: runs[0]: line 12, column 7: duplicate key 'steps' (first at line 11, column 7).")
    }

    func testADuplicateKeyAtTheTopLevelHasNoPath() {
        let error = JSONSyntaxError(line: 3, column: 3, message: "duplicate key 'schema' (first at line 2, column 3)", path: "")
        XCTAssertEqual(error.description, "line 3, column 3: duplicate key 'schema' (first at line 2, column 3).")
    }

    // MARK: Values

    func testAMismatchSaysWhatWasExpectedAndWhatWasFound() {
        assertSentence(.mismatch(expected: "an object", found: "a string"), at: "runs[2]", "r.json: runs[2]: expected an object, got a string.")
        assertSentence(.mismatch(expected: "a number", found: "null"), at: "", "r.json: expected a number, got null.")
    }

    func testAnEmptyValueWhereOneIsNeededSaysItIsEmpty() {
        assertSentence(.mismatch(expected: "a non-empty array", found: "an empty one"), at: "runs",
                       "r.json: runs: expected a non-empty array, got an empty one.")
        assertSentence(.mismatch(expected: "a non-empty string", found: "an empty one"), at: "runs[0].scenario",
                       "r.json: runs[0].scenario: expected a non-empty string, got an empty one.")
    }

    func testAMissingKeyNamesTheKeyAndWhatItHolds() {
        assertSentence(.missingKey(key: "steps", what: "an integer"), at: "runs[0]", "r.json: runs[0]: missing key 'steps' (an integer).")
        assertSentence(.missingKey(key: "schema", what: "a string"), at: "", "r.json: missing key 'schema' (a string).")
    }

    func testAnUnknownKeyWithANearOneAsksWithoutAddingAPeriod() {
        assertSentence(.unknownKey(what: "key", nearest: "steps", known: ["steps", "rounds"]), at: "runs[0].stpes",
                       "r.json: runs[0].stpes: unknown key; did you mean 'steps'?")
    }

    func testAnUnknownKeyWithoutANearOneListsTheKnownOnes() {
        assertSentence(.unknownKey(what: "counter", nearest: nil, known: ["blendedPixels", "maskBytes"]), at: "totals.zzz",
                       "r.json: totals.zzz: unknown counter; expected one of blendedPixels, maskBytes.")
        assertSentence(.unknownKey(what: "key", nearest: nil, known: ["schema"]), at: "zzz",
                       "r.json: zzz: unknown key; expected schema.")
    }

    func testAnInvalidValueEndsWithAPeriodUnlessItHasItsOwnEnding() {
        assertSentence(.invalid("must be at least 1"), at: "runs[0].steps", "r.json: runs[0].steps: must be at least 1.")
        assertSentence(.invalid("must be at least 1"), at: "", "r.json: must be at least 1.")
        assertSentence(.invalid("the rows add up to 3, not 4."), at: "totals", "r.json: totals: the rows add up to 3, not 4.")
        assertSentence(.invalid("is this a scenario file?"), at: "", "r.json: is this a scenario file?")
    }

    func testProblemsAreEqualOnlyWithTheSameFilePathAndKind() {
        let a = JSONProblem(file: "r.json", path: "runs", kind: .invalid("x"))
        XCTAssertEqual(a, JSONProblem(file: "r.json", path: "runs", kind: .invalid("x")))
        XCTAssertNotEqual(a, JSONProblem(file: "s.json", path: "runs", kind: .invalid("x")))
        XCTAssertNotEqual(a, JSONProblem(file: "r.json", path: "", kind: .invalid("x")))
        XCTAssertNotEqual(a, JSONProblem(file: "r.json", path: "runs", kind: .invalid("y")))
    }

    /// A format's typed problem is written by its own sentence, and compares by its type and value.
    func testAFormatsOwnProblemIsWrittenByItselfAndComparedByValue() {
        assertSentence(.format(TestProblem.tooFew(2)), at: "runs[0].samples", "r.json: runs[0].samples: expected 3, got 2.")
        assertSentence(.format(OtherProblem()), at: "", "r.json: expected 3, got 2.")
        let a = JSONProblem(file: "r.json", path: "runs", kind: .format(TestProblem.tooFew(2)))
        XCTAssertEqual(a, JSONProblem(file: "r.json", path: "runs", kind: .format(TestProblem.tooFew(2))))
        XCTAssertNotEqual(a, JSONProblem(file: "r.json", path: "runs", kind: .format(TestProblem.tooFew(1))))
        XCTAssertNotEqual(a, JSONProblem(file: "r.json", path: "runs", kind: .format(OtherProblem())), "same sentence, another type")
        XCTAssertNotEqual(a, JSONProblem(file: "r.json", path: "runs", kind: .invalid("expected 3, got 2")))
    }

    private enum TestProblem: JSONFormatProblem, Equatable {
        case tooFew(Int)
        var description: String {
            switch self {
            case .tooFew(let n): "expected 3, got \(n)"
            }
        }
    }

    private struct OtherProblem: JSONFormatProblem, Equatable {
        var description: String { "expected 3, got 2" }
    }
}
