@testable import BenchCLI
import CLITestSupport
import Foundation
import Problems
import RasterTestSupport
import Results
import XCTest

/// Outputs that are not plain new files, outputs that clash with inputs or with each other,
/// closed or full standard streams, interrupts and leftovers: `bench` never replaces what is not
/// its to replace, never traps, and never loses a result it could write.
final class HostileOutputTests: TemporaryDirectoryTestCase {
    private func path(_ name: String) -> String { directory + "/" + name }

    /// Runs the built `bench` with `arguments`, standard output going to `stdout` (a pipe whose
    /// read end is closed at once when nil); returns the exit status and standard error.
    private func child(_ arguments: [String], stdout: FileHandle? = nil) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = BuiltBench.url
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        if let stdout {
            process.standardOutput = stdout
        } else {
            let closed = Pipe()
            process.standardOutput = closed
            try closed.fileHandleForReading.close()
        }
        try process.run()
        if stdout == nil { try (process.standardOutput as! Pipe).fileHandleForWriting.close() }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    /// Two steps of `none` on the default table on the iPhone SE's screen: what happens to the
    /// outputs does not depend on the screen, and the iPad's frames made each run five times as long.
    private let quickRun = ["run", "--steps", "2", "--strategy", "none", "--quiet", "--device", "iphone-se"]

    // MARK: 1. Outputs that are not regular files

    func testAFIFOOutputIsWrittenThroughAndStaysAFIFO() throws {
        let fifo = path("results.fifo")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        final class Received: @unchecked Sendable { var data = Data() }
        let received = Received()
        let reader = Thread {
            // Read until the writer closes, as `cat fifo` would.
            let fd = open(fifo, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 65536)
            while fd >= 0 {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                received.data.append(contentsOf: buffer[0..<n])
            }
            if fd >= 0 { close(fd) }
        }
        reader.start()
        let result = bench(quickRun + ["--json", fifo])
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(String(decoding: received.data, as: UTF8.self).contains("cornerbench.results/1"))
        var info = stat()
        XCTAssertEqual(lstat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO must not be replaced by a regular file")
    }

    func testACharacterDeviceOutputIsWrittenInPlaceAndAFullOneIsAnError() throws {
        let null = path("null"), full = path("full")
        // Linux's encoding of (major 1, minor 3) and (1, 7): /dev/null and /dev/full.
        try XCTSkipUnless(mknod(null, S_IFCHR | 0o666, 1 << 8 | 3) == 0 && mknod(full, S_IFCHR | 0o666, 1 << 8 | 7) == 0,
                          "making device nodes needs root (CI runs as root)")
        XCTAssertEqual(bench(quickRun + ["--json", null]).code, 0)
        let failed = bench(quickRun + ["--json", full])
        XCTAssertEqual(failed.code, 2)
        XCTAssertTrue(failed.stderr.contains("Cannot write '\(full)': no space left on device"), failed.stderr)
        for device in [null, full] {
            var info = stat()
            XCTAssertEqual(lstat(device, &info), 0)
            XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "\(device) must still be a device node")
        }
    }

