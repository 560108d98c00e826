import Foundation
import Problems
import Reports
import Text

/// The gate's report appended to GitHub's step summary (GITHUB_STEP_SUMMARY), never into a file
/// the check reads or writes, nor into JSON.
extension CheckCommand {
    /// Appends the report to GITHUB_STEP_SUMMARY when it is set, on the baseline path and the
    /// limits-only path alike. The step summary is a copy for GitHub's page, not an output asked
    /// for on the command line: a summary that cannot be written must not turn the gate's verdict
    /// into exit 2, where CI would read a usage or file error instead of a regression (or a pass).
    func appendStepSummary(_ markdown: String, _ context: CommandContext) {
        guard let summary = CheckCommand.stepSummaryPath() else { return }
        do {
            // A path that is not UTF-8 names a file no String can: decoding it would put U+FFFD
            // where the bytes were, and name (and append to) another file.
            switch summary {
            case .notUTF8(let shown):
                throw BenchError.output(.stepSummary(path: shown, reason: .notUTF8))
            case .valid(let path):
                try CheckCommand.append(markdown, to: path, sparing: outputs.inputs + outputs.outputs.map { ("--" + $0.option, $0.path) })
            }
        } catch {
            context.stderr(Console.wrapped("Warning: \(Escape.terminal(String(describing: error))) The gate's verdict above stands.", indent: 2))
        }
    }

    /// GITHUB_STEP_SUMMARY's bytes as the environment holds them (Foundation's environment
    /// decodes them, lossily); nil when it is unset or empty.
    enum StepSummaryPath: Equatable {
        /// A path in UTF-8.
        case valid(String)
        /// A path that is not UTF-8, shown with each byte that is not as `\xFF`.
        case notUTF8(shown: String)
    }

    /// GITHUB_STEP_SUMMARY, read as bytes (`StepSummaryPath`).
    static func stepSummaryPath() -> StepSummaryPath? {
        guard let raw = getenv("GITHUB_STEP_SUMMARY") else { return nil }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
        guard !bytes.isEmpty else { return nil }
        if let path = String(validating: bytes, as: UTF8.self) { return .valid(path) }
        return .notUTF8(shown: Escape.bytes(bytes))
    }

    /// Appends `text` to the file at `path` (GitHub's step summary is append-only by design),
    /// unless that file is one of `files` (the command's inputs and outputs, compared by device
    /// and inode, so through links too) or holds JSON: Markdown appended to a baseline or a
    /// results file breaks it for the next command that reads it.
    /// - Throws: `BenchError.output` saying why nothing was appended.
    static func append(_ text: String, to path: String, sparing files: [(option: String, path: String)] = []) throws {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, 0o666)
        guard fd >= 0 else {
            throw BenchError.output(.stepSummary(path: path, reason: .appendFailed(errno)))
        }
        defer { close(fd) }
        // Checked on the file opened, not on its name, so no link or rename can slip past.
        var opened = stat()
        guard fstat(fd, &opened) == 0 else { throw BenchError.output(.stepSummary(path: path, reason: .unexamined(errno))) }
        for file in files {
            var info = stat()
            guard stat(file.path, &info) == 0, info.st_dev == opened.st_dev, info.st_ino == opened.st_ino else { continue }
            throw BenchError.output(.stepSummary(path: path, reason: .sameFile(option: file.option, path: file.path)))
        }
        if (opened.st_mode & S_IFMT) == S_IFREG, opened.st_size > 0, holdsJSON(path, opened) {
            throw BenchError.output(.stepSummary(path: path, reason: .holdsJSON))
        }
        try AtomicFile.writeAll(Data(text.utf8), to: fd) {
            BenchError.output(.stepSummary(path: path, reason: .appendFailed($0)))
        }
    }

    /// Whether the regular file at `path`, which must still be the file `opened` describes,
    /// starts with `{` or `[` after blanks: JSON, where a step summary is Markdown.
    private static func holdsJSON(_ path: String, _ opened: stat) -> Bool {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_dev == opened.st_dev, info.st_ino == opened.st_ino else { return false }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return false }
        let first = buffer[..<count].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}
