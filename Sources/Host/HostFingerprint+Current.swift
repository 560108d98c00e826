import Foundation
import Raster
import Results

extension HostFingerprint {
    /// This machine, from `/proc/cpuinfo` and `/sys` (Linux; "unknown" fields elsewhere), timing
    /// on `kernels` (their store path and blend lanes), and whether its heap asked for huge pages.
    public static func current(kernels: KernelChoice) -> HostFingerprint {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        // The first processor's block: fields up to the first blank line.
        var fields: [String: String] = [:]
        for line in cpuinfo.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].trimmingCharacters(in: .whitespaces)] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let id = ["vendor_id", "cpu family", "model", "stepping"].map { fields[$0] ?? "?" }
        let cpuID = fields.isEmpty ? "unknown" : "\(id[0]) \(id[1])/\(id[2])/\(id[3])"
        var sizes: [String: Int] = [:]
        for index in 0..<8 {
            let base = "/sys/devices/system/cpu/cpu0/cache/index\(index)/"
            guard let level = read(base + "level"), let type = read(base + "type"), let size = read(base + "size").flatMap(bytes) else { continue }
            let key = level == "1" ? (type == "Data" ? "L1d" : type == "Instruction" ? "L1i" : "L1") : "L" + level
            sizes[key] = size
        }
        return HostFingerprint(cpu: fields["model name"] ?? MachineInfo.current.cpu, cpuID: cpuID,
                               l1dBytes: sizes["L1d"] ?? sizes["L1"], l2Bytes: sizes["L2"], l3Bytes: sizes["L3"],
                               transparentHugePages: currentHugePageMode,
                               storePath: kernels.store.rawValue, blendLanes: kernels.blendLanes.rawValue,
                               mallocHugePages: mallocHugePages(in: ProcessInfo.processInfo.environment))
    }

    /// This machine's transparent huge page mode (`always`, `madvise`, `never`; "unknown" where
    /// the system does not say).
    public static var currentHugePageMode: String {
        hugePageMode(read("/sys/kernel/mm/transparent_hugepage/enabled"))
    }

    /// The bracketed choice of a sysfs mode line (`always [madvise] never` → `madvise`).
    public static func hugePageMode(_ line: String?) -> String {
        guard let line, let open = line.firstIndex(of: "["), let close = line[open...].firstIndex(of: "]") else { return "unknown" }
        return String(line[line.index(after: open)..<close])
    }

    /// A sysfs cache size (`32K`, `1024K`, `32M`) in bytes.
    public static func bytes(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        if let last = text.last, let unit = units[last] { return Int(text.dropLast()).map { $0 * unit } }
        return Int(text)
    }

    private static func read(_ path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
