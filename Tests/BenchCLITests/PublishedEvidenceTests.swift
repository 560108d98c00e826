import CLITestSupport
import DeviceModel
import Foundation
import RasterTestSupport
import Results
import XCTest

/// The published on-device measurements the model can express (`Benchmarks/evidence/`, each file
/// naming its source and result) run through `bench`, and the device model's prediction printed
/// beside the publication. What is asserted is the direction of each published comparison, which
/// the model must reproduce, and the factor between each comparable published frame time and the
/// centre of the model's estimate, with their geometric mean and worst (`PublishedAccuracy`);
/// docs/device-model.md tabulates them. The estimates are deterministic, so these are not timed
/// assertions.
final class PublishedEvidenceTests: TemporaryDirectoryTestCase {
    private static let evidence = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/evidence").path

    /// The rows of evidence file `name` run for 30 steps, by scenario and strategy.
    private func run(_ name: String) throws -> [String: DeviceTime] {
        try rows(name).mapValues { try XCTUnwrap($0.deviceTime, $0.key.description) }
    }

    /// The rows of each evidence file a test of this process has run, by file name: the runs are
    /// deterministic, so a file run once serves every test that reads it (the cases table and the
    /// tests of single files share five of them). XCTest runs the tests one at a time; the lock
    /// only keeps the cache sound should that change.
    private nonisolated(unsafe) static var runs: [String: [String: RunResult]] = [:]
    private static let runsLock = NSLock()

    /// The results rows of evidence file `name` run for 30 steps, by scenario and strategy: run
    /// by `bench` the first time a test of this process asks for it, with every other file, at
    /// once in processes of their own (`runEveryFileAtOnce`), or else in-process.
    ///
    /// The file is run as written but for its warm-up steps, which are 0 in the copy run: a
    /// warm-up draws on throw-away tables (docs/scenario-files.md), so no counter, picture or
    /// estimate of a row depends on it (every row of every file was the same with and without),
    /// and it was a fifth of these runs, a third of the shadows'.
    private func rows(_ name: String) throws -> [String: RunResult] {
        Self.runsLock.lock()
        defer { Self.runsLock.unlock() }
        if let cached = Self.runs[name] { return cached }
        try runEveryFileAtOnce()
        if let cached = Self.runs[name] { return cached }
        let (suite, path) = try warmUpFreeCopy(name)
        let result = bench("run", "--suite", suite, "--steps", "30", "--quiet", "--json", path)
        XCTAssertEqual(result.code, 0, result.stderr)
        let rows = Dictionary(uniqueKeysWithValues: try Results.load(from: path).runs.map { ($0.key.description, $0) })
        if result.code == 0 { Self.runs[name] = rows }
        return rows
    }

