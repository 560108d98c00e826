import Foundation

/// The peak resident memory of this process image, for the results' `peakMemoryBytes`.
///
/// On Linux it is `VmHWM` of `/proc/self/status`: the high-water mark of this program's own memory.
/// `getrusage`'s `ru_maxrss` is not: it keeps the peak of the process before its last `exec`, and a
/// process started by `fork` and `exec` begins with its parent's memory, so a run started by a test
/// runner holding 460 MB reported 470 MB where it held 207. `ru_maxrss` remains the answer where
/// `/proc` is not there.
public enum PeakMemory {
    /// Bytes; 0 when neither source answers.
    public static func bytes() -> Int {
        // Read to the end: a /proc file reports a size of 0, which a read by size takes at its word.
        if let data = FileHandle(forReadingAtPath: "/proc/self/status")?.readDataToEndOfFile(),
           let kilobytes = highWaterKilobytes(String(decoding: data, as: UTF8.self)) {
            return kilobytes * 1024
        }
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
        #endif
    }

    /// The `VmHWM:` line's kilobytes in a `/proc/<pid>/status` text, nil if there is none.
    public static func highWaterKilobytes(_ status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }
}
