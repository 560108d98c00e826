import Problems

extension ToolInfo {
    /// The build as problems name it (`IncomparableResults`, `BuildIdentity`).
    public var build: ToolBuild {
        ToolBuild(version: version, configuration: configuration, optimized: optimized, swift: swift)
    }
}

extension IncomparableResults {
    /// `.otherBuild` of the tools that made a baseline and this run.
    public static func otherBuild(baseline: ToolInfo, current: ToolInfo) -> IncomparableResults {
        .otherBuild(baseline: baseline.build, current: current.build)
    }
}
