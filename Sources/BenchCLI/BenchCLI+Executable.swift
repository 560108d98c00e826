import Foundation
import Harness
import Results
import Strategies

extension BenchCLI {
    /// Runs this process as `bench` — the built-in strategies plus `strategies` — with the
    /// process's arguments, and exits with its code: the whole main of an executable.
    ///
    /// A package that writes its own strategies gets the complete command line with them by an
    /// executable target whose `main.swift` is one line (docs/custom-strategies.md):
    ///
    ///     BenchCLI.main(strategies: [MyStrategy.self])
    ///
    /// A strategy whose name is taken (by a built-in or by another of `strategies`) or breaks the
    /// naming rule stops the program before it does anything else, with an error and exit code 2.
    /// `--processes` and `--instructions` start this same executable again, so the child
    /// processes have the same strategies.
    ///
    /// It also installs the handlers that make an interrupted run leave its outputs intact
    /// (SIGINT and SIGTERM exit with 128 + the signal), and reports a failure to write standard
    /// output (a closed pipe) as an error rather than dying of SIGPIPE.
    public static func main(strategies: [any CornerStrategy.Type] = []) -> Never {
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
        if let problem = standardOutput.failureMessage(name: "standard output") {
            standardError.write("Error: \(problem).\n")
            if code == 0 { code = 2 }
        }
        exit(code)
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
