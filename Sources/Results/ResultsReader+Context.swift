import JSON
import Problems
import Scenarios

/// Where and how a results file was made: the tool, the machine, the provenance, the cache
/// model and the scenarios' definitions.
extension ResultsReader {
    static func toolBuild(_ item: JSONNode) throws -> ToolBuild {
        let f = try item.object("an object")
        return ToolBuild(version: try f.required("version", "a string").string(),
                         configuration: try f.required("configuration", "a string").string(),
                         optimized: try f.required("optimized", "true or false").bool(),
                         swift: try f.required("swift", "a string").string())
    }

    static func machineInfo(_ item: JSONNode) throws -> MachineInfo {
        let f = try item.object("an object")
        return MachineInfo(os: try f.required("os", "a string").string(),
                           cores: try f.required("cores", "an integer").integer(1...Results.maxValue, "an integer ≥ 1"),
                           cpu: try f.required("cpu", "a string").string())
    }

    static func cacheModel(_ item: JSONNode) throws -> CacheModel {
        let f = try item.object("an object (l1i, l1d, ll, formula)")
        func level(_ key: String) throws -> CacheModel.Level {
            let l = try f.required(key, "a cache level object").object("a cache level object (sizeBytes, associativity, lineBytes)")
            return CacheModel.Level(sizeBytes: try l.required("sizeBytes", "an integer").integer(1...Results.maxValue, "an integer ≥ 1"),
                                    associativity: try l.required("associativity", "an integer").integer(1...Results.maxValue, "an integer ≥ 1"),
                                    lineBytes: try l.required("lineBytes", "an integer").integer(1...Results.maxValue, "an integer ≥ 1"))
        }
        return CacheModel(l1i: try level("l1i"), l1d: try level("l1d"), ll: try level("ll"),
                          formula: try f.required("formula", "a string").string())
    }

    static func provenance(_ item: JSONNode) throws -> Provenance {
        let f = try item.object("an object")
        return Provenance(commandLine: try f.required("commandLine", "an array of strings").array().map { try $0.string() },
                          gitCommit: try f.optional("gitCommit")?.string(),
                          compiler: try f.required("compiler", "a string").string(),
                          target: try f.required("target", "a string").string(),
                          kernel: try f.required("kernel", "a string").string(),
                          memoryBytes: try f.required("memoryBytes", "an integer").count(),
                          host: try f.optional("host").map(host))
    }

    static func host(_ item: JSONNode) throws -> HostFingerprint {
        let f = try item.object("an object (cpu, cpuID, l1dBytes, l2Bytes, l3Bytes, transparentHugePages, storePath, blendLanes, mallocHugePages)")
        return HostFingerprint(cpu: try f.required("cpu", "a string").string(), cpuID: try f.required("cpuID", "a string").string(),
                               l1dBytes: try f.optional("l1dBytes")?.count(), l2Bytes: try f.optional("l2Bytes")?.count(),
                               l3Bytes: try f.optional("l3Bytes")?.count(),
                               transparentHugePages: try f.required("transparentHugePages", "a string").string(),
                               storePath: try f.optional("storePath")?.string(),
                               blendLanes: try f.optional("blendLanes")?.string(),
                               mallocHugePages: try f.optional("mallocHugePages")?.bool())
    }

    /// Each scenario's definition: typed fields (this version's, `ScenarioDefinition`) or prose
    /// (older files), each read by `RecordedDefinition(node:)`.
    static func scenarioDefinitions(_ item: JSONNode) throws -> [String: RecordedDefinition] {
        var out: [String: RecordedDefinition] = [:]
        for (key, value) in try item.object("an object of scenario definitions").members {
            out[key] = try RecordedDefinition(node: item.child(key, value))
        }
        return out
    }
}
