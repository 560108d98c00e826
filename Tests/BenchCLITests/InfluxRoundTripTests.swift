import CLITestSupport
import Foundation
import RasterTestSupport
import XCTest

/// The `--influx` export written to a real InfluxDB (Debian's `influxdb` package, 1.6) and read
/// back: every hostile name is accepted and stored as the export documents it. The server is
/// started on 127.0.0.1 with a data directory and ports of its own, and always stopped.
final class InfluxRoundTripTests: TemporaryDirectoryTestCase {
    /// Scenario names and what InfluxDB must store for each: the name itself, except control
    /// characters, which the line protocol cannot hold, and backslashes, which the export writes
    /// as visible escapes so that every stored name reads back to one name. The first is `HostileNameCLITests`'s name.
    private static let names: [(name: String, stored: String)] = [
        (HostileNameCLITests.name, #"a\r\nc|<script>alert(1)</script>\u{1B}[2J\u{1B}]0;title\u{07}"#),
        (#"trail\"#, #"trail\u{5C}"#),
        ("a b,c=d", "a b,c=d"),
        (#"trail\u{5C}"#, #"trail\u{5C}u{5C}"#),
        (#"mid\dle"#, #"mid\u{5C}dle"#),
        (#"\, \= \ x"#, #"\u{5C}, \u{5C}= \u{5C} x"#),
        ("quote \" and 'single' é 日本", "quote \" and 'single' é 日本"),
    ]

    func testHostileNamesRoundTripThroughARealInfluxDB() throws {
        guard let influxd = ["/usr/bin/influxd", "/usr/sbin/influxd", "/usr/local/bin/influxd"]
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("influxd is not installed (Debian: apt-get install influxdb)")
        }
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "curl is not installed")
        let server = try InfluxServer(executable: influxd, directory: directory)
        defer { server.stop() }
        try server.waitUntilReady(timeout: 60)
        XCTAssertTrue(try server.request("query", ["q": "CREATE DATABASE bench"]).body.contains("statement_id"))

        for (index, entry) in Self.names.enumerated() {
            let scenario = try scenarioFile(named: entry.name, index: index)
            let influx = directory + "/r\(index).influx"
            let run = bench("run", "--scenario-file", scenario, "--strategy", "none", "--quiet", "--influx", influx)
            XCTAssertEqual(run.code, 0, run.stderr)
            let write = try server.request("write?db=bench", file: influx)
            XCTAssertEqual(write.status, 204, "InfluxDB refused the export of \(entry.stored): \(write.body)")
        }
        let answer = try server.request("query", ["db": "bench", "q": #"SHOW TAG VALUES FROM "cornerbench" WITH KEY = "scenario""#])
        let stored = try Self.tagValues(answer.body)
        XCTAssertEqual(stored.sorted(), Self.names.map(\.stored).sorted(), answer.body)
        let strategies = try Self.tagValues(try server.request("query", ["db": "bench", "q": #"SHOW TAG VALUES FROM "cornerbench" WITH KEY = "strategy""#]).body)
        XCTAssertEqual(strategies, ["none"])
    }

    /// A scenario file of two quick steps named `name`.
    private func scenarioFile(named name: String, index: Int) throws -> String {
        let object: [String: Any] = ["name": name, "device": "iphone-se",
                                     "table": ["sections": 2, "rowsPerSection": [3], "content": "none"],
                                     "scroll": ["kind": "constant", "pointsPerStep": 12, "steps": 2, "warmupSteps": 0]]
        let path = directory + "/scenario-\(index).json"
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The values of a `SHOW TAG VALUES` answer (`results[0].series[0].values[i][1]`).
    private static func tagValues(_ body: String) throws -> [String] {
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], body)
        let results = try XCTUnwrap(json["results"] as? [[String: Any]], body)
        let series = try XCTUnwrap(results.first?["series"] as? [[String: Any]], body)
        let values = try XCTUnwrap(series.first?["values"] as? [[String]], body)
        return values.map { $0[1] }
    }
}

/// An `influxd` of its own for one test: a configuration, data directories and two free ports
/// under the test's directory; `stop()` ends it (SIGTERM, then SIGKILL after ten seconds).
private final class InfluxServer {
    private let process = Process()
    private let port: Int

    init(executable: String, directory: String) throws {
        port = try Self.freePort()
        let rpcPort = try Self.freePort()
        let configuration = """
            bind-address = "127.0.0.1:\(rpcPort)"
            reporting-disabled = true
            [meta]
              dir = "\(directory)/influx/meta"
            [data]
              dir = "\(directory)/influx/data"
              wal-dir = "\(directory)/influx/wal"
              query-log-enabled = false
            [http]
              bind-address = "127.0.0.1:\(port)"
              log-enabled = false
            [monitor]
              store-enabled = false
            [logging]
              level = "error"
              suppress-logo = true
            """
        let path = directory + "/influxd.conf"
        try configuration.write(toFile: path, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["run", "-config", path]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
    }

    /// Waits for `/ping` to answer 204, for at most `timeout` seconds.
    func waitUntilReady(timeout: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard process.isRunning else { throw XCTSkip("influxd exited at once (status \(process.terminationStatus))") }
            if (try? request("ping", [:]).status) == 204 { return }
            Thread.sleep(forTimeInterval: 0.2)
        }
        XCTFail("influxd did not answer within \(Int(timeout)) s")
        throw XCTSkip("influxd is not ready")
    }

    /// An HTTP request by curl: a POST of `form` (URL-encoded) or of the bytes of `file`; returns
    /// the status and body. curl gives up after 30 seconds.
    func request(_ endpoint: String, _ form: [String: String] = [:], file: String? = nil) throws -> (status: Int, body: String) {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        var arguments = ["-s", "--max-time", "30", "-w", "\n%{http_code}", "http://127.0.0.1:\(port)/\(endpoint)"]
        if let file { arguments += ["--data-binary", "@" + file] }
        for (key, value) in form.sorted(by: { $0.key < $1.key }) { arguments += ["--data-urlencode", key + "=" + value] }
        if endpoint == "ping" { arguments += ["-I"] }
        curl.arguments = arguments
        let output = Pipe()
        curl.standardOutput = output
        curl.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try curl.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let newline = text.lastIndex(of: "\n"), let status = Int(text[text.index(after: newline)...]) else {
            return (0, text)
        }
        return (status, String(text[..<newline]))
    }

    /// Ends the server and waits for it: SIGTERM, and SIGKILL if it is still running ten seconds later.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// A TCP port on 127.0.0.1 that is free now (the kernel's choice for port 0).
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw XCTSkip("cannot open a socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw XCTSkip("cannot bind a socket on 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
