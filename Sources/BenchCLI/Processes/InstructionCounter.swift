#if canImport(Glibc)
import Glibc
#endif
import Problems
import Text
import Foundation
import Callgrind
import Harness
import Results
import Strategies

/// The parent side of counting under valgrind (the child is Callgrind's `CountedPairs`): counts the
/// instructions of each phase by running `bench` again under valgrind's callgrind, starting the
/// children and reading their profiles: each (scenario, strategy) pair alone between two callgrind dumps (`CountedPairs.measure`),
/// with deterministic hashing and address randomisation off (`setarch -R`), so the same code
/// counts the same. The pairs are dealt between as many children as there are cores; a child gets
/// the parent's selection options and its pairs' indices in the resulting `RunPlan`, so no scenario
/// name (which may hold any character) passes through a command line or a label.
enum InstructionCounter {
    /// The internal `bench run` option of the child process: the indices of the pairs it counts.
    static let childOption = "instruction-child"

    /// `childOption` in `bench run`'s table: internal, so help leaves it out.
    static let childOptionSpec = OptionSpec(name: childOption, valueName: "pairs", arity: .multiple,
                                            help: "Run these pairs (by index) alone between callgrind dumps (bench runs this under valgrind).",
                                            isInternal: true)

    /// The instruction counts of `pairs` (the pairs, in order, of the plan that `selection`, the
    /// selection options of `bench run`, resolves to), by pair and phase. The children run this
    /// executable (`ChildBench`) under valgrind in `bench`'s process group, so an interrupt stops
    /// them too; `notice` hears of leftovers of interrupted runs removed.
    /// - Throws: `BenchError.usage` without valgrind; `BenchError.resource` when descriptors or
    ///   temporary space run out, a child cannot start or is killed, or a pair gets no counts;
    ///   `BenchError.input` when a child fails or writes what it should not.
    /// `inputs` are handed to every child as copies in its directory (`InputFiles`).
    static func count(selection: [String], inputs: InputFiles = InputFiles(), pairs: [RunKey], bench: URL,
                      progress: ((String) -> Void)?, notice: (String) -> Void) throws -> Counted {
        guard let valgrind = executable(named: "valgrind") else {
            throw BenchError.usage(.valgrindMissing(option: nil))
        }
        try ChildProcess.checkDescriptors(for: "--instructions", need: .valgrind)
        return try InterruptState.whileChildrenRun {
            let directory = try ChildDirectory(kind: "instructions", for: "--instructions", notice: notice)
            defer { directory.remove() }
            let counter = "\(valgrindVersion(valgrind, in: directory)) callgrind"
            let selection = selection + (try inputs.childArguments(in: directory))
            let groups = split(Array(pairs.indices), into: max(1, min(ProcessInfo.processInfo.activeProcessorCount, pairs.count,
                                                                     InterruptState.childCapacity)))
            progress?("counting instructions under valgrind (\(groups.count) process(es))")
            var environment = ProcessInfo.processInfo.environment
            environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
            environment["GLIBC_TUNABLES"] = glibcTunables
            let setarch = executable(named: "setarch")
            var children: [(process: ChildProcess, prefix: String, group: [Int])] = []
            var running = Set<pid_t>()
            // Whatever ends the counting early, no child outlives it (nor its directory).
            defer {
                for child in children where running.contains(child.process.pid) {
                    kill(child.process.pid, SIGKILL)
                    child.process.wait()
                }
            }
            for (index, group) in groups.enumerated() {
                let prefix = directory.file("child-\(index)")
                let arguments = ["--tool=callgrind", "--callgrind-out-file=\(prefix).out", "--log-file=\(prefix).log", "--vgdb=no",
                                 CountedPairs.dumpOption, "--dump-instr=no", "--compress-strings=no", "--compress-pos=no"]
                    + model.valgrindOptions + [bench.path, "run"] + selection
                    + ["--\(childOption)=" + group.map(String.init).joined(separator: ",")]
                let process = try ChildProcess("the counting process \(index + 1) of \(groups.count) (valgrind)",
                                               executable: setarch?.path ?? valgrind.path,
                                               arguments: setarch == nil ? arguments : [machineName(), "-R", valgrind.path] + arguments,
                                               environment: environment, standardOutput: prefix + ".labels", directory: directory)
                running.insert(process.pid)
                children.append((process, prefix, group))
            }
            var counted = Counted(counter: counter, model: model)
            var missing: [(key: RunKey, why: ResourceProblem.MissingCount)] = []
            for child in children {
                // Reaped by the wait below whatever it finds, so the `defer` must not signal it.
                running.remove(child.process.pid)
                try child.process.waitForSuccess { status in
                    let log = (try? String(contentsOfFile: child.prefix + ".log", encoding: .utf8)) ?? ""
                    let tail = log.split(separator: "\n").suffix(5).joined(separator: "\n")
                    return BenchError.input(.childFailed(child: child.process.name, status: status, error: .logTail(tail)))
                }
                let labels = (try? String(contentsOfFile: child.prefix + ".labels", encoding: .utf8)) ?? ""
                let read = try readDumps(labels: labels, group: child.group, prefix: child.prefix, from: child.process.name)
                for (index, profile) in read.profiles {
                    counted.instructions[pairs[index]] = profile.phaseCounts
                    counted.cost[pairs[index]] = profile.phaseCacheEvents
                }
                missing += read.missing.map { (pairs[$0.index], $0.why) }
            }
            guard missing.isEmpty else {
                throw BenchError.resource(.instructionsMissing(missing: missing.map(\.key.description), pairs: pairs.count,
                                                               reason: directory.spaceShortage() ?? missing[0].why))
            }
            return counted
        }
    }

