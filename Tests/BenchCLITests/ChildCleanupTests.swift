import Analysis
@testable import BenchCLI
import CLITestSupport
import Foundation
import Problems
import RasterTestSupport
import Results
import XCTest

/// The child processes of `--processes` and `--instructions` under hostile conditions: an
/// interrupt stops them and removes their temporary directory, a killed child is named with its
/// signal, too few file descriptors or an unusable TMPDIR is a sentence, leftovers of killed runs
/// are removed, and a counting child whose labels are missing or garbled is an error.
///
/// Each test gives `bench` a private TMPDIR (`tmp` in the test's directory), so what is left in it
/// is what the run left, and kills whatever it started should it hang.
final class ChildCleanupTests: TemporaryDirectoryTestCase {
    /// The private TMPDIR of the run.
    private var temporary: String { directory + "/tmp" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try BuiltBench.require()
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        // Whatever a failed test left running (an orphaned valgrind on the old code) is stopped.
        for pid in processes(mentioning: temporary) { kill(pid, SIGKILL) }
        try super.tearDownWithError()
    }

    /// A started `bench` (in a process group of its own, as Foundation starts it on Linux) and
    /// its standard error, read on a thread so a full pipe never blocks it.
    private final class Run: @unchecked Sendable {
        let process = Process()
        private let errors = Pipe()
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.environment = environment
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            Thread { [self] in
                data = errors.fileHandleForReading.readDataToEndOfFile()
                done.signal()
            }.start()
        }

        /// Waits up to `seconds` for the process to end, killing its group if it does not;
        /// returns its exit status (or 128 + its signal) and standard error.
        func finish(within seconds: Double) -> (status: Int32, stderr: String) {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning {
                XCTFail("bench did not end within \(seconds) s")
                kill(-process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()
            _ = done.wait(timeout: .now() + 10)
            let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
            return (status, String(decoding: data, as: UTF8.self))
        }
    }

    /// The environment of a run: this process's, with the private TMPDIR and `extra`.
    private func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        environment.removeValue(forKey: "CORNERBENCH_CHILD")
        return environment.merging(extra) { $1 }
    }

