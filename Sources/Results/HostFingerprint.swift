/// What makes two machines the same kind of host for timing: the processor and the caches and
/// page mode that decide how fast a frame's memory moves. Host times are compared (and gated)
/// only between runs whose fingerprints are equal; counters, pictures, instructions and
/// simulated costs compare on any host.
public struct HostFingerprint: Encodable, Equatable, Sendable {
    /// The processor's model name (`AMD EPYC`, `Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz`).
    public var cpu: String
    /// Vendor, family, model and stepping as the kernel reports them (`AuthenticAMD 25/17/1`):
    /// a virtual machine's model name can hide the generation, these do not.
    public var cpuID: String
    /// Cache sizes of the first core, bytes; nil where the system does not say.
    public var l1dBytes: Int?
    public var l2Bytes: Int?
    public var l3Bytes: Int?
    /// The transparent huge page mode (`always`, `madvise`, `never`): it decides whether a
    /// framebuffer is mapped with 2 MB pages, which changes the cost of touching it.
    public var transparentHugePages: String
    /// How the kernels stored fills and copies (`string`, `vector`: Raster's `StoreKernel`), as the
    /// run chose by timing both at start-up; nil in files from before the choice was recorded.
    /// The same machine with another choice runs other instructions, so it is another host.
    public var storePath: String?
    /// How wide the blend kernels' lanes were (`portable`, `wide`: Raster's `BlendLanes`), as the
    /// run chose by timing both at start-up; nil in files from before it was recorded. Another
    /// choice on the same machine is another host, as for `storePath`.
    public var blendLanes: String?
    /// Whether the C library's `malloc` mapped its heap in 2 MiB pages (glibc's tunable
    /// `glibc.malloc.hugetlb`, which `bench` sets for the commands that time where transparent
    /// huge pages are given on request); nil in files from before it was recorded. The buffers a
    /// frame reads then cost fewer page walks, so another setting is another host.
    public var mallocHugePages: Bool?

    /// The tunable in `GLIBC_TUNABLES` that `mallocHugePages` reports.
    public static let mallocHugePagesTunable = "glibc.malloc.hugetlb"

    public init(cpu: String, cpuID: String, l1dBytes: Int?, l2Bytes: Int?, l3Bytes: Int?, transparentHugePages: String,
                storePath: String? = nil, blendLanes: String? = nil, mallocHugePages: Bool? = nil) {
        self.cpu = cpu
        self.cpuID = cpuID
        self.l1dBytes = l1dBytes
        self.l2Bytes = l2Bytes
        self.l3Bytes = l3Bytes
        self.transparentHugePages = transparentHugePages
        self.storePath = storePath
        self.blendLanes = blendLanes
        self.mallocHugePages = mallocHugePages
    }

    /// The keys a results file writes, and the ones its reader (`HostFingerprint+Reading.swift`) looks up.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case cpu, cpuID, l1dBytes, l2Bytes, l3Bytes, transparentHugePages, storePath, blendLanes, mallocHugePages
    }

    /// Whether `GLIBC_TUNABLES` in `environment` asks glibc's `malloc` for huge pages (the
    /// tunable set to 1, transparent huge pages, or 2, reserved ones).
    public static func mallocHugePages(in environment: [String: String]) -> Bool {
        (environment["GLIBC_TUNABLES"] ?? "").split(separator: ":")
            .contains { $0 == "\(mallocHugePagesTunable)=1" || $0 == "\(mallocHugePagesTunable)=2" }
    }

    /// What differs from `other`, field by field (`blend lanes wide → portable; heap in huge pages
    /// yes → no`), so a message about two kinds of host says what makes them two: their
    /// summaries can agree for as long as a message shows of them. Empty when they are equal.
    public func differences(to other: HostFingerprint) -> String {
        func text(_ value: String?) -> String { value ?? "unrecorded" }
        func yesNo(_ value: Bool?) -> String? { value.map { $0 ? "yes" : "no" } }
        let fields: [(String, String?, String?)] = [
            ("processor", cpu, other.cpu), ("processor id", cpuID, other.cpuID),
            ("L1d", l1dBytes.map(Self.size), other.l1dBytes.map(Self.size)),
            ("L2", l2Bytes.map(Self.size), other.l2Bytes.map(Self.size)),
            ("L3", l3Bytes.map(Self.size), other.l3Bytes.map(Self.size)),
            ("THP", transparentHugePages, other.transparentHugePages), ("stores", storePath, other.storePath),
            ("blend lanes", blendLanes, other.blendLanes),
            ("heap in huge pages", yesNo(mallocHugePages), yesNo(other.mallocHugePages)),
        ]
        return fields.filter { $0.1 != $0.2 }.map { "\($0.0) \(text($0.1)) → \(text($0.2))" }.joined(separator: "; ")
    }

    /// A cache size as the summary writes it: `32 MiB`, `48 KiB`.
    private static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }

    /// One line for messages: `AMD EPYC (AuthenticAMD 25/17/1; L1d 32 KiB, L2 1 MiB, L3 32 MiB; THP madvise;
    /// string stores)`.
    public var summary: String {
        func size(_ bytes: Int?) -> String { bytes.map(Self.size) ?? "?" }
        let stores = storePath.map { "; \($0) stores" } ?? ""
        let lanes = blendLanes.map { "; \($0) blend lanes" } ?? ""
        let heap = mallocHugePages.map { $0 ? "; heap in huge pages" : "; heap in small pages" } ?? ""
        return "\(cpu) (\(cpuID); L1d \(size(l1dBytes)), L2 \(size(l2Bytes)), L3 \(size(l3Bytes)); THP \(transparentHugePages)\(stores)\(lanes)\(heap))"
    }
}
