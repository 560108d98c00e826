import JSON

/// The build of a results file's `tool`, read by the type that writes it.
extension ToolBuild {
    /// The version, configuration, optimization and compiler of the bench that wrote the file.
    init(from item: JSONNode) throws {
        let f = try item.object("an object", keys: CodingKeys.self)
        self.init(version: try f.required(.version, "a string").string(),
                  configuration: try f.required(.configuration, "a string").string(),
                  optimized: try f.required(.optimized, "true or false").bool(),
                  swift: try f.required(.swift, "a string").string())
    }
}
