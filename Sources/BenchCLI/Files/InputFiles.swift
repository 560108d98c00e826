import Foundation
import Problems
import Results
import ScenarioFiles

/// The input files of a command's scenario options (`--scenario-file`, `--suite`, `--cell`),
/// read once, when the command is parsed: everything that decodes them decodes these bytes, and a
/// child process (`--processes`, `--instructions`) is handed a copy of them in its temporary
/// directory, never the path given. A FIFO or a process substitution (`<(cat c.json)`,
/// `/dev/fd/63`) can be read only once: a child reading it again would wait forever for a
/// writer, or find it closed and blame a good file.
struct InputFiles {
    /// One file read: its option (without dashes), the path as given, and its bytes.
    struct File {
        var option: String
        var path: String
        var bytes: [UInt8]
    }

    /// The options read, in `options`' order.
    static let options = ["scenario-file", "suite", "cell", "gpu-profile"]

    /// The files read, in `options`' order.
    private(set) var files: [File] = []

    /// No files.
    init() {}

    /// Reads the files `arguments` give to `options` (each one once).
    /// - Throws: `BenchError.input` for a file that cannot be read or is too large.
    init(_ arguments: ParsedArguments, options: [String] = InputFiles.options) throws {
        for option in options {
            guard let path = arguments.value(option) else { continue }
            files.append(File(option: option, path: path, bytes: try ScenarioFile.read(path, kind: option == "cell" ? .cell : .scenario)))
        }
    }

    /// The file given to `option`, when one was.
    subscript(option: String) -> File? { files.first { $0.option == option } }

    /// Writes the copy `bytes` at `path`, a new file in the command's own temporary directory:
    /// not an output, so neither replaced atomically nor named by an interrupt's message ("no
    /// output file was changed" stays true), and removed with the directory.
    /// - Throws: `BenchError.output` when it cannot be written (TMPDIR full).
    private static func writeCopy(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BenchError.output(.cannotWrite(path: path, reason: .system(errno))) }
        do {
            try AtomicFile.writeAll(Data(bytes), to: fd) { BenchError.output(.cannotWrite(path: path, reason: .system($0))) }
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw BenchError.output(.cannotWrite(path: path, reason: .system(errno))) }
    }

    /// The arguments that give a child each file as a copy (`--cell=COPY`), written under
    /// `directory` in a folder named after the option and under the file's own last name, so a
    /// cell keeps its name in the child (the scenario is named after the cell file's name).
    /// - Throws: `BenchError.output` when a copy cannot be written (TMPDIR full).
    func childArguments(in directory: ChildDirectory) throws -> [String] {
        try files.map { file in
            let folder = directory.file("input-" + file.option)
            if mkdir(folder, 0o700) != 0 && errno != EEXIST {
                throw BenchError.output(.cannotWrite(path: folder, reason: .system(errno)))
            }
            let name = URL(fileURLWithPath: file.path).lastPathComponent
            let copy = folder + "/" + (name.isEmpty || name == "/" ? "input.json" : name)
            try Self.writeCopy(file.bytes, to: copy)
            return "--\(file.option)=\(copy)"
        }
    }
}
