import BenchCLI
import Foundation

// Output files are only ever written by rename(2) at the end of a command, so a run stopped at any
// moment has changed none of them: say so and exit with the shell's 128 + signal number. The
// handler uses only async-signal-safe calls (write, _exit) and static text.
for signalNumber in [SIGINT, SIGTERM] {
    signal(signalNumber) { received in
        // Erase a progress line first, when there is a terminal to show one.
        let clear: StaticString = "\r\u{1B}[K"
        if isatty(2) == 1 { _ = write(2, clear.utf8Start, clear.utf8CodeUnitCount) }
        let message: StaticString = "Interrupted; no output file was changed.\n"
        _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
        _exit(128 + received)
    }
}

let code = BenchCLI.main(Array(CommandLine.arguments.dropFirst()),
                         stdout: { FileHandle.standardOutput.write(Data($0.utf8)) },
                         stderr: { FileHandle.standardError.write(Data($0.utf8)) })
exit(code)
