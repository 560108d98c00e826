import Analysis
import CLITestSupport
import Foundation
import RasterTestSupport
import Results
import XCTest

/// The built `bench` in a hostile environment — a deleted working directory, an address-space
/// limit, inputs that are pipes — and messages that quote a relative path: every case ends, with
/// a sentence and exit code 2 where it cannot go on, never a hang or a signal.
final class HostileEnvironmentTests: TemporaryDirectoryTestCase {
    /// Runs `script` with `/bin/bash` in the test's directory, `$B` being the built `bench`; kills
    /// it after `timeout` seconds (a hang is a failure, not a stuck test). Returns the exit
    /// status (nil when it had to be killed), standard output and standard error.
    private func shell(_ script: String, timeout: TimeInterval = 120) throws -> (status: Int32?, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(["B": BuiltBench.path]) { $1 }
        let (out, err) = (directory + "/.stdout", directory + "/.stderr")
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle(forWritingAtPath: err)
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        var killed = false
        if process.isRunning {
            killed = true
            // bash and what it started: the script runs `exec`, so its pid is bench's.
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let text = { (file: String) in (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
        return (killed ? nil : process.terminationStatus, text(out), text(err))
    }

    // MARK: A deleted working directory (issue 27, row 1)

    func testARunInADeletedDirectoryEndsWithAClearErrorInsteadOfHanging() throws {
        try BuiltBench.require()
        let run = try shell(#"mkdir g && cd g && rmdir ../g && exec "$B" run --steps 3 --strategy none --quiet --json o.json"#, timeout: 60)
        XCTAssertEqual(run.status, 2, "killed after 60 s (nil) means it hung: \(run.stderr)")
        XCTAssertEqual(run.stderr, "Error: Cannot write 'o.json': the current directory no longer exists (it was deleted).\n")
    }

    func testARunInADeletedDirectoryWritingElsewhereSucceedsWithoutAGitCommit() throws {
        try BuiltBench.require()
        let results = directory + "/o.json"
        let run = try shell(#"mkdir g && cd g && rmdir ../g && exec "$B" run --device iphone-se --steps 3 --strategy none --quiet --json ../o.json"#
                            .replacingOccurrences(of: "../o.json", with: "'\(results)'"), timeout: 60)
        XCTAssertEqual(run.status, 0, "killed after 60 s (nil) means it hung: \(run.stderr)")
        let provenance = try XCTUnwrap(try Results.load(from: results).provenance)
        XCTAssertNil(provenance.gitCommit, "a directory without a path has no repository")
    }

    // MARK: Memory (rows 8 and 2)

    /// The limit (in KiB, as `ulimit -v` takes it) that a refused run asked for: the number in
    /// its "ulimit -v N" advice after "raise it to".
    private func advisedLimit(_ message: String) -> Int? {
        guard let advice = message.range(of: "raise it to ") else { return nil }
        guard let ulimit = message[advice.upperBound...].range(of: "ulimit -v ") else { return nil }
        return Int(message[ulimit.upperBound...].prefix { $0.isNumber })
    }

    func testAnAddressSpaceLimitTooLowForTheWholeRunIsRefusedBeforeAnyWork() throws {
        try BuiltBench.require()
        // Below what the frames alone need, and above it but below what the process needs, which trapped.
        for limit in [150_000, 480_000, 500_000, 520_000] {
            let run = try shell("ulimit -v \(limit) && exec \"$B\" run --steps 1 --quiet --json r.json", timeout: 60)
            XCTAssertEqual(run.status, 2, "ulimit -v \(limit): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("Error: This run needs about "), run.stderr)
            XCTAssertTrue(run.stderr.contains("but the address-space limit is \(Int((Double(limit) * 1024 / 1e6).rounded())) MB (ulimit -v \(limit))"),
                          run.stderr)
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one sentence: \(run.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/r.json"))
        }
        let processes = try shell("ulimit -v 500000 && exec \"$B\" run --processes 2 --steps 1 --quiet", timeout: 60)
        XCTAssertEqual(processes.status, 2, processes.stderr)
        XCTAssertTrue(processes.stderr.hasPrefix("Error: This run needs about "), processes.stderr)
        XCTAssertEqual(processes.stderr.filter { $0 == "\n" }.count, 1, "one sentence, no child's crash: \(processes.stderr)")
    }

    func testTheAddressSpaceARefusedRunAsksForIsEnough() throws {
        try BuiltBench.require()
        // rasterized-mask keeps the most off-screen bitmaps of the strategies.
        let arguments = "run --steps 1 --quiet --strategy none,rasterized-mask,per-cell-mask"
        let refused = try shell("ulimit -v 200000 && exec \"$B\" \(arguments)", timeout: 60)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        let advised = try XCTUnwrap(advisedLimit(refused.stderr), refused.stderr)
        let enough = try shell("ulimit -v \(advised) && exec \"$B\" \(arguments)", timeout: 120)
        XCTAssertEqual(enough.status, 0, "ulimit -v \(advised): \(enough.stderr)")
    }

    // MARK: Arguments that are not UTF-8 (row 3)

    func testAnArgumentThatIsNotUTF8IsRefusedRatherThanTakenForAnotherName() throws {
        try BuiltBench.require()
        // U+FFFD, what a lossy decoding of the byte 0xFF makes of it, is a name of its own.
        let replaced = directory + "/o\u{FFFD}.json"
        try Data("kept".utf8).write(to: URL(fileURLWithPath: replaced))
        let scenario = directory + "/s.json"
        try Data(#"{"name": "tiny", "device": "iphone-se", "table": {"sections": 2, "rowsPerSection": [3], "content": "none"}, "scroll": {"kind": "constant", "pointsPerStep": 12, "steps": 2, "warmupSteps": 0}}"#.utf8)
            .write(to: URL(fileURLWithPath: scenario))
        let run = try shell(#"exec "$B" run --scenario-file s.json --steps 1 --strategy none --quiet --json $'o\xff.json'"#)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stderr, "Error: The argument 'o\\xFF.json' is not valid UTF-8; bench reads arguments as UTF-8 only, "
            + "and refuses this one rather than open a file of another name.\n")
        XCTAssertEqual(try String(contentsOfFile: replaced, encoding: .utf8), "kept", "the other file is not replaced")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("o") }, ["o\u{FFFD}.json"])

        let suite = try shell(#"printf '{}' > $'s\xff.json'; "$B" run --suite $'s\xff.json' --quiet; status=$?; rm $'s\xff.json'; exit $status"#)
        XCTAssertEqual(suite.status, 2, suite.stderr)
        XCTAssertTrue(suite.stderr.hasPrefix("Error: The argument 's\\xFF.json' is not valid UTF-8;"), "not 'no such file': \(suite.stderr)")
    }

    // MARK: Messages and inputs that are pipes (row 10)

    func testARelativePathOfLettersIsNotCapitalizedAtTheStartOfAMessage() {
        let missing = "nosuchfile" + String(UUID().uuidString.prefix(4).filter(\.isLetter)).lowercased()
        let compare = bench("compare", missing, missing + "x")
        XCTAssertEqual(compare.code, 2)
        XCTAssertEqual(compare.stderr, "Error: \(missing): no such file.\n")
        let unknown = bench("frobnicate")
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: Unknown command 'frobnicate'."), "a word is still capitalized: \(unknown.stderr)")
    }

    func testAProcessSubstitutionAndAFIFOAreReadAsInputs() throws {
        try BuiltBench.require()
        let made = bench("run", "--device", "iphone-se", "--steps", "2", "--strategy", "none", "--quiet", "--json", directory + "/r.json")
        XCTAssertEqual(made.code, 0, made.stderr)
        let scenario = #"{"name": "piped", "device": "iphone-se", "table": {"sections": 2, "rowsPerSection": [3], "content": "none"}, "scroll": {"kind": "constant", "pointsPerStep": 12, "steps": 2, "warmupSteps": 0}}"#
        try scenario.write(toFile: directory + "/s.json", atomically: true, encoding: .utf8)

        let compare = try shell(#"exec "$B" compare <(cat r.json) r.json"#)
        XCTAssertEqual(compare.status, 0, compare.stderr)
        let check = try shell(#"exec "$B" check --baseline <(cat r.json) --results /dev/stdin < r.json"#)
        XCTAssertEqual(check.status, 0, check.stderr)
        let fifo = try shell(#"mkfifo s.fifo && { cat s.json > s.fifo & } && exec "$B" run --scenario-file s.fifo --strategy none --quiet"#)
        XCTAssertEqual(fifo.status, 0, fifo.stderr)
    }

    // MARK: A file-size limit and a FIFO among the suites (issue 59, rows 8 and 9)

    func testAFileSizeLimitIsACannotWriteErrorWithNothingLeft() throws {
        try BuiltBench.require()
        let run = try shell(#"ulimit -f 4 && exec "$B" run --device iphone-se --strategy none --steps 2 --quiet --json f.json"#, timeout: 60)
        XCTAssertEqual(run.status, 2, "153 is death by SIGXFSZ: \(run.stderr)")
        XCTAssertEqual(run.stderr, "Error: Cannot write 'f.json': it would be larger than the file-size limit of 4,096 bytes (ulimit -f 4); "
            + "raise the limit or write a smaller output.\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("f.json") }, [],
                       "neither the file nor its temporary file")
    }

    func testAFIFOAmongTheSuitesIsListedAsUnreadableInsteadOfHanging() throws {
        try BuiltBench.require()
        let list = try shell(#"mkdir Benchmarks && mkfifo Benchmarks/x.json && exec "$B" list"#, timeout: 30)
        XCTAssertEqual(list.status, 0, "killed after 30 s (nil) means it waited for a writer: \(list.stderr)")
        XCTAssertTrue(list.stdout.contains("Benchmarks/x.json  unreadable: Benchmarks/x.json: is a named pipe (FIFO), not a regular file; "
                                           + "bench list reads only regular files"), list.stdout)
        let json = try shell(#"exec "$B" list --json"#, timeout: 30)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdout.contains("is a named pipe (FIFO)"), json.stdout)
    }
}
