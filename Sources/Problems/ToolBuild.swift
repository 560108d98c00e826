/// A build of bench as problems name it: the values of a results file's `tool` (Results'
/// `ToolInfo`, whose `build` makes one).
public struct ToolBuild: Equatable, Sendable {
    /// CornerBench's version.
    public var version: String
    /// `debug` or `release`.
    public var configuration: String
    /// Whether the hot modules were optimized.
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
