/// The build of bench that produced a result: a results file's `tool` (`Results.tool`, the same
/// JSON keys), and the build problems name when two results do not compare.
public struct ToolBuild: Encodable, Equatable, Sendable {
    /// CornerBench's version.
    public var version: String
    /// `debug` or `release`: how the package was built.
    public var configuration: String
    /// Whether the hot modules were optimized (they are in both configurations; see Package.swift).
    public var optimized: Bool
    /// The Swift compiler's version.
    public var swift: String

    public init(version: String, configuration: String, optimized: Bool, swift: String) {
        self.version = version
        self.configuration = configuration
        self.optimized = optimized
        self.swift = swift
    }
}
