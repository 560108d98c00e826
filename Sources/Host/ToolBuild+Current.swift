import Foundation
import Raster
import Results

extension ToolBuild {
    /// This build.
    public static var current: ToolBuild {
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        return ToolBuild(version: CornerBench.version, configuration: configuration,
                        optimized: BuildInfo.isOptimized, swift: CornerBench.swiftVersion)
    }
}

extension MachineInfo {
    /// This machine.
    public static var current: MachineInfo {
        let info = ProcessInfo.processInfo
        var cpu = "unknown"
        if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let colon = line.firstIndex(of: ":") {
            cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return MachineInfo(os: info.operatingSystemVersionString, cores: info.activeProcessorCount, cpu: cpu)
    }
}

/// Facts about CornerBench itself.
public enum CornerBench {
    /// The tool's version, recorded in results.
    public static let version = "0.1.0"
    /// The compiler that built it, major and minor version (`6.3`), as `tool.swift` records it.
    public static var swiftVersion: String {
        compilerVersion.split(separator: " ")[0].split(separator: ".").prefix(2).joined(separator: ".")
    }

    /// The compiler's version, as precise as `#if compiler` can tell.
    public static var compilerVersion: String {
        #if compiler(>=6.5)
        return "6.5 or later"
        #elseif compiler(>=6.4)
        return "6.4"
        #elseif compiler(>=6.3.3)
        return "6.3.3 or later 6.3"
        #elseif compiler(>=6.3.2)
        return "6.3.2"
        #elseif compiler(>=6.3.1)
        return "6.3.1"
        #elseif compiler(>=6.3)
        return "6.3.0"
        #elseif compiler(>=6.2)
        return "6.2"
        #else
        return "6.1 or older"
        #endif
    }
}
