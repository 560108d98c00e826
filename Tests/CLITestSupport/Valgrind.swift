@testable import BenchCLI
import Problems
import XCTest

/// Skips the calling test unless valgrind is on `PATH`, as `bench run --instructions` finds it:
/// "valgrind is not installed, so `untested` cannot be tested: …" (or, without `untested`,
/// "valgrind is not installed: …"), with the hint of how to install it.
public func requireValgrind(so untested: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
    let reason = untested.map { ", so \($0) cannot be tested" } ?? ""
    try XCTSkipUnless(InstructionCounter.executable(named: "valgrind") != nil,
                      "valgrind is not installed\(reason): \(UsageProblem.valgrindInstallHint)", file: file, line: line)
}
