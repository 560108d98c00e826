import Foundation
import Results

extension Provenance {
    /// This process: `commandLine` as given, the git commit of the working directory, this build's
    /// compiler and target, and this machine's kernel and memory.
    public static func current(commandLine: [String]) -> Provenance {
        var name = utsname()
        uname(&name)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let kernel = "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
        return Provenance(commandLine: commandLine, gitCommit: gitCommit(from: FileManager.default.currentDirectoryPath),
                          compiler: CornerBench.compilerVersion, target: targetTriple, kernel: kernel,
                          memoryBytes: Int(clamping: ProcessInfo.processInfo.physicalMemory), host: .current)
    }

    /// The commit `HEAD` names in the repository containing `directory`, read from the `.git`
    /// files (no `git` process); nil outside a repository or when it cannot be read.
    public static func gitCommit(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let git = url.appendingPathComponent(".git")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: git.path, isDirectory: &isDirectory) {
                var gitDir = git
                if !isDirectory.boolValue {
                    // A worktree or submodule: ".git" is a file saying "gitdir: <path>".
                    guard let text = try? String(contentsOf: git, encoding: .utf8), text.hasPrefix("gitdir: ") else { return nil }
                    let path = text.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines)
                    gitDir = URL(fileURLWithPath: path, relativeTo: url).standardizedFileURL
                }
                return resolveHead(in: gitDir)
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
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
