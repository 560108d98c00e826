import BenchCLI
import Foundation

// Output files are replaced only by rename(2), and the temporary file being written is removed
// here, so a run stopped at any moment has changed none of the outputs it had not finished: say
// which it had, and exit with the shell's 128 + signal number. The handler uses only
// async-signal-safe calls (see InterruptState).
InterruptState.prepare()
for signalNumber in [SIGINT, SIGTERM] {
    signal(signalNumber) { received in
        InterruptState.handleInterrupt()
        _exit(128 + received)
    }
}
// A closed pipe is then an error from write(2), reported after the output files are written,
// rather than a signal that ends the process before them.
signal(SIGPIPE, SIG_IGN)

let standardOutput = StandardStream(descriptor: 1)
let standardError = StandardStream(descriptor: 2)
var code = BenchCLI.main(Array(CommandLine.arguments.dropFirst()),
                         stdout: { standardOutput.write($0) }, stderr: { standardError.write($0) })
if let problem = standardOutput.failureMessage(name: "standard output") {
    standardError.write("Error: \(problem).\n")
    if code == 0 { code = 2 }
}
exit(code)
