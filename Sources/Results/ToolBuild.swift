import Text

/// The build of bench that produced a result: a results file's `tool` (`Results.tool`, the same
/// JSON keys), which the gate, `bench compare` and `bench merge` name when two builds differ.
public struct ToolBuild: Encodable, Equatable, Sendable {
    /// CornerBench's version.
    public var version: String
    /// `debug` or `release`: how the package was built.
    public var configuration: String
    /// Whether the hot modules were optimized (they are in both configurations; see Package.swift).
    public var optimized: Bool
    /// The Swift compiler's version.
    public var swift: String

    /// The JSON keys, written by `Encodable` and read by `init(from:)`.
    enum CodingKeys: String, CodingKey {
        case version, configuration, optimized, swift
    }

    public init(version: String, configuration: String, optimized: Bool, swift: String) {
        self.version = version
        self.configuration = configuration
        self.optimized = optimized
        self.swift = swift
    }

    /// The build as notes and warnings name it: `release build (optimized)`.
    public var buildDescription: String {
        "\(Escape.message(configuration)) build (\(optimized ? "optimized" : "NOT optimized"))"
    }

    /// Every field in words, as `bench merge` tells two builds apart (`BuildIdentity.tool`, which
    /// escapes it): `1.0.0, release, optimized, Swift 6.3`.
    public var identity: String {
        "\(version), \(configuration), \(optimized ? "optimized" : "not optimized"), Swift \(swift)"
    }
}
