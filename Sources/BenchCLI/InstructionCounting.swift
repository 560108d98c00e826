#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Harness
import Results

/// Counts the instructions of each phase by running `bench` again under valgrind's callgrind.
///
/// The child runs each (scenario, strategy) pair alone between two callgrind dumps
/// (`InstructionCount.measure`), with Swift's hashing made deterministic
/// (`SWIFT_DETERMINISTIC_HASHING=1`) and address-space randomisation off (`setarch -R`), so the
/// same code executes the same instructions run after run. The pairs are split between as many
/// children as the machine has cores; a pair's counts do not depend on which child ran it.
///
/// A child is given the parent's selection options, so it resolves the same `RunPlan`, and the
/// indices of its pairs in that plan: no scenario name (which may hold any character) passes
/// through a command line or a label.
enum InstructionCounting {
    /// The internal `bench run` option of the child process: the indices of the pairs it counts.
    static let childOption = "instruction-child"

    /// What to do without valgrind.
    static let installHint = "install valgrind to count instructions (Debian and Ubuntu: apt-get install valgrind; Fedora: dnf install valgrind)"

    /// The instruction counts of `pairs`, by pair and phase: `pairs` must be the pairs, in order,
    /// of the plan that `selection` (the selection options of `bench run`: `--suite F`,
    /// `--scenario N`, `--strategy S`, `--filter P`, `--steps K`…) resolves to. Each child runs
    /// `bench` (this executable, `ChildBench`, so it has the same strategies) under valgrind.
    /// - Throws: `BenchError.usage` when valgrind is not installed, `BenchError.input` when a
    ///   child fails or its profile cannot be read.
    static func count(selection: [String], pairs: [RunKey], bench: URL,
                      progress: ((String) -> Void)?) throws -> Counted {
        guard let valgrind = executable(named: "valgrind") else {
            throw BenchError.usage("valgrind is not installed; \(installHint).")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cornerbench-instructions-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let groups = split(Array(pairs.indices), into: max(1, min(ProcessInfo.processInfo.activeProcessorCount, pairs.count)))
        var children: [(process: Process, prefix: String, labels: String)] = []
        progress?("counting instructions under valgrind (\(groups.count) process(es))")
        for (index, group) in groups.enumerated() {
            let prefix = directory.appendingPathComponent("child-\(index)").path
            let labels = prefix + ".labels"
            _ = FileManager.default.createFile(atPath: labels, contents: nil)
            let process = Process()
            var arguments = ["--tool=callgrind", "--callgrind-out-file=\(prefix).out", "--log-file=\(prefix).log",
                             InstructionCount.dumpOption, "--dump-instr=no", "--compress-strings=no", "--compress-pos=no"]
                + model.valgrindOptions + [bench.path, "run"] + selection + ["--\(childOption)=" + group.map(String.init).joined(separator: ",")]
            if let setarch = executable(named: "setarch") {
                process.executableURL = setarch
                arguments = [machineName(), "-R", valgrind.path] + arguments
            } else {
                process.executableURL = valgrind
            }
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
            environment["GLIBC_TUNABLES"] = glibcTunables
            process.environment = environment
            process.standardOutput = FileHandle(forWritingAtPath: labels)
            do {
                try process.run()
            } catch {
                throw BenchError.output("cannot start valgrind: \(error.localizedDescription).")
            }
            children.append((process, prefix, labels))
        }
        var counted = Counted(counter: "\(valgrindVersion(valgrind)) callgrind", model: model)
        for child in children {
            child.process.waitUntilExit()
            guard child.process.terminationReason == .exit, child.process.terminationStatus == 0 else {
                let log = (try? String(contentsOfFile: child.prefix + ".log", encoding: .utf8)) ?? ""
                let tail = log.split(separator: "\n").suffix(5).joined(separator: "\n")
                throw BenchError.input("counting instructions failed (valgrind exit status \(child.process.terminationStatus))\(tail.isEmpty ? "" : ":\n" + tail)")
            }
            let labels = ((try? String(contentsOfFile: child.labels, encoding: .utf8)) ?? "").split(separator: "\n")
            for (dump, label) in labels.enumerated() where label != "warm-up" {
                let path = "\(child.prefix).out.\(dump + 1)"
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                    throw BenchError.input("callgrind wrote no profile '\(path)' for \(Escape.message(Int(label).flatMap { pairs.indices.contains($0) ? pairs[$0].description : nil } ?? String(label))).")
                }
                guard let index = Int(label), pairs.indices.contains(index) else {
                    throw BenchError.input("unexpected label '\(Escape.message(String(label)))' from the counting process.")
                }
                let profile = try CallgrindProfile(text: text[...])
                try check(profile, simulated: model, path: path)
                counted.instructions[pairs[index]] = profile.phaseCounts
                counted.cost[pairs[index]] = profile.phaseCacheEvents
            }
        }
        return counted
    }

