import Foundation
import Problems
import Results
import Text

/// The running `bench` executable, for the commands that start it again.
///
/// A child runs the very executable file of its parent — `bench`, or another package's
/// executable made with `BenchCLI.main(strategies:)` — so it knows the same strategies.
enum ChildBench {
    /// This process's executable file.
    static var running: URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }

    /// The executable to start again, `context.executable`, for `purpose`. Refuses when `bench`
    /// runs inside another program (a test runner hosting the CLI), which could not run `bench`.
    static func executable(_ context: CommandContext, for purpose: String) throws -> URL {
        guard let url = context.executable else {
            throw BenchError.usage(.benchHosted(purpose: purpose, host: running.lastPathComponent))
        }
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw BenchError.usage(.benchNotExecutable(purpose: purpose, path: url.path))
        }
        return url
    }
}