    /// The copy of evidence file `name` without warm-ups, written to the test's directory, and
    /// the path its run's results go to.
    private func warmUpFreeCopy(_ name: String) throws -> (suite: String, results: String) {
        let text = try String(contentsOfFile: Self.evidence + "/\(name).json", encoding: .utf8)
        let warmUps = try NSRegularExpression(pattern: #""warmupSteps"\s*:\s*\d+"#)
        let whole = NSRange(text.startIndex..., in: text)
        XCTAssertEqual(warmUps.numberOfMatches(in: text, range: whole), text.components(separatedBy: "\"scroll\"").count - 1,
                       "every scenario of \(name) gives its warm-up, which the copy run sets to 0")
        let suite = directory + "/\(name).suite.json"
        try warmUps.stringByReplacingMatches(in: text, range: whole, withTemplate: #""warmupSteps": 0"#)
            .write(toFile: suite, atomically: true, encoding: .utf8)
        return (suite, directory + "/\(name).json")
    }

    /// The first time a test asks for a file: every evidence file is run at once, as the same
    /// `bench run` in a process of its own (the `bench` built beside the tests), on the machine's
    /// cores, and the rows of each run that succeeded are kept for the tests. A file whose run
    /// failed, or every file when `bench` is not built there, is run in-process by `rows(_:)`,
    /// which reports the failure. The runs are deterministic: a process changes no row.
    private func runEveryFileAtOnce() throws {
        guard !Self.triedAtOnce else { return }
        Self.triedAtOnce = true
        guard FileManager.default.isExecutableFile(atPath: BuiltBench.path) else { return }
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.evidence).filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }.sorted()
        // One run a scenario (`--scenario`): a row depends on its scenario alone, and the
        // shadows' two scenarios are most of the work.
        var jobs: [(name: String, suite: String, scenario: String, path: String)] = []
        for name in names {
            let (suite, _) = try warmUpFreeCopy(name)
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: suite))) as? [String: Any]
            let scenarios = (object?["scenarios"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            jobs += scenarios.enumerated().map { (name, suite, $0.element, directory + "/\(name).\($0.offset).json") }
        }
        // The shadows blurred every frame, most of all these runs' work, first: the longest run
        // starts before the short ones that fill the other core.
        let longest = { (job: (name: String, suite: String, scenario: String, path: String)) in
            job.name == "shadows-rasterize" && job.scenario == "shadows"
        }
        jobs = jobs.filter(longest) + jobs.filter { !longest($0) }
        let ended = try runBuiltBench(jobs.map { Self.arguments(suite: $0.suite, scenario: $0.scenario, results: $0.path) })
        for name in names {
            let mine = zip(jobs, ended).filter { $0.0.name == name }
            guard !mine.isEmpty, mine.allSatisfy(\.1) else { continue }
            let rows = try mine.flatMap { try Results.load(from: $0.0.path).runs.map { ($0.key.description, $0) } }
            Self.runs[name] = Dictionary(uniqueKeysWithValues: rows)
        }
    }

    private nonisolated(unsafe) static var triedAtOnce = false

    /// The `bench run` of one scenario of a suite as the cases are run: 30 steps, results to `results`.
    private static func arguments(suite: String, scenario: String, results: String) -> [String] {
        ["run", "--suite", suite, "--scenario", scenario, "--steps", "30", "--quiet", "--json", results]
    }

    /// Runs the `bench` built beside the tests once per argument list, each in a process of its
    /// own, on the machine's cores; whether each exited with 0.
    private func runBuiltBench(_ argumentLists: [[String]]) throws -> [Bool] {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "CORNERBENCH_CHILD")
        return try argumentLists.concurrentMap { arguments -> Bool in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BuiltBench.path)
            process.arguments = arguments
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationReason == .exit && process.terminationStatus == 0
        }
    }

    /// The factors of `cases` with each evidence file's scroll `speed` times as fast as written
    /// (`pointsPerStep`), run as the cases are (30 steps, no warm-up), a scenario a process (or
    /// in-process, one after another, where `bench` is not built beside the tests).
    private func factors(at speed: Double, of cases: [Case]) throws -> [Double] {
        var jobs: [(file: String, arguments: [String], results: String)] = []
        for file in Set(cases.map(\.file)).sorted() {
            let data = try Data(contentsOf: URL(fileURLWithPath: Self.evidence + "/\(file).json"))
            var suite = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], file)
            let wanted = Set(cases.filter { $0.file == file }.map { String($0.row.prefix { $0 != "/" }) })
            let scenarios = try XCTUnwrap(suite["scenarios"] as? [[String: Any]], file).filter { wanted.contains($0["name"] as? String ?? "") }
            XCTAssertEqual(scenarios.count, wanted.count, "\(file): every case's scenario")
            suite["scenarios"] = try scenarios.map { scenario in
                var scenario = scenario, scroll = try XCTUnwrap(scenario["scroll"] as? [String: Any], file)
                scroll["pointsPerStep"] = try XCTUnwrap(scroll["pointsPerStep"] as? Double, "\(file): a constant scroll") * speed
                scroll["warmupSteps"] = 0
                scenario["scroll"] = scroll
                return scenario
            }
            let path = directory + "/\(file).speed-\(speed).suite.json"
            try JSONSerialization.data(withJSONObject: suite).write(to: URL(fileURLWithPath: path))
            jobs += wanted.sorted().map { scenario in
                let results = directory + "/\(file).\(scenario).speed-\(speed).json"
                return (file, Self.arguments(suite: path, scenario: scenario, results: results), results)
            }
        }
        if FileManager.default.isExecutableFile(atPath: BuiltBench.path) {
            for (job, ended) in zip(jobs, try runBuiltBench(jobs.map(\.arguments))) {
                XCTAssertTrue(ended, job.arguments.joined(separator: " "))
            }
        } else {
            for job in jobs {
                let result = bench(job.arguments)
                XCTAssertEqual(result.code, 0, result.stderr)
            }
        }
        var times: [String: DeviceTime] = [:]
        for job in jobs {
            for run in try Results.load(from: job.results).runs { times[job.file + " " + run.key.description] = run.deviceTime }
        }
        return try cases.map { c in try factor(c, try XCTUnwrap(times[c.file + " " + c.row], "\(c.file) \(c.row) at \(speed) ×")) }
    }

    /// `a` costs more than `b` at both ends of the estimate.
    private func assertDearer(_ a: DeviceTime?, _ b: DeviceTime?, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let a = try XCTUnwrap(a, message, file: file, line: line), b = try XCTUnwrap(b, message, file: file, line: line)
        XCTAssertGreaterThan(a.lowNanos, b.lowNanos, message, file: file, line: line)
        XCTAssertGreaterThan(a.highNanos, b.highNanos, message, file: file, line: line)
    }

    private func ms(_ t: DeviceTime) -> String {
        String(format: "%.2f–%.2f ms (%.0f–%.0f %% of %.1f ms)", Double(t.lowNanos) / 1e6, Double(t.highNanos) / 1e6,
               t.budgetShare.low * 100, t.budgetShare.high * 100, t.budgetNanos / 1e6)
    }

    /// A published frame time the model can be compared with: the row of an evidence file, the
    /// source's own words for it (`quote`, which the file's description holds), the frame rate and
    /// the GPU's share of the frame they give (1 where none is published), and the factor
    /// published / model centre this build gives, to two decimals. A frame rate alone gives the
    /// frame, 1000 / fps ms, compared with the mean of the scrolled steps' estimates (the table's
    /// first appearance apart), the figure a scroll's frame rate measures. A utilisation gives the
    /// GPU's busy time, `share × 1000 / fps` ms, compared with the same mean less its switch idle
    /// (`DeviceTime.scrolledBusyNanos`): Instruments counts that idle as not busy (WWDC 2014
    /// session 419, quoted in the file).
    struct Case {
        var file: String, row: String, quote: [String], fps: Double, share: Double = 1, gpuMs: Double? = nil,
            mechanism: PublishedAccuracy.Mechanism, gpu: String, ios: Int, ratio: Double
        /// The published frame in ms: a GPU time where the source gives one (`gpuMs`, compared
        /// with the whole estimate), else from the frame rate and share.
        var publishedMs: Double { gpuMs ?? share * 1000 / fps }
        /// The published frame as the model's top power state would take it: as published where
        /// the frames missed the refresh, else the centre of the range a lower power state allows
        /// (`PublishedAccuracy.atTopPowerState`).
        var comparedMs: Double { bound ? publishedMs : PublishedAccuracy.atTopPowerState(publishedMs) }
        /// Whether the frames missed the 60 Hz refresh, so the GPU was the bottleneck (WWDC 2014
        /// session 419: "we were actually GPU bound"); "59/60" and "hitting 60 fps" are frames
        /// that kept it, with the GPU partly idle.
        var bound: Bool { fps < 59 }
    }

    /// The comparable cases (docs/device-model.md, "How far the model is"), each measurement once.
    /// Left out, with their reasons there: `ipod-touch-4-clipping` (the same measurement as the
    /// clipped images, priced on the Settings table, a scene the source did not show),
    /// `ipad-1-vs-ipad-2` (a ratio for an app's scene the file does not describe),
    /// `texture-old-iphones` (no number), and `rounded-labels-rasterize` (its article's sentences
    /// were not retrieved, so no number of it sits beside its source's words; its directions are
    /// still tested).
    static let cases = [
        Case(file: "ipod-touch-4-clipped-images", row: "images-clipped/none", quote: ["I have around 30 fps while scrolling"], fps: 30,
             mechanism: .clips, gpu: "a4", ios: 5, ratio: 0.64),
        Case(file: "shadows-rasterize", row: "shadows/none", quote: ["around 56/57", "around 83% before rasterization"], fps: 56.5, share: 0.83,
             mechanism: .shadows, gpu: "a11", ios: 13, ratio: 0.92),
        Case(file: "shadows-rasterize", row: "shadows-rasterized/none", quote: ["stable at 59/60", "stable at around 25%"], fps: 59.5, share: 0.25,
             mechanism: .rasterization, gpu: "a11", ios: 13, ratio: 1.46),
        Case(file: "rounded-image-views-per-cell", row: "two-clipped/none", quote: ["fps大致在45帧左右（每个cell 做2个imageview）"], fps: 45,
             mechanism: .clips, gpu: "a8", ios: 8, ratio: 0.96),
        Case(file: "rounded-image-views-per-cell", row: "four-clipped/none", quote: ["'8 fewer' than with cornerRadius (28 fps)"], fps: 28,
             mechanism: .clips, gpu: "a8", ios: 8, ratio: 0.78),
        Case(file: "rounded-image-views-per-cell", row: "four-small-clipped/none", quote: ["'3 better' (31 fps)"], fps: 31,
             mechanism: .clips, gpu: "a8", ios: 8, ratio: 0.72),
        Case(file: "rounded-image-views-per-cell", row: "four-masked/none", quote: ["fps大致在20帧左右", "4 with the mask 'about 20 fps'"], fps: 20,
             mechanism: .masks, gpu: "a8", ios: 8, ratio: 0.95),
        Case(file: "wwdc14-419-case-studies", row: "photos-shadow/none", quote: ["'CA Shadow' iPhone 5s 60, iPhone 5 55, iPhone 4s 45, iPod touch 33", "mid to high 70s'", "mid to high 70s = 77 %"],
             fps: 33, share: 0.77, mechanism: .shadows, gpu: "a5", ios: 8, ratio: 1.77),
        Case(file: "wwdc14-419-case-studies", row: "photos-shadow-iphone-4s/none", quote: ["'CA Shadow' iPhone 5s 60, iPhone 5 55, iPhone 4s 45, iPod touch 33"],
             fps: 45, mechanism: .shadows, gpu: "a5", ios: 8, ratio: 1.37),
        Case(file: "wwdc14-419-case-studies", row: "photos-shadow-iphone-5/none", quote: ["'CA Shadow' iPhone 5s 60, iPhone 5 55, iPhone 4s 45, iPod touch 33"],
             fps: 55, mechanism: .shadows, gpu: "a6", ios: 8, ratio: 1.14),
        Case(file: "wwdc14-419-case-studies", row: "photos-shadow-path/none", quote: ["'we are indeed hitting 60 fps'", "'we are now in like the mid 30s as opposed to you know the mid 70s before'", "mid 30s % = 35 %"],
             fps: 60, share: 0.35, mechanism: .shadows, gpu: "a5", ios: 8, ratio: 1.79),
        Case(file: "wwdc14-419-case-studies", row: "contacts-clipped/none", quote: ["'before' iPhone 5s 60, iPhone 5 60, iPhone 4s 55, iPod touch 46", "'mid to upper 80s'", "mid to upper 80s = 87 %"],
             fps: 46, share: 0.87, mechanism: .clips, gpu: "a5", ios: 8, ratio: 1.70),
        Case(file: "wwdc14-419-case-studies", row: "contacts-clipped-iphone-4s/none", quote: ["'before' iPhone 5s 60, iPhone 5 60, iPhone 4s 55, iPod touch 46"],
             fps: 55, mechanism: .clips, gpu: "a5", ios: 8, ratio: 1.71),
        Case(file: "wwdc14-419-case-studies", row: "photos-shadow-path-iphone-4s/none", quote: ["'So, we are in fact hitting 60 fps'", "'You know 30 percent is a lot better than mid 70s'", "30 percent = 30 %"],
             fps: 60, share: 0.30, mechanism: .shadows, gpu: "a5", ios: 8, ratio: 1.76),
        Case(file: "wwdc14-419-case-studies", row: "contacts-overlay/none", quote: ["'and sure enough we're hitting 60 fps'", "'So again, we're 30 percent versus mid to upper 80s'", "30 percent = 30 %"],
             fps: 60, share: 0.30, mechanism: .blending, gpu: "a5", ios: 8, ratio: 1.52),
        Case(file: "wwdc14-419-blur", row: "fullscreen-dark-blur/none", quote: ["'UIBlurEffectStyleDark' 14.41, 7.02"], fps: 60, gpuMs: 7.02,
             mechanism: .backdrops, gpu: "a7", ios: 8, ratio: 0.59),
        Case(file: "wwdc14-419-blur", row: "fullscreen-dark-blur-ipad-3/none", quote: ["'UIBlurEffectStyleDark' 14.41, 7.02"], fps: 60, gpuMs: 14.41,
             mechanism: .backdrops, gpu: "a5x", ios: 8, ratio: 1.09),
        Case(file: "iphone-4-rounded-image-views", row: "images-rounded/none", quote: ["FPS也是23左右"], fps: 23,
             mechanism: .clips, gpu: "a4", ios: 7, ratio: 1.04),
        Case(file: "ipad-mini-offscreen", row: "rounded-10/none", quote: ["Rounded corners 10: 'almost 44', 'over 80%'"], fps: 44, share: 0.80,
             mechanism: .clips, gpu: "a5", ios: 9, ratio: 1.14),
        Case(file: "ipad-mini-offscreen", row: "rounded-10-rasterized/none", quote: ["rounded corners 10 rasterized: 'over 55', 'under 20%'"], fps: 55, share: 0.20,
             mechanism: .rasterization, gpu: "a5", ios: 9, ratio: 0.98),
        Case(file: "ipad-mini-offscreen", row: "rounded-20/none", quote: ["rounded corners 20: 'almost 35', 'under 90%'"], fps: 35, share: 0.90,
             mechanism: .clips, gpu: "a5", ios: 9, ratio: 0.86),
        Case(file: "ipad-mini-offscreen", row: "rounded-20-rasterized/none", quote: ["rounded corners 20 rasterized: 'almost 55', 'almost 20%'"], fps: 55, share: 0.20,
             mechanism: .rasterization, gpu: "a5", ios: 9, ratio: 0.98),
        Case(file: "ipad-mini-offscreen", row: "shadow-10/none", quote: ["Shadows 10: 'almost 38', 'almost 73%'"], fps: 38, share: 0.73,
             mechanism: .shadows, gpu: "a5", ios: 9, ratio: 1.16),
        Case(file: "ipad-mini-offscreen", row: "shadow-10-rasterized/none", quote: ["shadows 10 rasterized: 'over 55', 'under 30%'"], fps: 55, share: 0.30,
             mechanism: .rasterization, gpu: "a5", ios: 9, ratio: 1.46),
        Case(file: "ipad-mini-offscreen", row: "shadow-path-10/none", quote: ["shadows 10 with 'shadowPath != nil': 'over 56', 'under 15%'"], fps: 56, share: 0.15,
             mechanism: .shadows, gpu: "a5", ios: 9, ratio: 1.47),
        Case(file: "ipad-mini-offscreen", row: "shadow-20/none", quote: ["shadows 20: 'almost 22', 'almost 80%'"], fps: 22, share: 0.80,
             mechanism: .shadows, gpu: "a5", ios: 9, ratio: 1.16),
        Case(file: "ipad-mini-offscreen", row: "shadow-20-rasterized/none", quote: ["shadows 20 rasterized: 'almost 55', 'under 40%'"], fps: 55, share: 0.40,
             mechanism: .rasterization, gpu: "a5", ios: 9, ratio: 1.95),
        Case(file: "ipad-mini-offscreen", row: "shadow-path-20/none", quote: ["shadows 20 with a path: 'over 56', 'under 20%'"], fps: 56, share: 0.20,
             mechanism: .shadows, gpu: "a5", ios: 9, ratio: 1.94),
        Case(file: "ipad-mini-offscreen", row: "mask-10/none", quote: ["Masks 10: 'almost 55', 'almost 60%'"], fps: 55, share: 0.60,
             mechanism: .masks, gpu: "a5", ios: 9, ratio: 0.68),
        Case(file: "ipad-mini-offscreen", row: "mask-10-rasterized/none", quote: ["masks 10 rasterized: 'over 55', 'almost 20%'"], fps: 55, share: 0.20,
             mechanism: .rasterization, gpu: "a5", ios: 9, ratio: 0.98),
        Case(file: "ipad-mini-offscreen", row: "mask-20/none", quote: ["masks 20: 'almost 37', 'almost 75%'"], fps: 37, share: 0.75,
             mechanism: .masks, gpu: "a5", ios: 9, ratio: 0.67),
        Case(file: "ipad-mini-offscreen", row: "mask-20-rasterized/none", quote: ["masks 20 rasterized: 'almost 55', 'under 30%'"], fps: 55, share: 0.30,
             mechanism: .rasterization, gpu: "a5", ios: 9, ratio: 1.46),
    ]

    /// The mean of the scrolled steps' estimates, both ends, in ms: every step but the first.
    private func scrollMean(_ t: DeviceTime) throws -> (low: Double, high: Double) {
        let mean = try XCTUnwrap(t.scrolledMeanNanos)
        return (mean.low / 1e6, mean.high / 1e6)
    }

    /// The mean of the scrolled steps' estimates less their switch idle, both ends, in ms.
    private func scrollBusy(_ t: DeviceTime) throws -> (low: Double, high: Double) {
        let busy = try XCTUnwrap(t.scrolledBusyNanos)
        return (busy.low / 1e6, busy.high / 1e6)
    }

    /// What case `c` is compared with, both ends in ms: the scrolled steps' mean, less their
    /// switch idle where the source gives a utilisation.
    private func compared(_ c: Case, _ time: DeviceTime) throws -> (low: Double, high: Double) {
        c.share < 1 ? try scrollBusy(time) : try scrollMean(time)
    }

    /// The geometric mean and the largest of factors given as logarithms, each taken ≥ 1.
    private static func typicalAndWorst(_ logs: [Double]) -> (typical: Double, worst: Double) {
        (exp(logs.map(abs).reduce(0, +) / Double(logs.count)), exp(logs.map(abs).max() ?? 0))
    }

    /// Case `c`'s factor, published / model centre, for the model's estimate `time`.
    private func factor(_ c: Case, _ time: DeviceTime) throws -> Double {
        let mean = try compared(c, time)
        return c.comparedMs / ((mean.low + mean.high) / 2)
    }

    func testTheModelIsWithinItsStatedFactorOfEveryComparablePublishedMeasurement() throws {
        var runs: [String: [String: DeviceTime]] = [:]
        var logs: [(mechanism: PublishedAccuracy.Mechanism, log: Double)] = []
        for c in Self.cases {
            if runs[c.file] == nil { runs[c.file] = try run(c.file) }
            let time = try XCTUnwrap(runs[c.file]?[c.row], "\(c.file) \(c.row)")
            let mean = try compared(c, time), centre = (mean.low + mean.high) / 2
            let ratio = try factor(c, time)
            let published = c.gpuMs.map { String(format: "%.2f ms of GPU time", $0) }
                ?? String(format: "%.1f fps%@ (%.2f ms)", c.fps, c.share < 1 ? String(format: ", GPU %.0f %%", c.share * 100) : "", c.publishedMs)
            let reading = c.bound ? "" : String(format: ", at the top power state %.2f–%.2f ms, centre %.2f",
                                                c.publishedMs / PublishedAccuracy.powerStateRatio, c.publishedMs, c.comparedMs)
            print(String(format: "evidence %@ %@: published %@%@, model %@%.2f–%.2f ms (centre %.2f), published / model %.2f, as published %.2f",
                         c.file, c.row, published, reading,
                         c.share < 1 ? "busy " : "", mean.low, mean.high, centre, ratio, c.publishedMs / centre))
            XCTAssertEqual(ratio, c.ratio, accuracy: 0.005, "\(c.file) \(c.row): the factor changed; update the table here and in docs/device-model.md")
            logs.append((c.mechanism, log(ratio)))
        }
        let factors = Self.typicalAndWorst
        let all = factors(logs.map(\.log)), bias = exp(logs.map(\.log).reduce(0, +) / Double(logs.count))
        print(String(format: "evidence: %d cases, published / model within ×%.2f (geometric mean), worst ×%.2f, bias ×%.2f",
                     logs.count, all.typical, all.worst, bias))
        XCTAssertEqual(PublishedAccuracy.cases, Self.cases.count)
        XCTAssertEqual(PublishedAccuracy.typicalFactor, all.typical, accuracy: 0.005, "the phrase every report shows")
        XCTAssertEqual(PublishedAccuracy.worstFactor, all.worst, accuracy: 0.005, "the phrase every report shows")
        for mechanism in PublishedAccuracy.Mechanism.allCases {
            let mine = Self.cases.filter { $0.mechanism == mechanism }
            let stated = try XCTUnwrap(PublishedAccuracy.byMechanism.first { $0.mechanism == mechanism }, "\(mechanism)")
            let f = factors(logs.filter { $0.mechanism == mechanism }.map(\.log))
            XCTAssertEqual(stated.cases, mine.count, "\(mechanism)")
            XCTAssertEqual(stated.typicalFactor, f.typical, accuracy: 0.005, "\(mechanism)")
            XCTAssertEqual(stated.worstFactor, f.worst, accuracy: 0.005, "\(mechanism)")
            XCTAssertEqual(stated.gpus, Set(mine.map(\.gpu)).sorted { a, b in GPUCatalog.builtIn.ids.firstIndex(of: a)! < GPUCatalog.builtIn.ids.firstIndex(of: b)! }, "\(mechanism)")
        }
        for bound in [true, false] {
            let f = factors(zip(Self.cases, logs).filter { $0.0.bound == bound }.map(\.1.log))
            let stated = bound ? PublishedAccuracy.gpuBound : PublishedAccuracy.keepingTheRefresh
            print(String(format: "evidence, frames %@: %d cases, within ×%.2f, worst ×%.2f", bound ? "that missed the refresh" : "that kept it",
                         Self.cases.filter { $0.bound == bound }.count, f.typical, f.worst))
            XCTAssertEqual(stated.cases, Self.cases.filter { $0.bound == bound }.count, "bound \(bound)")
            XCTAssertEqual(stated.typicalFactor, f.typical, accuracy: 0.005, "bound \(bound)")
            XCTAssertEqual(stated.worstFactor, f.worst, accuracy: 0.005, "bound \(bound)")
        }
        // By source (docs/device-model.md, "By source"): one source can hold many cases, so each
        // source's factor is stated, and the sources' means weighted alike stay near the pooled one.
        let sources: [String: (files: [String], cases: Int, typical: Double, worst: Double)] = [
            "StackOverflow 2012": (["ipod-touch-4-clipped-images"], 1, 1.57, 1.57),
            "the 2015 article": (["rounded-image-views-per-cell"], 4, 1.18, 1.39),
            "WWDC 2014 session 419": (["wwdc14-419-case-studies", "wwdc14-419-blur"], 10, 1.53, 1.79),
            "seedante": (["ipad-mini-offscreen"], 14, 1.32, 1.95),
            "mo4tech": (["shadows-rasterize"], 2, 1.26, 1.46),
            "kudocc": (["iphone-4-rounded-image-views"], 1, 1.04, 1.04),
        ]
        XCTAssertEqual(Set(sources.values.flatMap(\.files)), Set(Self.cases.map(\.file)), "every case's file has its source")
        var sourceMeans: [Double] = []
        for (name, source) in sources {
            let mine = zip(Self.cases, logs).filter { source.files.contains($0.0.file) }.map(\.1.log)
            let f = factors(mine)
            print(String(format: "evidence, %@: %d cases, within ×%.2f, worst ×%.2f", name, mine.count, f.typical, f.worst))
            XCTAssertEqual(mine.count, source.cases, name)
            XCTAssertEqual(f.typical, source.typical, accuracy: 0.005, name)
            XCTAssertEqual(f.worst, source.worst, accuracy: 0.005, name)
            sourceMeans.append(log(f.typical))
        }
        let perSource = exp(sourceMeans.reduce(0, +) / Double(sourceMeans.count))
        print(String(format: "evidence, each source weighted alike: ×%.2f", perSource))
        XCTAssertEqual(perSource, 1.30, accuracy: 0.005, "docs/device-model.md, By source")
        // By GPU, which the verdict states for the GPU it prices (`Verdict.coverage`).
        let order = GPUCatalog.builtIn.ids
        XCTAssertEqual(PublishedAccuracy.byGPU.map(\.gpu), Set(Self.cases.map(\.gpu)).sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! })
        for stated in PublishedAccuracy.byGPU {
            let mine = zip(Self.cases, logs).filter { $0.0.gpu == stated.gpu }.map(\.1.log)
            let f = factors(mine), bias = exp(mine.reduce(0, +) / Double(mine.count))
            print(String(format: "evidence, the %@ GPU: %d cases, within ×%.2f, worst ×%.2f, bias ×%.2f", stated.gpu, mine.count, f.typical, f.worst, bias))
            XCTAssertEqual(stated.cases, mine.count, stated.gpu)
            XCTAssertEqual(stated.mechanisms, PublishedAccuracy.Mechanism.allCases.filter { m in Self.cases.contains { $0.gpu == stated.gpu && $0.mechanism == m } },
                           stated.gpu)
            XCTAssertEqual(stated.typicalFactor, f.typical, accuracy: 0.005, stated.gpu)
            XCTAssertEqual(stated.worstFactor, f.worst, accuracy: 0.005, stated.gpu)
            XCTAssertEqual(stated.bias, max(bias, 1 / bias), accuracy: 0.005, stated.gpu)
            XCTAssertEqual(stated.publishedLonger, bias >= 1, stated.gpu)
        }
        XCTAssertEqual(PublishedAccuracy.gpus, Set(Self.cases.map(\.gpu)))
        XCTAssertEqual(PublishedAccuracy.iosVersions, Set(Self.cases.map(\.ios)))
    }

    /// No source says how fast its table scrolled, so each evidence file assumes a speed
    /// (`pointsPerStep`: 12 pt a step, mo4tech's 6; docs/device-model.md, "The scroll's speed").
    /// The factors hardly depend on it. Half as fast, every case moves by at most 4 %; the
    /// pooled factor stays ×1.36, but the worst, the iPad mini's 20 shadows rasterized, crosses
    /// ×2 (2.01). Four times as fast, the rasterized cells, the one kind of frame whose work
    /// grows with the rows entering (each new row's bitmap is drawn), cost more: their factors
    /// fall by at most ×1.2 (the 20 shadows rasterized to 1.68).
    func testTheAssumedScrollSpeedMovesEachFactorLittle() throws {
        let half = try factors(at: 0.5, of: Self.cases)
        for (c, f) in zip(Self.cases, half) {
            print(String(format: "evidence %@ %@ half as fast: published / model %.2f (%.2f as assumed)", c.file, c.row, f, c.ratio))
            XCTAssertLessThanOrEqual(abs(log(f / c.ratio)), log(1.04) + 0.005, "\(c.file) \(c.row) half as fast")
        }
        let pooled = Self.typicalAndWorst(half.map { log($0) })
        XCTAssertEqual(pooled.typical, 1.36, accuracy: 0.005, "pooled, half as fast")
        XCTAssertEqual(pooled.worst, 2.01, accuracy: 0.005, "worst, half as fast")
        let rasterized = Self.cases.filter { $0.mechanism == .rasterization }
        XCTAssertEqual(rasterized.count, 7)
        let fast = try factors(at: 4, of: rasterized)
        for (c, f) in zip(rasterized, fast) {
            print(String(format: "evidence %@ %@ four times as fast: published / model %.2f (%.2f as assumed)", c.file, c.row, f, c.ratio))
            XCTAssertLessThan(f, c.ratio, "\(c.file) \(c.row): more rows entering, more bitmaps drawn")
            XCTAssertGreaterThan(f, c.ratio / 1.2, "\(c.file) \(c.row) four times as fast")
        }
        XCTAssertEqual(fast.max() ?? 0, 1.68, accuracy: 0.005, "the 20 shadows rasterized, four times as fast")
    }

    /// Each case's figures are the source's, as its quoted sentences give them: the quotes are in
    /// the evidence file's description, and each number the case takes is in one of them.
    func testEveryCaseQuotesItsSourceAndTakesItsNumbersFromTheQuotes() throws {
        for c in Self.cases {
            let text = try String(contentsOfFile: Self.evidence + "/\(c.file).json", encoding: .utf8)
            for quote in c.quote { XCTAssertTrue(text.contains(quote), "\(c.file): the description quotes \(quote)") }
            let numbers = c.gpuMs.map { [$0] } ?? [c.fps] + (c.share < 1 ? [c.share * 100] : [])
            for number in numbers {
                let written = number == number.rounded() ? String(Int(number)) : String(number)
                let halves = number != number.rounded() ? ["\(Int(number.rounded(.down)))/\(Int(number.rounded(.up)))"] : []
                XCTAssertTrue(c.quote.contains { q in ([written] + halves).contains { q.contains($0) } },
                              "\(c.file) \(c.row): \(written) is in a quoted sentence")
            }
            // The evidence file runs at the case's iOS, on the case's chip.
            XCTAssertTrue(text.contains("\"ios\": \(c.ios)"), "\(c.file) runs at iOS \(c.ios)")
            XCTAssertTrue(text.contains("\"gpu\": \"\(c.gpu)\""), "\(c.file) on \(c.gpu)")
        }
    }

    func testEveryEvidenceFileNamesItsSourceAndRuns() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.evidence).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(files, ["ipad-1-vs-ipad-2.json", "ipad-mini-offscreen.json", "iphone-4-rounded-image-views.json", "ipod-touch-4-clipped-images.json", "ipod-touch-4-clipping.json",
                               "rounded-image-views-per-cell.json", "rounded-labels-rasterize.json",
                               "shadows-rasterize.json", "texture-old-iphones.json", "wwdc14-419-blur.json", "wwdc14-419-case-studies.json"],
                       "a new evidence file needs its comparison here and its row in docs/device-model.md")
        for file in files {
            let text = try String(contentsOfFile: Self.evidence + "/" + file, encoding: .utf8)
            XCTAssertTrue(text.contains("\"description\""), "\(file) names its source and published result")
        }
    }

    /// iPod touch 4 (A4): clipping to rounded bounds 30 fps, none 60 fps.
    func testClippingOnTheIPodTouch4CostsMoreThanThePlainTable() throws {
        let t = try run("ipod-touch-4-clipping")
        let none = try XCTUnwrap(t["ipod-touch-4/none"]), clip = try XCTUnwrap(t["ipod-touch-4/corner-radius-clip"])
        print("evidence ipod-touch-4-clipping: published none 60 fps (≤ 16.7 ms), clipped about 30 fps (about 33 ms); "
              + "model none \(ms(none)), clipped \(ms(clip))")
        XCTAssertGreaterThan(clip.lowNanos, none.lowNanos)
        XCTAssertGreaterThan(clip.highNanos, none.highNanos)
        XCTAssertFalse(none.possiblyOverBudget, "the plain table fits, as published")
    }

    /// iPad 1 (A4) against iPad 2 (A5), same screen: 5–6 × slower.
    func testTheFirstIPadIsSlowerThanTheIPad2OnTheSameFrames() throws {
        let t = try run("ipad-1-vs-ipad-2")
        let a4 = try XCTUnwrap(t["ipad-1/none"]), a5 = try XCTUnwrap(t["ipad-2/none"])
        print(String(format: "evidence ipad-1-vs-ipad-2: published A4 / A5 = 5–6; model %.1f (fast ends) and %.1f (slow ends)",
                     Double(a4.lowNanos) / Double(a5.lowNanos), Double(a4.highNanos) / Double(a5.highNanos)))
        XCTAssertGreaterThan(a4.lowNanos, a5.lowNanos)
        XCTAssertGreaterThan(a4.highNanos, a5.highNanos)
    }

    /// Texture: off-screen rounding degrades iPhone 4, 4S and 5-class devices; newer ones hide it.
    func testOffScreenRoundingWeighsMoreOnTheOldIPhonesThanOnANewOne() throws {
        let t = try run("texture-old-iphones")
        let new = try XCTUnwrap(t["iphone-se-2020/corner-radius-clip"])
        var line = "evidence texture-old-iphones: published old phones lose frames, new ones hide it; model corner-radius-clip"
        for phone in ["iphone-4", "iphone-4s", "iphone-5"] {
            let old = try XCTUnwrap(t["\(phone)/corner-radius-clip"])
            line += " \(phone) \(ms(old)),"
            XCTAssertGreaterThan(old.budgetShare.low, new.budgetShare.low, phone)
            XCTAssertGreaterThan(old.budgetShare.high, new.budgetShare.high, phone)
        }
        print(line + " iphone-se-2020 \(ms(new))")
        XCTAssertFalse(new.possiblyOverBudget, "the new phone hides it in the budget, as published")
    }

    /// The 2015 article (segmentfault, cocoachina; copied by jianshu, yfmingo and robberjj): 2
    /// rounded image views per cell 45 fps, 4 at 28, 4 smaller 31, 4 with an oval shape-layer mask
    /// 20; an image drawn rounded the cheapest. On iOS 8, each clip of an image takes a pass.
    func testRoundedImageViewsCostByTheirCountMoreThanTheirSizeAndAMaskCostsMore() throws {
        let r = try rows("rounded-image-views-per-cell")
        func passes(_ scenario: String) -> Int? { r["\(scenario)/none"]?.totals[.offscreenPasses] }
        func time(_ scenario: String) -> DeviceTime? { r["\(scenario)/none"]?.deviceTime }
        print("evidence rounded-image-views-per-cell: published 2 views 45 fps, 4 at 28, 4 smaller 31, 4 masked 20, drawn rounded cheapest; model"
              + ["two-clipped", "four-clipped", "four-small-clipped", "four-masked", "two-drawn-rounded"].map { " \($0) \(time($0).map(ms) ?? "-")" }
                .joined(separator: ","))
        XCTAssertEqual(passes("four-clipped"), passes("two-clipped").map { 2 * $0 }, "a pass per rounded view on screen")
        // As many passes but at the screen's edges, where a smaller view leaves the screen sooner.
        let small = try XCTUnwrap(passes("four-small-clipped")), large = try XCTUnwrap(passes("four-clipped"))
        XCTAssertTrue(small <= large && Double(small) >= 0.98 * Double(large), "smaller views, as many passes: \(small) and \(large)")
        XCTAssertEqual(passes("four-masked"), passes("four-clipped").map { 2 * $0 }, "two passes per masked view")
        try assertDearer(time("four-clipped"), time("two-clipped"), "twice the views cost more")
        try assertDearer(time("four-clipped"), time("four-small-clipped"), "smaller views cost a little less")
        try assertDearer(time("four-small-clipped"), time("two-clipped"), "the count matters more than the size")
        try assertDearer(time("four-masked"), time("four-clipped"), "a mask costs more than masksToBounds")
        try assertDearer(time("two-clipped"), time("two-drawn-rounded"), "clipping costs more than an image drawn rounded")
        XCTAssertEqual(passes("two-drawn-rounded"), 0)
        XCTAssertEqual(time("two-drawn-rounded")?.possiblyOverBudget, false, "the cheapest, as published")
    }

    /// WWDC 2014 session 419 (Apple, iOS 8) and its charts: cells with a shadowed image, 33 fps on
    /// the iPod touch and 60 on the iPhone 5s; with a shadowPath 60 fps at about a third of the GPU;
    /// round thumbnails by cornerRadius and masking, 46 fps on the iPod touch and 60 on the iPhone 5;
    /// the same thumbnails under a white ring instead, 60 fps at 30 %.
    func testApplesCaseStudiesShadowsWithoutAPathAndClippedThumbnailsCostTheOldPhoneItsFrames() throws {
        let r = try rows("wwdc14-419-case-studies")
        func time(_ scenario: String) -> DeviceTime? { r["\(scenario)/none"]?.deviceTime }
        print("evidence wwdc14-419-case-studies: published iPod touch shadows 33 fps (GPU mid-high 70s %), with a path 60 fps (mid 30s %), "
              + "iPhone 5s 60 fps; thumbnails iPod touch 46 fps (mid-upper 80s %), iPhone 5 60 fps; model"
              + ["photos-shadow", "photos-shadow-path", "photos-shadow-path-iphone-4s", "photos-shadow-iphone-5s", "contacts-clipped",
                 "contacts-overlay", "contacts-clipped-iphone-5"]
                .map { " \($0) \(time($0).map(ms) ?? "-")" }.joined(separator: ","))
        try assertDearer(time("photos-shadow"), time("photos-shadow-path"), "a shadowPath saves the shadows' passes")
        // The bars' blurs take their passes every frame; the shadows with a path take none.
        // Two bars × four passes (`Renderer.backdropPasses`) × 30 steps.
        XCTAssertEqual(r["photos-shadow-path/none"]?.totals[.offscreenPasses], 2 * 4 * 30, "a shadow with a path takes no pass")
        XCTAssertEqual(time("photos-shadow-path")?.possiblyOverBudget, false, "60 fps with a path, as published")
        // At the slow end only: the fast end (16.64 ms) just fits the 16.7 ms budget.
        XCTAssertEqual(time("photos-shadow")?.possiblyOverBudget, true, "the iPod touch may miss frames, as published")
        // Not reproduced: the model keeps 60 fps at both ends where the published 46 fps misses
        // frames; it is too fast on the A5's heavy frames (docs/device-model.md, "What the misses say").
        XCTAssertEqual(time("contacts-clipped")?.possiblyOverBudget, false, "the model's reading, contrary to the publication's 46 fps")
        // The newer phones keep 60 fps at both ends, as published (the A7's slow end at the 450 MHz
        // and LPDDR3 its sources give).
        XCTAssertEqual(time("photos-shadow-iphone-5s")?.possiblyOverBudget, false, "the iPhone 5s keeps 60 fps")
        XCTAssertEqual(time("contacts-clipped-iphone-5")?.possiblyOverBudget, false, "the iPhone 5 keeps 60 fps")
        try assertDearer(time("photos-shadow"), time("photos-shadow-iphone-5s"), "the A7 pays less than the A5")
        XCTAssertEqual(time("photos-shadow-path-iphone-4s")?.possiblyOverBudget, false, "the iPhone 4s keeps 60 fps with a path, as published")
        // The overlay: no pass, 60 fps where the clipped thumbnails missed frames.
        XCTAssertEqual(r["contacts-overlay/none"]?.totals[.offscreenPasses], 2 * 4 * 30, "the ring takes no pass: the bars' are all")
        try assertDearer(time("contacts-clipped"), time("contacts-overlay"), "the GPU blends faster than it does off-screen passes")
        XCTAssertEqual(time("contacts-overlay")?.possiblyOverBudget, false, "60 fps with the overlay, as published")
    }

    /// WWDC 2014 session 419 (Apple, iOS 8): a full-screen UIBlurEffect over an image, in the dark
    /// style 7.02 ms of GPU time on the iPad Air and 14.41 on the iPad (3rd generation), which
    /// "performs much worse": on each, four off-screen passes a frame, none of them a split, and
    /// within the refresh; on the A5X dearer than on the A7.
    func testAFullScreenBlurTakesFourPassesAndCostsTheIPad3MoreThanTheIPadAir() throws {
        let r = try rows("wwdc14-419-blur")
        for (scenario, device, published) in [("fullscreen-dark-blur", "iPad Air", 7.02), ("fullscreen-dark-blur-ipad-3", "iPad 3", 14.41)] {
            let row = try XCTUnwrap(r["\(scenario)/none"])
            let time = try XCTUnwrap(row.deviceTime)
            print("evidence wwdc14-419-blur: published \(published) ms of GPU time on the \(device) (dark); model \(ms(time))")
            let steps = try XCTUnwrap(row.deviceTime?.stepLowNanos?.count)
            XCTAssertEqual(row.totals[.offscreenPasses], 4 * steps, "\(device): the blur's four passes a frame")
            XCTAssertEqual(row.totals[.screenSplits], 0, "\(device): the blur's passes come before the screen's")
            XCTAssertEqual(time.possiblyOverBudget, false, "\(device): within the 16.7 ms of 60 Hz, as published")
        }
        try assertDearer(r["fullscreen-dark-blur-ipad-3/none"]?.deviceTime, r["fullscreen-dark-blur/none"]?.deviceTime,
                         "'the iPad 3rd generation performs much worse than the iPad Air'")
    }

    /// e-com-net: 4 rounded labels per cell; cornerRadius alone close to 60 fps, with masksToBounds
    /// about 24, with shouldRasterize as well about 15.
    func testRoundedLabelsCostNothingOffScreenUntilTheyClip() throws {
        let r = try rows("rounded-labels-rasterize")
        func time(_ scenario: String) -> DeviceTime? { r["\(scenario)/none"]?.deviceTime }
        print("evidence rounded-labels-rasterize: published radius only about 60 fps, clipped 24, clipped and rasterized 15; model"
              + ["radius-only", "clipped", "clipped-rasterized"].map { " \($0) \(time($0).map(ms) ?? "-")" }.joined(separator: ","))
        XCTAssertEqual(r["radius-only/none"]?.totals[.offscreenPasses], 0, "no off-screen tint, as published")
        XCTAssertEqual(time("radius-only")?.possiblyOverBudget, false)
        try assertDearer(time("clipped"), time("radius-only"), "masksToBounds costs passes")
        // The documented disagreement (docs/device-model.md): the model keeps the bitmaps of rows
        // that only move, so rasterizing costs less than clipping every frame, where the published
        // frame rate fell. If this fails, the model changed: update the table there.
        try assertDearer(time("clipped"), time("clipped-rasterized"), "the model's reading, contrary to the publication")
    }

    /// seedante (iPad mini, A5, iOS 9.3.1): 10 and 20 image views on screen rounded, shadowed or
    /// masked, each with the cell rasterized, and the shadows with a path: every effect but the
    /// path goes off-screen, twice the views cost more, rasterizing the cell and a shadowPath
    /// cost less.
    func testOffScreenEffectsOnAnIPadMiniCostByTheirCountAndRasterizingOrAPathSavesThem() throws {
        let r = try rows("ipad-mini-offscreen")
        func time(_ scenario: String) -> DeviceTime? { r["\(scenario)/none"]?.deviceTime }
        func passes(_ scenario: String) -> Int? { r["\(scenario)/none"]?.totals[.offscreenPasses] }
        print("evidence ipad-mini-offscreen: published rounded 10 44 fps (GPU 80 %), 20 35 (90 %); shadows 10 38 (73 %), 20 22 (80 %), "
              + "with a path 56 (15–20 %); masks 10 55 (60 %), 20 37 (75 %); rasterized 55 (20–40 %); model"
              + ["rounded-10", "rounded-20", "shadow-10", "shadow-20", "shadow-path-10", "mask-10", "mask-20", "rounded-20-rasterized"]
                .map { " \($0) \(time($0).map(ms) ?? "-")" }.joined(separator: ","))
        for effect in ["rounded", "shadow", "mask"] {
            try assertDearer(time("\(effect)-20"), time("\(effect)-10"), "\(effect): twice the views cost more, as published")
            for count in [10, 20] {
                XCTAssertGreaterThan(passes("\(effect)-\(count)") ?? 0, 0, "\(effect) \(count) goes off-screen (iOS 9), as published")
                try assertDearer(time("\(effect)-\(count)"), time("\(effect)-\(count)-rasterized"),
                                 "\(effect) \(count): rasterizing the cell costs less, as published")
            }
        }
        for count in [10, 20] {
            XCTAssertEqual(passes("shadow-path-\(count)"), 0, "a shadow with a path takes no pass, as published")
            try assertDearer(time("shadow-\(count)"), time("shadow-path-\(count)"), "a shadowPath costs less, as published")
        }
        // Not reproduced (docs/device-model.md): here masks cost less than rounded corners (10 on
        // screen: 55 fps at 60 % against 44 at 80 %); the model gives a mask a pass more than a clip
        // and the same split. If this fails, the model changed: update the table there.
        for count in [10, 20] {
            try assertDearer(time("mask-\(count)"), time("rounded-\(count)"), "the model's reading, contrary to the publication")
        }
    }

    /// kudocc (iPhone 4, A4, iOS 7.1.2): three 66 pt image views a row rounded by `cornerRadius`
    /// and `masksToBounds` about 23 fps; the same plain 55–59, a range that reaches the refresh,
    /// read as a direction: the plain frame fits the slow end's 1000 / 55 ms.
    func testRoundedImageViewsOnAnIPhone4CostItsFramesWherePlainOnesFit() throws {
        let r = try rows("iphone-4-rounded-image-views")
        let rounded = try XCTUnwrap(r["images-rounded/none"]), plain = try XCTUnwrap(r["images-plain/none"])
        let roundedTime = try XCTUnwrap(rounded.deviceTime), plainTime = try XCTUnwrap(plain.deviceTime)
        print("evidence iphone-4-rounded-image-views: published rounded about 23 fps (43.5 ms), plain 55–59 fps; model rounded "
              + "\(ms(roundedTime)), plain \(ms(plainTime))")
        XCTAssertGreaterThan(rounded.totals[.offscreenPasses] ?? 0, 0, "a rounded image view goes off-screen on iOS 7")
        XCTAssertEqual(plain.totals[.offscreenPasses], 0)
        try assertDearer(roundedTime, plainTime, "rounding costs the frames, as published")
        XCTAssertEqual(roundedTime.possiblyOverBudget, true, "the rounded frame misses the refresh, as published")
        XCTAssertLessThan(Double(plainTime.highNanos), 1e9 / 55, "the plain frame fits the published range's slow end")
    }

    /// iPod touch 4 (A4): image views clipped to rounded bounds about 30 fps, unclipped 60.
    func testClippedImageViewsOnTheIPodTouch4CostMoreThanPlainOnes() throws {
        let t = try run("ipod-touch-4-clipped-images")
        print("evidence ipod-touch-4-clipped-images: published clipped about 30 fps (about 33 ms), plain 60 fps; model clipped "
              + "\(t["images-clipped/none"].map(ms) ?? "-"), plain \(t["images-plain/none"].map(ms) ?? "-")")
        try assertDearer(t["images-clipped/none"], t["images-plain/none"], "clipping costs more")
        XCTAssertEqual(t["images-plain/none"]?.possiblyOverBudget, false, "the plain frame fits, as published")
    }

    /// mo4tech (iPhone X): cells with layer shadows, GPU about 83 % busy; rasterized about 25 %.
    func testRasterizingCellsWithShadowsSavesTheShadowsPasses() throws {
        let r = try rows("shadows-rasterize")
        func time(_ scenario: String) -> DeviceTime? { r["\(scenario)/none"]?.deviceTime }
        print("evidence shadows-rasterize: published GPU about 83 % of the frame, rasterized about 25 %; model"
              + ["shadows", "shadows-rasterized"].map { " \($0) \(time($0).map(ms) ?? "-")" }.joined(separator: ","))
        try assertDearer(time("shadows"), time("shadows-rasterized"), "rasterizing saves the shadows' passes, as published")
        let plain = try XCTUnwrap(r["shadows/none"]), rasterized = try XCTUnwrap(r["shadows-rasterized/none"])
        XCTAssertGreaterThan(plain.totals[.offscreenPasses] ?? 0, 8 * (rasterized.totals[.offscreenPasses] ?? 0))
        XCTAssertGreaterThan(rasterized.totals[.rasterHits] ?? 0, 10 * (rasterized.totals[.rasterMisses] ?? 0), "rows that only move hit")
    }
}