    /// What the children counted: instructions and simulated cache events by pair and phase.
    struct Counted {
        /// What counted them (`valgrind-3.19.0 callgrind`).
        var counter: String
        /// The cache simulated.
        var model: CacheModel
        var instructions: [RunKey: [Phase: Int]] = [:]
        var cost: [RunKey: [Phase: CacheEvents]] = [:]
    }

    /// The cache every count simulates: the tool's, never the host's.
    static let model = CacheModel.standard

    /// The C library's string routines as every x86-64 host can run them. glibc picks `memset`
    /// and `memcpy` by the processor's features (AVX2, AVX-512, fast `rep movsb`) and its cache
    /// sizes (when to switch to `rep` or non-temporal stores), so the same build counted up to
    /// 7.6 % more or fewer instructions in a phase depending on what the host offers. The child
    /// masks the features above SSE2 and states the cache sizes as the model's, so every host
    /// runs the SSE2 routines with the same thresholds. Other C libraries ignore the variable.
    static let glibcTunables = "glibc.cpu.hwcaps=" + ["AVX", "AVX2", "AVX512F", "AVX512VL", "AVX512BW", "AVX512DQ", "ERMS", "FSRM",
                                                     "SSSE3", "SSE4_1", "SSE4_2", "BMI1", "BMI2", "LZCNT", "POPCNT", "MOVBE", "RTM"]
        .map { "-" + $0 }.joined(separator: ",")
        + ":glibc.cpu.x86_data_cache_size=\(model.l1d.sizeBytes):glibc.cpu.x86_shared_cache_size=\(model.ll.sizeBytes)"
        + ":glibc.cpu.x86_non_temporal_threshold=1099511627776"

    /// Throws unless `profile` simulated exactly `model`'s caches: valgrind falls back to the
    /// host's caches for a level it was not given, and a count under another cache is not ours.
    static func check(_ profile: CallgrindProfile, simulated model: CacheModel, path: String) throws {
        let expected = ["I1 cache": model.l1i, "D1 cache": model.l1d, "LL cache": model.ll].mapValues(\.valgrindDescription)
        guard profile.phaseCacheEvents != nil, profile.caches == expected else {
            let got = profile.caches.isEmpty ? "no cache simulation" : profile.caches.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: "; ")
            throw BenchError.input("callgrind's profile '\(path)' was not simulated with the tool's caches (\(Escape.message(got))).")
        }
    }

    /// `items` dealt round-robin into `count` groups, so each child gets a similar mix.
    static func split<Item>(_ items: [Item], into count: Int) -> [[Item]] {
        var groups = [[Item]](repeating: [], count: count)
        for (i, item) in items.enumerated() { groups[i % count].append(item) }
        return groups.filter { !$0.isEmpty }
    }

    /// The first executable called `name` on `PATH`.
    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The machine name `setarch` expects (`x86_64`).
    private static func machineName() -> String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// `valgrind --version`'s line (`valgrind-3.19.0`).
    private static func valgrindVersion(_ valgrind: URL) -> String {
        let process = Process()
        process.executableURL = valgrind
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "valgrind" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
