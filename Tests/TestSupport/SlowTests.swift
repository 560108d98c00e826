import Foundation
import XCTest

/// The gate of the few end-to-end tests that `swift test` skips: they count instructions under
/// valgrind, run the README's full tables or every shipped suite, and take seconds each, where the
/// rest of the suite checks the same code on small inputs. `.ci/run` runs them in a step of their
/// own, by name, with `CORNERBENCH_SLOW_TESTS=1`, and checks that it ran as many as there are
/// calls of `SlowTests.require()` in `Tests/`, so none can drop out of CI unnoticed.
public enum SlowTests {
    /// The environment variable that turns the slow tests on (`1`).
    public static let variable = "CORNERBENCH_SLOW_TESTS"

    /// Whether this process runs the slow tests.
    public static var enabled: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// Skips the calling test unless the slow tests are on, saying where it runs instead.
    public static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        try XCTSkipUnless(enabled, "a slow end-to-end test: .ci/run runs it with \(variable)=1", file: file, line: line)
    }
}
