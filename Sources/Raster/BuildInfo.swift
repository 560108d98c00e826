/// Facts about how this module was compiled, recorded in results.
public enum BuildInfo {
    /// True when the hot modules were compiled with optimization (`-O`), as `swift run bench`
    /// needs even in the debug configuration (Package.swift passes `-O` for it).
    public static var isOptimized: Bool {
        #if DEBUG
        return !_isDebugAssertConfiguration()
        #else
        return true
        #endif
    }
}