    /// The processes whose command line mentions `text` (the children name files in the private
    /// TMPDIR), this test's own excepted.
    private func processes(mentioning text: String) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), pid != getpid(),
                  let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                  String(decoding: line, as: UTF8.self).contains(text) else { return nil }
            return pid
        }
    }

    /// The children of `parent`, from /proc.
    private func children(of parent: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.range(of: ") ", options: .backwards) else { return nil }
            let fields = stat[close.upperBound...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
        }
    }

    /// The longest a test waits for an event that must come (a child starting, a process
    /// ending): long enough for any load, so only a hang reaches it. No assertion depends on how
    /// fast the machine is; a bound that must be tight is a multiple of a time measured in the
    /// test (`scaled`).
    private static let patience: Double = 600

    /// A bound for a wait, scaled to this machine's pace now: `factor` times `measured` (how long
    /// something comparable took here, in this test), and never less than `floor` seconds. Under
    /// load everything slows alike, so the bound grows with it.
    private func scaled(_ measured: Double, times factor: Double = 5, atLeast floor: Double = 5) -> Double {
        max(floor, factor * measured)
    }

    /// Waits up to `seconds` for `condition`; false when it never held.
    private func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    /// What the run left in its TMPDIR.
    private func leftovers() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).sorted()
    }

    /// A pid that certainly does not run: that of a process that has exited.
    private func deadPid() throws -> pid_t {
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        return gone.processIdentifier
    }

    // MARK: Interrupts

    func testAnInterruptOfCountingStopsValgrindAndLeavesNoTemporaryFiles() throws {
        try requireValgrind(so: "an interrupted count")
        // On the smallest screen, so the parent's timing run before the counting children start is
        // short: what is pinned, an interrupt reaching children that count, does not depend on it.
        let run = try Run(BuiltBench.path, ["run", "--device", "iphone-se", "--instructions", "--steps", "2", "--strategy",
                                            "none,per-cell-mask", "--quiet", "--json", directory + "/r.json"], environment: environment())
        // Interrupted once valgrind's children are counting (they have written their logs).
        let started = Date()
        XCTAssertTrue(eventually(within: Self.patience) {
            leftovers().contains { $0.hasPrefix("cornerbench-instructions-") } && processes(mentioning: temporary).count >= 2
        }, "the counting children never started")
        let startup = Date().timeIntervalSince(started)
        // A moment for the children to get going; they count for seconds more under valgrind.
        Thread.sleep(forTimeInterval: 0.2)
        // Ctrl-C: SIGINT to the whole process group.
        kill(-run.process.processIdentifier, SIGINT)
        let result = run.finish(within: Self.patience)
        XCTAssertEqual(result.status, 128 + SIGINT, result.stderr)
        XCTAssertTrue(result.stderr.contains("Interrupted; no output file was changed."), result.stderr)
        XCTAssertEqual(result.stderr.components(separatedBy: "Interrupted").count, 2, "one message, not one per child: \(result.stderr)")
        XCTAssertTrue(eventually(within: scaled(startup)) { processes(mentioning: temporary).isEmpty }, "a valgrind child still runs")
        XCTAssertEqual(leftovers(), [], "no cornerbench-instructions directory and no vgdb-pipe is left")
    }

    func testATerminatedProcessesRunStopsItsChildAndLeavesNothingInTMPDIR() throws {
        let run = try Run(BuiltBench.path, ["run", "--processes", "3", "--steps", "30", "--strategy", "none,per-cell-mask",
                                            "--quiet", "--json", directory + "/r.json"], environment: environment())
        let started = Date()
        XCTAssertTrue(eventually(within: Self.patience) { !children(of: run.process.processIdentifier).isEmpty }, "no child started")
        let startup = Date().timeIntervalSince(started)
        Thread.sleep(forTimeInterval: 0.4)
        // SIGTERM to bench alone: its child hears of it from bench.
        kill(run.process.processIdentifier, SIGTERM)
        let result = run.finish(within: Self.patience)
        XCTAssertEqual(result.status, 128 + SIGTERM, result.stderr)
        XCTAssertTrue(result.stderr.contains("Interrupted; no output file was changed."), result.stderr)
        XCTAssertTrue(eventually(within: scaled(startup)) { processes(mentioning: temporary).isEmpty }, "a child still runs")
        XCTAssertEqual(leftovers(), [], "no cornerbench-processes directory is left")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/r.json"))
    }

    /// The children's copy of an input (`--cell`, `--suite`) is no output: an interrupt says no
    /// output file was changed, never that it wrote the copy in TMPDIR (issue 59, row 11).
    func testAnInterruptedRunWithACellNamesNoTemporaryCopyAsWritten() throws {
        let cell = directory + "/c.json"
        try Data(#"{"layers": [{"frame": {"width": 32, "height": 32}, "cornerRadius": 16, "masksToBounds": true, "contents": {"image": {}}}]}"#.utf8)
            .write(to: URL(fileURLWithPath: cell))
        for signal in [SIGINT, SIGTERM] {
            let run = try Run(BuiltBench.path, ["run", "--device", "iphone-se", "--cell", cell, "--processes", "3", "--steps", "3000",
                                                "--strategy", "none", "--quiet", "--json", directory + "/r.json"], environment: environment())
            XCTAssertTrue(eventually(within: Self.patience) { !children(of: run.process.processIdentifier).isEmpty }, "no child started")
            kill(run.process.processIdentifier, signal)
            let result = run.finish(within: Self.patience)
            XCTAssertEqual(result.status, 128 + signal, result.stderr)
            XCTAssertEqual(result.stderr, "Interrupted; no output file was changed.\n")
            XCTAssertTrue(eventually(within: Self.patience) { leftovers().isEmpty }, "left in TMPDIR: \(leftovers())")
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/r.json"))
        }
    }

    /// Whether `pid` has ended: gone, or a zombie that nobody reaps (PID 1 of a container may not).
    private func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.range(of: ") ", options: .backwards) else { return true }
        return stat[close.upperBound...].hasPrefix("Z") || stat[close.upperBound...].hasPrefix("X")
    }

    /// Starts `arguments`, waits for the first child that works in TMPDIR, lets it run `delay`
    /// seconds, kills bench with SIGKILL (nothing of it can run), and checks that the child ends
    /// and TMPDIR is left empty within a bound scaled to how long the child took to start (a
    /// valgrind child on a loaded machine takes many times longer to start and to end alike).
    private func killParent(of arguments: [String], after delay: Double) throws {
        let run = try Run(BuiltBench.path, arguments, environment: environment())
        let parent = run.process.processIdentifier
        var child: pid_t?
        let started = Date()
        XCTAssertTrue(eventually(within: Self.patience) {
            child = children(of: parent).first { processes(mentioning: temporary).contains($0) }
            return child != nil
        }, "no child started")
        let startup = Date().timeIntervalSince(started)
        Thread.sleep(forTimeInterval: delay)
        if let child { XCTAssertFalse(hasEnded(child), "the child must still run when its parent is killed") }
        kill(parent, SIGKILL)
        if let child {
            let bound = scaled(startup + delay)
            XCTAssertTrue(eventually(within: bound) { hasEnded(child) }, "the child \(child) runs on without its parent (waited \(Int(bound)) s)")
            XCTAssertTrue(eventually(within: bound) { leftovers().isEmpty }, "left in TMPDIR: \(leftovers())")
        }
        // Whatever is left of the group is stopped before the next test.
        kill(-parent, SIGKILL)
        run.process.waitUntilExit()
    }

    func testAChildOfAKilledProcessesRunEndsAndRemovesTheTemporaryDirectory() throws {
        try killParent(of: ["run", "--processes", "3", "--steps", "5000", "--strategy", "none,per-cell-mask", "--quiet",
                            "--json", directory + "/r.json"], after: 0.1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/r.json"))
    }

    func testACountingChildOfAKilledRunEndsAndRemovesTheTemporaryDirectory() throws {
        try requireValgrind()
        // Killed while valgrind starts bench or while bench counts: either way the child ends. (Which
        // of the two a delay reaches depends on the machine's load, so the delay is short.) On the
        // smallest screen: the parent times the run before it starts the counting child, and what
        // is pinned here, a child that outlives its parent, does not depend on the screen.
        try killParent(of: ["run", "--device", "iphone-se", "--instructions", "--steps", "60", "--strategy", "none", "--quiet"],
                       after: 0.5)
    }

    func testAKilledChildIsNamedWithItsSignalAndLeavesNoTemporaryDirectory() throws {
        let run = try Run(BuiltBench.path, ["run", "--processes", "3", "--steps", "30", "--strategy", "none,per-cell-mask",
                                            "--quiet", "--json", directory + "/r.json"], environment: environment())
        var child: pid_t?
        XCTAssertTrue(eventually(within: Self.patience) {
            child = children(of: run.process.processIdentifier).first
            return child != nil
        }, "no child started")
        if let child { kill(child, SIGKILL) }
        let result = run.finish(within: Self.patience)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("Error: Process 1 of 3 was killed by signal 9 (SIGKILL)."), result.stderr)
        XCTAssertFalse(result.stderr.contains("its error is above"), result.stderr)
        XCTAssertEqual(leftovers(), [])
    }

    // MARK: Resources

    func testTooFewFileDescriptorsForChildrenIsAnErrorNamingTheLimit() throws {
        for limit in [8, 10] {
            let run = try Run("/bin/sh", ["-c", "ulimit -n \(limit); exec \"$0\" run --processes 2 --steps 2 --strategy none --quiet",
                                          BuiltBench.path], environment: environment())
            let result = run.finish(within: Self.patience)
            XCTAssertEqual(result.status, 2, "ulimit -n \(limit): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--processes ran out of file descriptors"), result.stderr)
            XCTAssertTrue(result.stderr.contains("the limit is \(limit) (ulimit -n)"), result.stderr)
            XCTAssertFalse(result.stderr.contains("CFSocket"), result.stderr)
            XCTAssertEqual(leftovers(), [], "ulimit -n \(limit)")
        }
    }

    func testEveryTooLowDescriptorLimitNamesTheSameNeedAndThatNeedIsEnough() throws {
        // Descriptors inherited at high numbers, as a shell or a CI runner leaves them: open all
        // the same, but they take no room under a lower limit.
        func attempt(_ limit: Int) throws -> (status: Int32, stderr: String) {
            let script = "exec 9</dev/null 13</dev/null; ulimit -n \(limit); exec \"$0\" run --processes 2 --steps 1 --strategy none --quiet "
                + "--scenario-file \"$1\""
            return try Run("/bin/bash", ["-c", script, BuiltBench.path, try tinyScenario()], environment: environment()).finish(within: Self.patience)
        }
        var needs: Set<Int> = []
        for limit in [8, 11, 12, 14] {
            let result = try attempt(limit)
            XCTAssertEqual(result.status, 2, "ulimit -n \(limit): \(result.stderr)")
            let numbers = result.stderr.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            // "need N, but the limit is L (ulimit -n); raise it to N or more."
            XCTAssertEqual(numbers.count, 3, result.stderr)
            guard numbers.count == 3 else { continue }
            XCTAssertEqual(numbers[1], limit, result.stderr)
            XCTAssertEqual(numbers[0], numbers[2], "the need and the advice agree: \(result.stderr)")
            needs.insert(numbers[0])
        }
        XCTAssertEqual(needs.count, 1, "every limit too low names the same need: \(needs.sorted())")
        guard let need = needs.first else { return }
        XCTAssertEqual(try attempt(need).status, 0, "the limit asked for is enough")
        XCTAssertEqual(try attempt(need - 1).status, 2, "and one less is not")
    }

    /// A scenario on the smallest device with a short table: children that start and end fast.
    private func tinyScenario() throws -> String {
        let path = directory + "/tiny.json"
        try Data(#"{"name": "tiny", "device": "iphone-se", "table": {"sections": 2, "rowsPerSection": [3], "content": "none"}, "scroll": {"kind": "constant", "pointsPerStep": 12, "steps": 2, "warmupSteps": 0}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        return path
    }

    func testALowSoftDescriptorLimitIsRaisedForTheChildren() throws {
        let run = try Run("/bin/sh", ["-c", "ulimit -Hn 1024; ulimit -Sn 10; exec \"$0\" run --device iphone-se --processes 2 --steps 2 --strategy none --quiet",
                                      BuiltBench.path], environment: environment())
        let result = run.finish(within: Self.patience)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(leftovers(), [])
    }

    func testAnUnusableTMPDIRIsASentenceNamingItNotAFoundationError() throws {
        let file = directory + "/plain-file"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        var cases = [(file, "it is not a directory"), (directory + "/missing", "it does not exist")]
        // Permissions do not bind root, so a read-only directory is tried only by another user.
        if getuid() != 0 {
            let readOnly = directory + "/read-only"
            try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: false)
            chmod(readOnly, 0o555)
            cases.append((readOnly, "it is not writable (permission denied)"))
        }
        // The cases share nothing (each its own TMPDIR, no output file): their runs are started
        // at once, on the machine's cores, and each is then waited for in turn.
        let runs = try cases.map { tmpdir, _ in
            try Run(BuiltBench.path, ["run", "--processes", "2", "--steps", "2", "--strategy", "none", "--quiet"],
                    environment: environment(["TMPDIR": tmpdir]))
        }
        for ((_, reason), run) in zip(cases, runs) {
            let result = run.finish(within: Self.patience)
            XCTAssertEqual(result.status, 2, result.stderr)
            // The path itself is shortened in the message, as every quoted name is.
            XCTAssertTrue(result.stderr.hasPrefix("Error: --processes cannot create its temporary directory in '"), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("' (TMPDIR): \(reason).\n"), result.stderr)
            XCTAssertFalse(result.stderr.contains("NSCocoaErrorDomain"), result.stderr)
            XCTAssertFalse(result.stderr.contains("Usage:"), result.stderr)
        }
    }

    func testTemporaryDirectoriesOfKilledRunsAreRemovedWithANote() throws {
        let dead = try deadPid()
        let stale = ["cornerbench-processes-\(dead)-A", "cornerbench-instructions-\(dead)-B"]
        let live = "cornerbench-processes-\(getpid())-C"
        for name in stale + [live] {
            try FileManager.default.createDirectory(atPath: temporary + "/" + name + "/inner", withIntermediateDirectories: true)
        }
        let run = try Run(BuiltBench.path, ["run", "--device", "iphone-se", "--processes", "2", "--steps", "2", "--strategy", "none", "--quiet"],
                          environment: environment())
        let result = run.finish(within: Self.patience)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("Removed 2 temporary directories left by interrupted runs in /"), result.stderr)
        XCTAssertEqual(leftovers(), [live], "a running process's directory is kept; the stale ones and the run's own are gone")
    }

    // MARK: Counting children that count nothing

    /// A `valgrind` that runs nothing and writes `labels` where the counting child writes its
    /// labels, first on a PATH of its own: what a child that could not write (a full TMPDIR) or
    /// that printed garbage leaves behind.
    private func fakeValgrindPath(labels: String) throws -> String {
        let bin = directory + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            if [ "$1" = --version ]; then echo valgrind-3.99.0; exit 0; fi
            printf '\(labels)'
            exit 0

            """
        let path = bin + "/valgrind"
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    func testACountingChildThatWroteNoLabelsFailsTheRunNamingThePairs() throws {
        for labels in ["", "warm-up\\n"] {
            let output = directory + "/i.json"
            let run = try Run(BuiltBench.path, ["run", "--device", "iphone-se", "--instructions", "--steps", "2", "--strategy", "none", "--quiet", "--json", output],
                              environment: environment(["PATH": try fakeValgrindPath(labels: labels)]))
            let result = run.finish(within: Self.patience)
            XCTAssertEqual(result.status, 2, "labels '\(labels)': \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--instructions counted no instructions for 1 of 1 pair(s), 'iphone-se/none': "),
                          result.stderr)
            XCTAssertTrue(result.stderr.contains(labels.isEmpty ? "wrote no label for it" : "stopped writing labels before it"),
                          result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "no results with \"instructions\": null")
            XCTAssertEqual(leftovers(), [])
        }
    }

    func testGarbageFromTheCountingChildIsUnexpectedOutputNotARowName() throws {
        let garbage = "\\033[31mred row name that goes on and on and on and on and on\\n"
        let run = try Run(BuiltBench.path, ["run", "--device", "iphone-se", "--instructions", "--steps", "2", "--strategy", "none", "--quiet"],
                          environment: environment(["PATH": try fakeValgrindPath(labels: garbage)]))
        let result = run.finish(within: Self.patience)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("Error: Unexpected output from the counting process 1 of 1 (valgrind)"), result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{1B}"), "no terminal escape reaches the message")
        XCTAssertFalse(result.stderr.contains("on and on and on and on and on"), "only a short excerpt is quoted: \(result.stderr)")
        XCTAssertEqual(leftovers(), [])
    }

    func testAShortOrEmptyLabelsFileLeavesItsPairsMissing() throws {
        let read = try InstructionCounter.readDumps(labels: "warm-up\n", group: [0, 3], prefix: directory + "/none", from: "child")
        XCTAssertTrue(read.profiles.isEmpty)
        XCTAssertEqual(read.missing.map(\.index), [0, 3])
        XCTAssertThrowsError(try InstructionCounter.readDumps(labels: "warm-up\n3\n", group: [0, 3], prefix: directory + "/none",
                                                              from: "child")) { error in
            XCTAssertTrue("\(error)".hasPrefix("unexpected output from child ('3'"), "\(error)")
        }
    }
}
