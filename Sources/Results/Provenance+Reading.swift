import JSON

/// Where a results file's numbers came from, read by the type that writes it.
extension Provenance {
    /// The command line, commit, toolchain and system, and the host's fingerprint when recorded.
    init(from item: JSONNode) throws {
        let f = try item.object("an object", keys: CodingKeys.self)
        self.init(commandLine: try f.required(.commandLine, "an array of strings").array().map { try $0.string() },
                  gitCommit: try f.optional(.gitCommit)?.string(),
                  compiler: try f.required(.compiler, "a string").string(),
                  target: try f.required(.target, "a string").string(),
                  kernel: try f.required(.kernel, "a string").string(),
                  memoryBytes: try f.required(.memoryBytes, "an integer").count(),
                  host: try f.optional(.host).map(HostFingerprint.init(from:)))
    }
}
