#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Text

/// An output that could not be written, with the values it is about; `description` is its one
/// sentence, written here once per kind of failure rather than at each place that finds one.
public enum OutputProblem: Equatable, Sendable, CustomStringConvertible {
    /// The file at `path` (as the user gave it, shown as is) could not be written, for `reason`.
    case cannotWrite(path: String, reason: WriteFailure)
    /// `bench check`'s report was not appended to the GITHUB_STEP_SUMMARY file at `path`.
    case stepSummary(path: String, reason: StepSummaryRefusal)
    /// The `subject` ("results", "listing") could not be encoded as JSON; `error` is the encoder's.
    case cannotEncodeJSON(subject: String, error: String)
    /// Writing several outputs failed with `failure` after the files `replaced` (their paths as
    /// shown) were already replaced; the others were left as they were.
    indirect case partlyReplaced(failure: BenchError, replaced: [String])
    /// A write to the standard stream on `descriptor` (1, 2) failed with this `errno` `code`.
    case streamWriteFailed(descriptor: Int32, code: Int32)

    /// Why `bench check` appended nothing to the GITHUB_STEP_SUMMARY file; `description`
    /// continues the sentence after the file's name.
    public enum StepSummaryRefusal: Equatable, Sendable, CustomStringConvertible {
        /// Opening or writing the file failed with this `errno`.
        case appendFailed(Int32)
        /// The opened file could not be examined (`fstat`) for this `errno`.
        case unexamined(Int32)
        /// The file is the command's `option` (an input or output) at `path`.
        case sameFile(option: String, path: String)
        /// The file holds JSON, which Markdown appended to it would break.
        case holdsJSON
        /// The path is not valid UTF-8, so it cannot be told from the file its decoding names.
        case notUTF8

        public var description: String {
            switch self {
            case .appendFailed(let code), .unexamined(let code): BenchError.systemReason(code)
            case .sameFile(let option, let path): "it is the same file as \(option) '\(Escape.message(path))'"
            case .holdsJSON: "it holds JSON (a results, scenario or suite file?), which Markdown appended to it would break"
            case .notUTF8: "its path is not valid UTF-8 (bytes shown as \\xFF); give GITHUB_STEP_SUMMARY a UTF-8 path"
            }
        }
    }



    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)."
        case .stepSummary(let path, .appendFailed(let code)):
            "could not append the report to the GITHUB_STEP_SUMMARY file '\(Escape.message(path))': \(BenchError.systemReason(code))."
        case .stepSummary(let path, let reason):
            "the report was not appended to the GITHUB_STEP_SUMMARY file '\(Escape.message(path))': \(reason)."
        case .cannotEncodeJSON(let subject, let error): "cannot encode the \(subject) as JSON: \(error)."
        case .partlyReplaced(let failure, let replaced):
            Self.partlyReplaced(failure.description, replaced: replaced.map { "'\($0)'" })
        case .streamWriteFailed(let descriptor, let code):
            "could not write to \(descriptor == 1 ? "standard output" : descriptor == 2 ? "standard error" : "descriptor \(descriptor)"): \(BenchError.systemReason(code))."
        }
    }
}

extension OutputProblem {
    /// `failure`'s sentence continued with the files `replaced` (quoted) before it.
    private static func partlyReplaced(_ failure: String, replaced: [String]) -> String {
        let sentence = failure.hasSuffix(".") ? String(failure.dropLast()) : failure
        return sentence + "; " + Format.list(replaced) + (replaced.count == 1 ? " was" : " were") + " already replaced, and the other outputs left as they were."
    }
}

/// Why an output file could not be written; `description` continues "cannot write 'PATH': ".
public enum WriteFailure: Equatable, Sendable, CustomStringConvertible {
    /// The path is the empty string.
    case emptyPath
    /// The path is a directory (or ends in `/`, `.` or `..`).
    case directory
    /// The path is a block device, which bench does not write.
    case blockDevice
    /// The path is a socket or another file that is neither regular, a device nor a pipe.
    case specialFile
    /// The path is a symbolic link whose target does not exist.
    case danglingLink
    /// The existing file refuses a write open (chattr +i or +a), found before the run.
    case immutable
    /// The existing file could not be replaced though its directory is writable.
    case notReplaceable
    /// The current directory was deleted.
    case currentDirectoryGone
    /// The directory the file goes in does not exist.
    case missingDirectory(String)
    /// A component of the directory's path is not a directory.
    case notADirectory(String)
    /// The directory the file goes in is not writable.
    case permissionDenied(directory: String)
    /// The file's name is too long.
    case nameTooLong
    /// The file would be larger than the file-size limit of `bytes` bytes (`ulimit -f`, in
    /// 1,024-byte blocks) that this process runs under.
    case fileSizeLimit(bytes: UInt64)
    /// Any other failed system call, by its `errno`, in the C library's words.
    case system(Int32)

    public var description: String {
        switch self {
        case .emptyPath: "the path is empty"
        case .directory: "it is a directory"
        case .blockDevice: "it is a block device; bench writes only files, character devices and pipes"
        case .specialFile: "it is a socket or another special file"
        case .danglingLink: "it is a symbolic link to a file that does not exist"
        case .immutable: "the file is immutable or append-only (see lsattr)"
        case .notReplaceable: "the file cannot be replaced (is it immutable? see lsattr)"
        case .currentDirectoryGone: "the current directory no longer exists (it was deleted)"
        case .missingDirectory(let directory): "the directory '\(directory)' does not exist"
        case .notADirectory(let directory): "a component of '\(directory)' is not a directory"
        case .permissionDenied(let directory): "permission denied (the directory '\(directory)' is not writable)"
        case .nameTooLong: "the name is too long"
        case .fileSizeLimit(let bytes):
            "it would be larger than the file-size limit of \(Format.grouped(Int(clamping: bytes))) bytes (ulimit -f \(Format.grouped(Int(clamping: bytes / 1024)))); raise the limit or write a smaller output"
        case .system(let code): BenchError.systemReason(code)
        }
    }
}
