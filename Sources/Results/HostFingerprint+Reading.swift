import JSON

/// A host's fingerprint, read by the type that writes it.
extension HostFingerprint {
    /// The processor, its caches and the page and kernel choices; the fields later versions added
    /// are optional.
    init(from item: JSONNode) throws {
        let f = try item.object("an object (cpu, cpuID, l1dBytes, l2Bytes, l3Bytes, transparentHugePages, storePath, blendLanes, mallocHugePages)", keys: CodingKeys.self)
        self.init(cpu: try f.required(.cpu, "a string").string(), cpuID: try f.required(.cpuID, "a string").string(),
                  l1dBytes: try f.optional(.l1dBytes)?.count(), l2Bytes: try f.optional(.l2Bytes)?.count(),
                  l3Bytes: try f.optional(.l3Bytes)?.count(),
                  transparentHugePages: try f.required(.transparentHugePages, "a string").string(),
                  storePath: try f.optional(.storePath)?.string(),
                  blendLanes: try f.optional(.blendLanes)?.string(),
                  mallocHugePages: try f.optional(.mallocHugePages)?.bool())
    }
}
