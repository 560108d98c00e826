import Foundation
import Harness
import Host
import Results
import Strategies
import Text

extension BenchCLI {
    /// Runs this process as `bench` — the built-in strategies plus `strategies` — with the
    /// process's arguments, and exits with its code: an executable's whole main, so a package's
    /// `main.swift` is `BenchCLI.main(strategies: [MyStrategy.self])` (docs/custom-strategies.md).
    ///
    /// A strategy whose name is taken or breaks the naming rule stops the program first (exit code
    /// 2); child processes run this executable again, so they have the same strategies. SIGINT and
    /// SIGTERM leave the outputs intact and exit with 128 + the signal, and a failed write to
    /// standard output (a closed pipe) is an error, not a death by SIGPIPE.
    public static func main(strategies: [any CornerStrategy.Type] = []) -> Never {
        // Before anything reads `CommandLine.arguments`, which has already replaced each byte
        // that is not UTF-8 with U+FFFD: a path would silently name another file.
        if let argument = invalidArgument(rawArguments()) {
            _ = "Error: The argument '\(argument)' is not valid UTF-8; bench reads arguments as UTF-8 only, and refuses this one rather than open a file of another name.\n"
                .utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
            exit(2)
        }
        // First of all, before a buffer is allocated: a timing command starts again with the
        // heap in huge pages where that takes a new process (HeapHugePages says why).
        if let environment = HeapHugePages.relaunchEnvironment(
            arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
            hugePageMode: HostFingerprint.currentHugePageMode) {
            HeapHugePages.relaunch(with: environment)
        }
        // Output files are replaced only by rename(2), and the temporary file being written is
        // removed here, so a run stopped at any moment has changed none of the outputs it had not
        // finished: say which it had, and exit with the shell's 128 + signal number. The handler
        // uses only async-signal-safe calls (see InterruptState). While child processes run, it
        // forwards the signal to them instead, and the main thread unwinds (removing the
        // temporary directories) and exits below. A child of another bench says nothing: its
        // parent speaks for both.
        InterruptState.prepare(quiet: ProcessInfo.processInfo.environment[ChildProcess.childEnvironmentKey] != nil)
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { received in
                if InterruptState.deferToMainThread(received) { return }
                InterruptState.handleInterrupt()
                _exit(128 + received)
            }
        }
        // A closed pipe is then an error from write(2), reported after the output files are
        // written, rather than a signal that ends the process before them.
        signal(SIGPIPE, SIG_IGN)
        // Likewise a file-size limit (`ulimit -f`): a write past it fails with EFBIG, reported as
        // "Cannot write …" with the temporary file removed, rather than SIGXFSZ ending the process.
        signal(SIGXFSZ, SIG_IGN)
        // A child ends with its parent, whatever ended the parent, once the handler is in place
        // to remove what the two leave in TMPDIR.
        let environment = ProcessInfo.processInfo.environment
        if let parent = environment[ChildProcess.childEnvironmentKey].flatMap({ pid_t($0) }), parent > 1,
           !InterruptState.watchParent(parent, directory: environment[ChildProcess.directoryEnvironmentKey]) {
            InterruptState.handleInterrupt()
            exit(128 + SIGTERM)
        }

        let standardOutput = StandardStream(descriptor: 1)
        let standardError = StandardStream(descriptor: 2)
        // After an interrupt the run's only message is the interrupt's, not the error it unwound by.
        var code = run(Array(CommandLine.arguments.dropFirst()), adding: strategies, executable: ChildBench.running,
                       stdout: { standardOutput.write($0) },
                       stderr: { if InterruptState.receivedSignal == nil { standardError.write($0) } },
                       stderrIsTerminal: isatty(2) == 1)
        if let signal = InterruptState.receivedSignal {
            InterruptState.handleInterrupt()
            exit(128 + signal)
        }
        if let problem = standardOutput.failureProblem {
            standardError.write("Error: \(problem)\n")
            if code == 0 { code = 2 }
        }
        exit(code)
    }

    /// The arguments as the process received them (without the program's name): bytes, which a
    /// file name on Linux is, before any decoding.
    static func rawArguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self),
                                             count: strlen(argument)))
        }
    }

    /// The first of `arguments` that is not valid UTF-8, for a message: its valid text as it is,
    /// each byte of an invalid sequence as `\xFF`, shortened and escaped as every quoted name is
    /// (`Escape.message`); nil when every argument is valid.
    static func invalidArgument(_ arguments: [[UInt8]]) -> String? {
        for bytes in arguments {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var shown = "", valid = true, offset = 0
            parsing: while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded):
                    shown.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                    offset += encoded.count
                case .error(let length):
                    valid = false
                    for byte in bytes[offset..<offset + length] { shown += "\\x" + String(byte, radix: 16, uppercase: true) }
                    offset += length
                case .emptyInput:
                    break parsing
                }
            }
            if !valid { return Escape.message(shown) }
        }
        return nil
    }

    /// `main(strategies:)` without the process around it: makes the catalogue of the built-in
    /// strategies and `strategies` — or reports why it cannot, exit code 2 — and runs `bench`.
    static func run(_ arguments: [String], adding strategies: [any CornerStrategy.Type], executable: URL?,
                    stdout: (String) -> Void, stderr: (String) -> Void, stderrIsTerminal: Bool) -> Int32 {
        let catalog: StrategyCatalog
        do {
            catalog = try StrategyCatalog(adding: strategies)
        } catch {
            // A mistake in the program, not in its arguments: no usage line, which would not help.
            let sentence = Escape.terminal("\(error)")
            stderr("Error: " + sentence.prefix(1).uppercased() + sentence.dropFirst() + ".\n")
            return 2
        }
        return run(arguments, catalog: catalog, executable: executable, stdout: stdout, stderr: stderr,
                   stderrIsTerminal: stderrIsTerminal)
    }
}
