import BenchCLI
import Foundation

/// What one in-process run of `bench` returned and printed.
public struct BenchOutput {
    /// The exit code `bench` would exit with.
    public var code: Int32
    /// Everything written to standard output.
    public var stdout: String
    /// Everything written to standard error.
    public var stderr: String
}

/// Runs `bench` in-process with `arguments` (no program name), as a process whose standard
/// error is not a terminal, and returns what it printed.
public func bench(_ arguments: [String]) -> BenchOutput {
    var out = "", err = ""
    let code = BenchCLI.main(arguments, stdout: { out += $0 }, stderr: { err += $0 }, stderrIsTerminal: false)
    return BenchOutput(code: code, stdout: out, stderr: err)
}

/// `bench(_:)` with the arguments listed.
public func bench(_ arguments: String...) -> BenchOutput { bench(arguments) }

extension String {
    /// The text as one line of words: line breaks and runs of spaces made single spaces, so that a
    /// test finds a sentence however the output wrapped it to the terminal's width.
    public var unwrapped: String { split(whereSeparator: \.isWhitespace).joined(separator: " ") }
}
