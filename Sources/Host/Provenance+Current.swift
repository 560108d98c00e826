import Foundation
import Raster
import Results

extension Provenance {
    /// This process: `commandLine` as given, the git commit of the working directory (absent when
    /// the directory has no absolute path: deleted, or deeper than `PATH_MAX`), this build's
    /// compiler and target, and this machine's kernel and memory, its host timing on `kernels`.
    public static func current(commandLine: [String], kernels: KernelChoice) -> Provenance {
        var name = utsname()
        uname(&name)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let kernel = "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
        return Provenance(commandLine: commandLine, gitCommit: workingDirectory.flatMap(gitCommit(from:)),
                          compiler: CornerBench.compilerVersion, target: targetTriple, kernel: kernel,
                          memoryBytes: Int(clamping: ProcessInfo.processInfo.physicalMemory), host: .current(kernels: kernels))
    }

    /// The absolute path of the working directory, from getcwd(3); nil when it has none — it was
    /// deleted (Linux then answers "(unreachable)/…" or fails) or its path is longer than
    /// `PATH_MAX` — so that no search for `.git` starts from a path that is not one.
    static var workingDirectory: String? {
        guard let buffer = getcwd(nil, 0) else { return nil }
        defer { free(buffer) }
        let path = String(cString: buffer)
        return path.hasPrefix("/") ? path : nil
    }

    /// The commit `HEAD` names in the repository containing `directory`, read from the `.git`
    /// files (no `git` process); nil outside a repository, when it cannot be read, or when
    /// `directory` is not an absolute path. The search goes up one component at a time and ends
    /// at `/`, so it ends for any input.
    public static func gitCommit(from directory: String) -> String? {
        guard directory.hasPrefix("/") else { return nil }
        var components = URL(fileURLWithPath: directory).standardizedFileURL.path.split(separator: "/").map(String.init)
        while true {
            let path = "/" + components.map { $0 + "/" }.joined()
            let git = URL(fileURLWithPath: path + ".git")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: git.path, isDirectory: &isDirectory) {
                var gitDir = git
                if !isDirectory.boolValue {
                    // A worktree or submodule: ".git" is a file saying "gitdir: <path>".
                    guard let text = try? String(contentsOf: git, encoding: .utf8), text.hasPrefix("gitdir: ") else { return nil }
                    let target = text.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines)
                    gitDir = URL(fileURLWithPath: target, relativeTo: URL(fileURLWithPath: path, isDirectory: true)).standardizedFileURL
                }
                return resolveHead(in: gitDir)
            }
            guard !components.isEmpty else { return nil }
            components.removeLast()
        }
    }

    private static func resolveHead(in gitDir: URL) -> String? {
        guard let head = try? String(contentsOf: gitDir.appendingPathComponent("HEAD"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        guard head.hasPrefix("ref: ") else { return isCommit(head) ? head : nil }
        let ref = String(head.dropFirst(5))
        if let loose = try? String(contentsOf: gitDir.appendingPathComponent(ref), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines), isCommit(loose) {
            return loose
        }
        // A packed ref: "<sha> <ref>" lines.
        guard let packed = try? String(contentsOf: gitDir.appendingPathComponent("packed-refs"), encoding: .utf8) else { return nil }
        for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
            let sha = String(line.prefix { $0 != " " })
            if isCommit(sha) { return sha }
        }
        return nil
    }

    private static func isCommit(_ text: String) -> Bool {
        (text.count == 40 || text.count == 64) && text.allSatisfy(\.isHexDigit)
    }

    /// The target triple this build is for.
    static var targetTriple: String {
        #if arch(x86_64)
        let arch = "x86_64"
        #elseif arch(arm64)
        let arch = "aarch64"
        #else
        let arch = "unknown"
        #endif
        #if os(Linux) && canImport(Glibc)
        return arch + "-unknown-linux-gnu"
        #elseif os(Linux)
        return arch + "-unknown-linux"
        #elseif os(macOS)
        return (arch == "aarch64" ? "arm64" : arch) + "-apple-macosx"
        #else
        return arch + "-unknown"
        #endif
    }
}
