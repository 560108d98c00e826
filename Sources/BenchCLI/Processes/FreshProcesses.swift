import Analysis
import Foundation
import Problems
import Results

/// `bench run --processes N`: the same run in N fresh processes, one after another, joined into
/// one result whose rounds are the processes (`Results.merging(processes:)`; the results file
/// still calls them `rounds`).
///
/// Each process starts with its own address space, allocator and cache placement, so the spread
/// between processes is the noise a change between two builds must stand out from; rounds inside
/// one process share those and understate it.
enum FreshProcesses {
    /// The internal `bench run` option that tells a child its index, so that the strategies take
    /// turns stepping right after the memory floor's turn across processes (`Runner.orderOffset`).
    static let orderOption = "order-offset"

    /// Runs `executable` (this `bench`, `ChildBench`) with `arguments` plus `--json <temporary
    /// file>` `count` times and merges the results; `progress` hears which process is running,
    /// `notice` about leftovers of interrupted runs removed. The children run in `bench`'s
    /// process group (`ChildProcess`), so an interrupt stops them too, and their directory is
    /// removed on every way out.
    /// `inputs` are handed to every child as copies in its directory (`InputFiles`).
    static func run(_ arguments: [String], inputs: InputFiles = InputFiles(), count: Int, executable: URL,
                    progress: ((String) -> Void)?, notice: (String) -> Void) throws -> Results {
        try ChildProcess.checkDescriptors(for: "--processes", need: .bench)
        return try InterruptState.whileChildrenRun {
            let directory = try ChildDirectory(kind: "processes", for: "--processes", notice: notice)
            defer { directory.remove() }
            let arguments = arguments + (try inputs.childArguments(in: directory))
            var all: [Results] = []
            for index in 0..<count {
                progress?("process \(index + 1)/\(count)")
                let output = directory.file("process-\(index + 1).json")
                let child = try ChildProcess("process \(index + 1) of \(count)", executable: executable.path,
                                             arguments: arguments + ["--json", output, "--\(orderOption)=\(index)"],
                                             environment: ProcessInfo.processInfo.environment, standardOutput: nil,
                                             directory: directory)
                try child.waitForSuccess { status in
                    BenchError.input(.childFailed(child: "process \(index + 1) of \(count)", status: status, error: .above))
                }
                all.append(try Results.load(from: output))
            }
            return try Results.merging(processes: all)
        }
    }
}
