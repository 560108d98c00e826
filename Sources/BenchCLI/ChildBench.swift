import Foundation
import Results

/// The running `bench` executable, for the commands that start it again.
enum ChildBench {
    /// The running `bench`. Refuses any other executable (a test runner hosting the CLI), which
    /// could not run `bench` again; `purpose` names what needed it.
    static func executable(for purpose: String) throws -> URL {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let url = URL(fileURLWithPath: path)
        guard url.lastPathComponent == "bench", FileManager.default.isExecutableFile(atPath: url.path) else {
            throw BenchError.usage("\(purpose) starts the bench executable again, but this process is '\(url.lastPathComponent)'.")
        }
        return url
    }
}
