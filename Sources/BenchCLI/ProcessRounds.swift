import Foundation
import Results

/// `bench run --processes N`: the same run in N fresh processes, one after another, joined into
/// one result whose rounds are the processes (`Results.merging(processes:)`).
///
/// Each process starts with its own address space, allocator and cache placement, so the spread
/// between processes is the noise a change between two builds must stand out from; rounds inside
/// one process share those and understate it.
enum ProcessRounds {
    /// Runs `executable` (this `bench`, `ChildBench`) with `arguments` plus `--json <temporary
    /// file>` `count` times and merges the results; `progress` hears which process is running.
    static func run(_ arguments: [String], count: Int, executable: URL, progress: ((String) -> Void)?) throws -> Results {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cornerbench-processes-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var all: [Results] = []
        for index in 0..<count {
            progress?("process \(index + 1)/\(count)")
            let output = directory.appendingPathComponent("process-\(index + 1).json").path
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments + ["--json", output]
            process.standardOutput = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                throw BenchError.output("cannot start '\(executable.path)' for process \(index + 1): \(error.localizedDescription).")
            }
            process.waitUntilExit()
            guard process.terminationReason == .exit, process.terminationStatus == 0 else {
                throw BenchError.input("process \(index + 1) of \(count) failed (exit status \(process.terminationStatus)); its error is above.")
            }
            all.append(try Results.load(from: output))
        }
        return try Results.merging(processes: all)
    }
}