    /// The profiles one counting child wrote, by index of the pair in the plan, and the pairs of
    /// its `group` it left without one (with the reason). `labels` is the child's standard
    /// output, which must be exactly `warm-up` and the pair's index for each pair of `group`, in
    /// order: one line per callgrind dump (`prefix.out.N`). A line that is neither is output
    /// the child should not have made, reported as such without taking it for a name.
    /// - Throws: `BenchError.input` for unexpected output or a dump that is not a callgrind
    ///   profile of the tool's cache.
    static func readDumps(labels: String, group: [Int], prefix: String, from name: String) throws
        -> (profiles: [(index: Int, profile: CallgrindProfile)], missing: [(index: Int, why: ResourceProblem.MissingCount)]) {
        let lines = labels.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = group.flatMap { ["warm-up", String($0)] }
        let written = lines.last == "" ? lines.dropLast() : lines[...]
        for (k, line) in written.enumerated() where k >= expected.count || line != expected[k] {
            throw BenchError.input(.unexpectedChildOutput(child: name, line: String(line)))
        }
        var profiles: [(index: Int, profile: CallgrindProfile)] = []
        var missing: [(index: Int, why: ResourceProblem.MissingCount)] = []
        for (position, index) in group.enumerated() {
            let dump = 2 * position + 2
            guard dump <= written.count else {
                missing.append((index, written.isEmpty ? .noLabels(child: name) : .labelsStopped(child: name)))
                continue
            }
            let path = "\(prefix).out.\(dump)"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8), !text.isEmpty else {
                missing.append((index, .noProfile))
                continue
            }
            let profile = try CallgrindProfile(text: text[...])
            try check(profile, simulated: model, path: path)
            profiles.append((index, profile))
        }
        return (profiles, missing)
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
            throw BenchError.input(.foreignCacheSimulation(path: path, caches: profile.caches))
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

    /// `valgrind --version`'s line (`valgrind-3.19.0`), written to a file in `directory`.
    private static func valgrindVersion(_ valgrind: URL, in directory: ChildDirectory) -> String {
        let output = directory.file("version")
        guard let process = try? ChildProcess("valgrind --version", executable: valgrind.path, arguments: ["--version"],
                                              environment: ProcessInfo.processInfo.environment, standardOutput: output),
              process.wait() == .exited(0),
              let text = try? String(contentsOfFile: output, encoding: .utf8) else { return "valgrind" }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: - The child

    /// The pairs a counting child was given with `childOption`, as indices into `plan.keys`; nil
    /// in any other process.
    /// - Throws: `BenchError.usage` for an index that is not one of the plan's pairs.
    static func childPairs(_ arguments: ParsedArguments, of plan: RunPlan) throws -> [Int]? {
        let given = arguments.allValues(childOption)
        guard !given.isEmpty else { return nil }
        let count = plan.keys.count
        return try given.map { text in
            guard let index = Int(text), (0..<count).contains(index) else {
                throw BenchError.usage(.notAPairIndex(option: childOption, value: text, count: count))
            }
            return index
        }
    }

    /// The counting child's whole run, under valgrind: each of `pairs` (indices into
    /// `plan.keys`) alone between two callgrind dumps, labelled with its index on standard output
    /// (`CountedPairs.measure`), which `readDumps` reads back in the parent.
    static func runChild(pairs indices: [Int], of plan: RunPlan, steps: Int?, catalog: StrategyCatalog) throws {
        let pairs = plan.items.flatMap { item in item.strategies.map { (scenario: item.scenario, strategy: $0) } }
        try CountedPairs.measure(indices.map { (String($0), pairs[$0].scenario, pairs[$0].strategy) }, steps: steps,
                                     catalog: catalog)
    }
}
