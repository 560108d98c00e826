import Problems
import Results

/// The files a command will write and read, checked together before any work starts (docs/cli.md,
/// "Output files"): each output writable now, none naming an input (a report written over its
/// baseline would destroy it) or another output, and no output option given twice. Paths compare
/// by what they finally name (device and inode; `-`, `/dev/stdout` and `/dev/fd/1` are one stream);
/// only `/dev/null` may take several outputs. `-` is standard output (`AtomicFile.standardOutput`),
/// which at most one output may take; a file called `-` is written as `./-`.
struct OutputPlan {
    /// Each output's option name (without dashes) and path.
    var outputs: [(option: String, path: String)] = []
    /// Each input's option name (or argument name) and path.
    var inputs: [(option: String, path: String)] = []

    /// The outputs among `options` given in `arguments`, and the inputs among `inputOptions`;
    /// `positionalInputs` names positional arguments that are input files.
    /// - Throws: `BenchError.usage` for an output option given more than once.
    init(_ arguments: ParsedArguments, outputs options: [String], inputs inputOptions: [String],
         positionalInputs: [String] = []) throws {
        for option in options {
            let values = arguments.allValues(option)
            if values.count > 1 {
                throw BenchError.usage(.outputGivenTwice(option: option, paths: values))
            }
            if let path = values.first { outputs.append((option, path)) }
        }
        for option in inputOptions { if let path = arguments.value(option) { inputs.append(("--" + option, path)) } }
        for (name, path) in zip(positionalInputs, arguments.arguments) { inputs.append(("the argument " + name, path)) }
        let toStandardOutput = outputs.filter { $0.path == AtomicFile.standardOutput }.map { "--" + $0.option }
        if toStandardOutput.count > 1 {
            throw BenchError.usage(.outputsToStandardOutput(flags: toStandardOutput))
        }
    }

    /// Whether an output goes to standard output (`-`): the command then writes what it would
    /// print for people to standard error, so that standard output holds that output alone.
    var usesStandardOutput: Bool { outputs.contains { $0.path == AtomicFile.standardOutput } }

    /// Checks the plan (see the type's doc).
    /// - Throws: `BenchError.usage` for an output over an input or over another output (two
    ///   outputs into one stream too: `-` and `/dev/stdout`); `BenchError.output` for an output
    ///   that cannot be written.
    func check() throws {
        var readers: [String: (option: String, path: String)] = [:]
        for input in inputs { readers[AtomicFile.identity(of: input.path)] = input }
        var writers: [String: (option: String, path: String)] = [:]
        for output in outputs {
            let identity = AtomicFile.outputIdentity(of: output.path)
            if output.path != AtomicFile.standardOutput, let input = readers[identity] {
                throw BenchError.usage(.outputOverInput(option: output.option, path: output.path, input: input.option, inputPath: input.path))
            }
            // Only what is thrown away may take several outputs: anywhere else, a second output
            // replaces the first or runs into it.
            if let other = writers[identity], !AtomicFile.discardsWrites(output.path) {
                let place: UsageProblem.SharedPlace = if let stream = Self.streamName(identity, paths: [other.path, output.path]) { .stream(stream) }
                    else if AtomicFile.isStream(output.path) { .device } else { .file }
                throw BenchError.usage(.outputsCollide(first: other.option, firstPath: other.path, second: output.option,
                                                       secondPath: output.path, place: place))
            }
            writers[identity] = output
        }
        for output in outputs { try AtomicFile.checkWritable(output.path) }
    }

    /// "standard output" or "standard error" when `identity` (`AtomicFile.outputIdentity`) is
    /// what descriptor 1 or 2 is open on; nil otherwise. When both descriptors are open on one
    /// file (a terminal, or `2>&1`), the stream is the one `paths` name (`/dev/stderr` and
    /// `/dev/fd/2` are standard error), or both when they name one each.
    private static func streamName(_ identity: String, paths: [String]) -> String? {
        let isOutput = identity == AtomicFile.outputIdentity(of: AtomicFile.standardOutput)
        let isError = identity == AtomicFile.outputIdentity(of: "/dev/stderr")
        guard isOutput && isError else { return isOutput ? "standard output" : isError ? "standard error" : nil }
        let named = Set(paths.map(standardDescriptor))
        if named == [2] { return "standard error" }
        if named == [1] { return "standard output" }
        return "standard output and standard error (one stream here)"
    }

    /// 1 or 2 when `path` names standard output or standard error by a name of the stream itself
    /// (`-`, `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`, and the same for 2); nil otherwise.
    private static func standardDescriptor(_ path: String) -> Int? {
        switch path {
        case AtomicFile.standardOutput, "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": 1
        case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": 2
        default: nil
        }
    }
}