    func testASymlinkIsWrittenThroughToItsTargetKeepingTheLinkAndTheMode() throws {
        let target = path("target.json"), link = path("link.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        XCTAssertEqual(chmod(target, 0o640), 0)
        XCTAssertEqual(symlink("target.json", link), 0)
        let result = bench(quickRun + ["--json", link])
        XCTAssertEqual(result.code, 0, result.stderr)
        var info = stat()
        XCTAssertEqual(lstat(link, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "the link stays a link")
        XCTAssertEqual(lstat(target, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o640, "the replaced file keeps its mode")
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).contains("cornerbench.results/1"))
        let dangling = path("dangling.json")
        XCTAssertEqual(symlink("missing/x.json", dangling), 0)
        let refused = bench(quickRun + ["--json", dangling])
        XCTAssertEqual(refused.code, 2)
        XCTAssertTrue(refused.stderr.contains("symbolic link to a file that does not exist"), refused.stderr)
    }

    func testAReplacedRegularFileKeepsItsModeAndOwner() throws {
        let target = path("kept.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        XCTAssertEqual(chmod(target, 0o604), 0)
        // Only root may give a file away; elsewhere the owner is the caller's anyway.
        let owner: (uid_t, gid_t) = getuid() == 0 ? (4321, 8765) : (getuid(), getgid())
        if getuid() == 0 { XCTAssertEqual(chown(target, owner.0, owner.1), 0) }
        let result = bench(quickRun + ["--json", target])
        XCTAssertEqual(result.code, 0, result.stderr)
        var info = stat()
        XCTAssertEqual(lstat(target, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG)
        XCTAssertEqual(info.st_mode & 0o7777, 0o604, "the mode is kept")
        XCTAssertEqual(info.st_uid, owner.0, "the owner is kept")
        XCTAssertEqual(info.st_gid, owner.1, "the group is kept")
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).contains("cornerbench.results/1"))
    }

    func testStandardOutputAsAPathIsWrittenToTheOpenStreamNotReplaced() throws {
        try BuiltBench.require()
        let file = path("captured.txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = FileHandle(forWritingAtPath: file)!
        let (status, errors) = try child(quickRun + ["--json", "/dev/stdout"], stdout: handle)
        try handle.close()
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("cornerbench.results/1"))
    }

    // MARK: 2. Outputs over inputs and over each other

    func testAnOutputNamingAnInputOfTheSameCommandIsRefusedBeforeAnyWork() throws {
        let baseline = path("b.json")
        XCTAssertEqual(bench(quickRun + ["--json", baseline]).code, 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: baseline))
        let suite = path("s.json")
        try Data(#"{ "suite": "s", "scenarios": ["ipad-settings"], "strategies": ["none"] }"#.utf8).write(to: URL(fileURLWithPath: suite))
        let suiteBefore = try Data(contentsOf: URL(fileURLWithPath: suite))
        let scenario = path("one.json")
        try Data(#"{ "name": "one", "device": "iphone-se", "table": { "sections": 2, "rowsPerSection": 3 }, "scroll": { "kind": "constant", "steps": 2 } }"#.utf8)
            .write(to: URL(fileURLWithPath: scenario))
        let cases: [[String]] = [
            ["check", "--baseline", baseline, "--results", baseline, "--markdown", baseline],
            ["check", "--baseline", baseline, "--results", baseline, "--markdown", directory + "/./b.json"],
            ["compare", baseline, baseline, "--markdown", baseline],
            ["run", "--suite", suite, "--steps", "2", "--csv", suite],
            ["run", "--scenario-file", scenario, "--json", scenario],
            ["render", "--scenario-file", scenario, "--strategy", "none", "--png", scenario],
        ]
        for arguments in cases {
            let result = bench(arguments)
            XCTAssertEqual(result.code, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("which this command reads"), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: baseline)), before)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: suite)), suiteBefore)
    }

    func testTwoOutputsNamingOneFileOrOneOutputGivenTwiceAreRefused() {
        let same = bench(quickRun + ["--json", path("x"), "--csv", path("x")])
        XCTAssertEqual(same.code, 2)
        XCTAssertTrue(same.stderr.contains("name the same file"), same.stderr)
        let twice = bench(quickRun + ["--json", path("a"), "--json", path("b")])
        XCTAssertEqual(twice.code, 2)
        XCTAssertTrue(twice.stderr.contains("--json is given 2 times"), twice.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("a")))
        XCTAssertEqual(bench(quickRun + ["--json", "/dev/null", "--csv", "/dev/null"]).code, 0, "a device may take several outputs")
    }

    func testTwoOutputsToOneStreamAreRefusedBeforeAnyWork() throws {
        // Every name of this process's standard output, and two names of one file.
        XCTAssertEqual(symlink(path("x.csv"), path("link.csv")), 0)
        XCTAssertTrue(FileManager.default.createFile(atPath: path("x.csv"), contents: Data("kept".utf8)))
        let cases: [(first: String, second: String)] = [
            ("/dev/stdout", "-"), ("/dev/fd/1", "/proc/self/fd/1"), ("-", "/dev/stdout"), (path("x.csv"), path("link.csv")),
        ]
        for (first, second) in cases {
            let result = bench(quickRun + ["--json", first, "--csv", second])
            XCTAssertEqual(result.code, 2, "\(first), \(second): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: --json '\(first)' and --csv '\(second)' "), result.stderr)
            XCTAssertEqual(result.stdout, "", "nothing ran: \(first), \(second)")
        }
        XCTAssertEqual(try String(contentsOfFile: path("x.csv"), encoding: .utf8), "kept")
        XCTAssertEqual(bench(quickRun + ["--json", "/dev/null", "--csv", "/dev/null"]).code, 0, "what is thrown away may be named twice")
    }

    // MARK: 3. The step summary

    /// Runs `check` of `results` against `baseline` in this process with GITHUB_STEP_SUMMARY set
    /// to `summary`.
    private func check(baseline: String, results: String, summary: String) -> BenchOutput {
        setenv("GITHUB_STEP_SUMMARY", summary, 1)
        defer { unsetenv("GITHUB_STEP_SUMMARY") }
        return bench("check", "--baseline", baseline, "--results", results)
    }

    func testTheStepSummaryIsNeverAppendedToAnInputOrAResultsFile() throws {
        let baseline = path("base.json"), other = path("other.json")
        XCTAssertEqual(bench(quickRun + ["--json", baseline]).code, 0)
        try FileManager.default.copyItem(atPath: baseline, toPath: other)
        XCTAssertEqual(symlink(baseline, path("summary-link")), 0)
        XCTAssertEqual(link(baseline, path("summary-hard")), 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: baseline))
        // The input by name, through a symbolic link and a hard link; a results file nobody reads.
        for summary in [baseline, path("summary-link"), path("summary-hard"), other] {
            let result = check(baseline: baseline, results: baseline, summary: summary)
            XCTAssertEqual(result.code, 0, "the verdict stands: \(result.stderr)")
            XCTAssertTrue(result.stderr.unwrapped.hasPrefix("Warning: the report was not appended to the GITHUB_STEP_SUMMARY file '"), result.stderr)
            let why = summary == other ? "it holds JSON (a results, scenario or suite file?), which Markdown appended to it would break."
                                       : "it is the same file as --baseline '"
            XCTAssertTrue(result.stderr.unwrapped.contains("': " + why), result.stderr)
            XCTAssertTrue(result.stderr.unwrapped.hasSuffix(" The gate's verdict above stands."), result.stderr)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: baseline)), before, summary)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: other)), before, summary)
        }
        XCTAssertEqual(check(baseline: baseline, results: baseline, summary: baseline).code, 0, "the next check still reads it")
    }

    // MARK: 4. Closed or full standard output

    func testAClosedStandardOutputStillWritesTheResultsAndEndsWithExitCode2() throws {
        try BuiltBench.require()
        let results = path("r.json")
        let (status, errors) = try child(["run", "--steps", "2", "--strategy", "none", "--device", "iphone-se", "--json", results])
        XCTAssertEqual(status, 2, errors)
        XCTAssertTrue(errors.contains("could not write to standard output: broken pipe"), errors)
        XCTAssertNoThrow(try Results.load(from: results), "the results were written before the table was printed")
    }

    func testAFullStandardOutputIsAnErrorNotATrap() throws {
        try BuiltBench.require()
        let full = FileHandle(forWritingAtPath: "/dev/full")!
        let passing = try child(["list"], stdout: full)
        XCTAssertEqual(passing.status, 2, passing.stderr)
        XCTAssertTrue(passing.stderr.contains("no space left on device"), passing.stderr)
        let usage = try child(["run", "--steps", "x"], stdout: full)
        XCTAssertEqual(usage.status, 2, "a usage error stays exit 2: \(usage.stderr)")
    }

    // MARK: 5. Unbounded work

    func testStepsRoundsAndProcessesAreCappedLikeScenarioFiles() {
        for (option, value) in [("--steps", "999999999999"), ("--steps", "0"), ("--rounds", "100000"), ("--processes", "5000")] {
            let result = bench(["run", option, value])
            XCTAssertEqual(result.code, 2, "\(option) \(value)")
            XCTAssertTrue(result.stderr.contains("must be an integer from 1 to"), result.stderr)
        }
    }

    // MARK: 6. Leftovers, interrupts, messages, long names

    func testLeftoverTemporaryFilesOfStoppedProcessesAreRemovedAndReported() throws {
        // A process that has exited gives a pid that is certainly not running.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let leftover = path(".r.json.tmp-\(gone.processIdentifier)-abc")
        let mine = path(".r.json.tmp-\(getpid())-def")
        for file in [leftover, mine] { XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8))) }
        var notices = ""
        try AtomicFile.write(Data("{}".utf8), to: path("r.json"), notice: { notices += $0 })
        XCTAssertFalse(FileManager.default.fileExists(atPath: leftover))
        XCTAssertTrue(FileManager.default.fileExists(atPath: mine), "a live process's temporary file is not touched")
        XCTAssertTrue(notices.contains("Removed '\(leftover)'"), notices)
    }

    func testAnInterruptRemovesEveryTemporaryFileOfTheOutputs() throws {
        let temporaries = [path(".x.tmp-1-2"), path(".y.tmp-1-3")]
        InterruptState.prepare()
        for temporary in temporaries {
            XCTAssertTrue(FileManager.default.createFile(atPath: temporary, contents: Data("partial".utf8)))
            InterruptState.addTemporary(temporary)
        }
        InterruptState.handleInterrupt()
        InterruptState.clearTemporaries()
        for temporary in temporaries { XCTAssertFalse(FileManager.default.fileExists(atPath: temporary), temporary) }
    }

    func testAnInterruptWhileAnOutputWaitsForItsReaderChangesNoFile() throws {
        try BuiltBench.require()
        // The outputs are one transaction: the JSON is complete in its temporary file, then the
        // CSV waits for a reader of its FIFO, where the interrupt finds the run. The JSON was not
        // renamed yet, so no file changed, and its temporary file is removed.
        let json = path("a.json"), fifo = path("b.csv"), markdown = path("c.md")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let process = Process()
        process.executableURL = BuiltBench.url
        process.arguments = quickRun + ["--json", json, "--csv", fifo, "--markdown", markdown]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        func temporaries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains(".tmp-") }
        }
        while temporaries().count < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.2)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 128 + SIGINT)
        XCTAssertTrue(message.contains("Interrupted; no output file was changed."), message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: json))
        XCTAssertFalse(FileManager.default.fileExists(atPath: markdown))
        XCTAssertEqual(temporaries(), [], "both complete temporary files waiting for the renames are removed")
    }

    // MARK: 7. Several outputs are one transaction

    /// `path` made a device node like `/dev/full` (writes fail with ENOSPC); skips where it cannot be.
    private func fullDevice(_ name: String) throws -> String {
        let full = path(name)
        try XCTSkipUnless(mknod(full, S_IFCHR | 0o666, 1 << 8 | 7) == 0, "making device nodes needs root (CI runs as root)")
        return full
    }

    func testAnOutputThatCannotBeWrittenLeavesTheOtherOutputsAsTheyWere() throws {
        let json = path("r.json"), markdown = path("r.md")
        try Data("previous json\n".utf8).write(to: URL(fileURLWithPath: json))
        try Data("previous markdown\n".utf8).write(to: URL(fileURLWithPath: markdown))
        let full = try fullDevice("r.csv")
        let result = bench(quickRun + ["--json", json, "--markdown", markdown, "--csv", full])
        XCTAssertEqual(result.code, 2, result.stderr)
        XCTAssertEqual(result.stderr, "Error: Cannot write '\(full)': no space left on device.\n")
        XCTAssertEqual(try String(contentsOfFile: json, encoding: .utf8), "previous json\n")
        XCTAssertEqual(try String(contentsOfFile: markdown, encoding: .utf8), "previous markdown\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), ["r.csv", "r.json", "r.md"],
                       "no temporary file is left")
    }

    func testARenameFailingMidwayNamesTheFilesAlreadyReplaced() throws {
        let (a, b, c) = (path("a.json"), path("b.md"), path("c.csv"))
        for file in [a, b, c] { try Data("old".utf8).write(to: URL(fileURLWithPath: file)) }
        let outputs = [a, b, c].map { ($0, Data("new".utf8)) }
        XCTAssertThrowsError(try AtomicFile.write(outputs, beforeRename: { index in
            // The last target becomes a directory that is not empty: its rename fails (EISDIR).
            guard index == 2 else { return }
            XCTAssertEqual(unlink(c), 0)
            try FileManager.default.createDirectory(atPath: c + "/inside", withIntermediateDirectories: true)
        })) { error in
            XCTAssertEqual(error as? BenchError, .output(.partlyReplaced(failure: .output(.cannotWrite(path: c, reason: .directory)), replaced: [a, b])))
            XCTAssertEqual("\(error)", "cannot write '\(c)': it is a directory; '\(a)' and '\(b)' were already replaced, and the other outputs left as they were.")
        }
        XCTAssertEqual(try String(contentsOfFile: a, encoding: .utf8), "new")
        XCTAssertEqual(try String(contentsOfFile: b, encoding: .utf8), "new")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), ["a.json", "b.md", "c.csv"],
                       "no temporary file is left")
    }

    func testAFileNameNear255BytesIsWritable() throws {
        let name = String(repeating: "n", count: 250) + ".json"
        try AtomicFile.write(Data("{}".utf8), to: path(name))
        XCTAssertEqual(FileManager.default.contents(atPath: path(name)), Data("{}".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [name])
    }

    func testAnImmutableTargetFailsBeforeTheRunNamingTheFile() throws {
        let target = path("locked.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let chattr = Process()
        chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        chattr.arguments = ["+i", target]
        chattr.standardError = Pipe()
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"), "chattr is not installed")
        try chattr.run()
        chattr.waitUntilExit()
        try XCTSkipUnless(chattr.terminationStatus == 0, "this file system or user cannot make files immutable")
        defer {
            let undo = Process()
            undo.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
            undo.arguments = ["-i", target]
            try? undo.run()
            undo.waitUntilExit()
        }
        let result = bench(["run", "--steps", "2", "--strategy", "none", "--device", "iphone-se", "--json", target])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.stderr.contains("immutable"), result.stderr)
        XCTAssertTrue(result.stdout.isEmpty, "refused before the run")
    }
}
