import Raster

/// The memory floor: the least time this host takes to write every row of one frame (the fill
/// floor), and to write them from a row in the cache (the copy floor, `Pixmap.copyRowsFromAbove`),
/// with the renderer's own kernels, one span a row, by every store path (`StorePath`, `fillWays`).
/// A composite writes each of its rows at least once, so none can take less; the copy floor less
/// the fill floor prices a read from the cache, where a composite's reads mostly are. Rejected: a
/// bulk `memset` of the frame, which took paths row spans cannot (`bench kernels` measured a fill
/// at 0.6 × it). The colours, the paths and the other alternatives measured: docs/cost-model.md
/// §6. `Runner` times the floor in a turn of the strategies' rotation, so its frames meet the
/// caches as a strategy's framebuffer does.
public struct MemoryFloor {
    /// A way of filling a frame: a store path and a colour.
    public struct FillWay: Sendable {
        public var path: StorePath
        public var color: PremultipliedColor
    }

    /// Every distinct way the kernels have of filling a row: the string path's byte fill and word
    /// fill, and the vector path's stores (the same for any colour).
    public static let fillWays = [FillWay(path: .string, color: Color.white.premultiplied),
                                  FillWay(path: .string, color: grey),
                                  FillWay(path: .vector, color: grey)]

    private var fillFrames: [Pixmap]
    private var copyFrames: [Pixmap]
    /// Per store path, the frame a kept image is copied into (`timeKeptCopy`).
    private var keptTargets: [Pixmap]

    /// The frames the floor holds: one per fill way, one per copy path, and a target per path for
    /// the kept copy, whose image is the path's copy frame (dropped from the caches before it is
    /// read, so it is read from memory wherever it was last written; a kept image of its own
    /// cost another frame of memory per path and bought nothing).
    public static let frames = fillWays.count + 2 * StorePath.allCases.count

    /// Prepares the frames of `size`, every page written once so faults are not timed; nil when
    /// they cannot be allocated.
    public init?(size: PixelSize) {
        fillFrames = []
        copyFrames = []
        for _ in MemoryFloor.fillWays {
            guard let frame = Pixmap(size: size, fill: .transparent) else { return nil }
            fillFrames.append(frame)
        }
        keptTargets = []
        for _ in StorePath.allCases {
            guard let frame = Pixmap(size: size, fill: Color(hex: "#336699")!.premultiplied),
                  let target = Pixmap(size: size, fill: .transparent) else { return nil }
            copyFrames.append(frame)
            keptTargets.append(target)
        }
    }

    /// Nanoseconds to fill every row of a frame, one span a row: the least of one frame filled
    /// each way (`fillWays`). Leaves `StorePath.current` as it found it.
    public mutating func timeFill() -> Int {
        MemoryFloor.leastFill { i in MemoryFloor.timeFill(&fillFrames[i], with: MemoryFloor.fillWays[i].color) }
    }

    /// Nanoseconds to copy a row in the cache over every other row of a frame: the less of the
    /// two store paths. Leaves `StorePath.current` as it found it.
    public mutating func timeCopy() -> Int {
        MemoryFloor.leastCopy { i in MemoryFloor.timeCopy(&copyFrames[i]) }
    }

    /// Nanoseconds to copy every row of a kept image into a frame: the less of the two store
    /// paths, each from its path's copy frame read from memory (`timeKeptCopy(_:into:)`). Leaves
    /// `StorePath.current` as it found it.
    public mutating func timeKeptCopy() -> Int {
        MemoryFloor.leastCopy { i in MemoryFloor.timeKeptCopy(copyFrames[i], into: &keptTargets[i]) }
    }

    /// The least of `time(i)` over the fill ways, each timed on way `i`'s store path: the fill
    /// floor of one turn, however its frames are chosen (`bench kernels` rotates its own). Leaves
    /// `StorePath.current` as it found it.
    public static func leastFill(_ time: (Int) -> Int) -> Int { least(fillWays.map(\.path), time) }

    /// The least of `time(i)` over the store paths, each timed on path `i`: the copy floor of one
    /// turn. Leaves `StorePath.current` as it found it.
    public static func leastCopy(_ time: (Int) -> Int) -> Int { least(StorePath.allCases, time) }

    private static func least(_ paths: [StorePath], _ time: (Int) -> Int) -> Int {
        let saved = StorePath.current
        defer { StorePath.current = saved }
        var least = Int.max
        for (i, path) in paths.enumerated() {
            StorePath.current = path
            least = min(least, time(i))
        }
        return least
    }

    /// Nanoseconds to fill every row of `frame` with `color`, one span a row.
    public static func timeFill(_ frame: inout Pixmap, with color: PremultipliedColor) -> Int {
        let start = Stopwatch.now()
        frame.fill(frame.bounds, with: color)
        return Int(Stopwatch.now() - start)
    }

    /// Nanoseconds to write every row of `frame` from a row in the cache: the time
    /// `copyRowsFromAbove` takes, scaled to the whole frame (it leaves the first few rows, its
    /// sources, as they are).
    public static func timeCopy(_ frame: inout Pixmap) -> Int {
        let start = Stopwatch.now()
        let written = frame.copyRowsFromAbove()
        let nanos = Double(Stopwatch.now() - start)
        return written > 0 ? Int((nanos * Double(frame.pixels.count) / Double(written)).rounded()) : Int(nanos)
    }

    /// Nanoseconds to copy every row of `source` into `frame` (the same size), one span a row,
    /// `source` first dropped from the caches (untimed), as a kept image is read.
    ///
    /// Why from memory: a layer's contents drawn in an earlier frame come from memory (flushing
    /// every layer's contents before each step changed no composite), while an image last read a
    /// rotation ago, as these were before, was partly still in the last-level cache, more so the
    /// faster the host's memory was at the time, and priced reading a kept byte at 60–95 % of what
    /// a read from memory costs (docs/cost-model.md §6).
    public static func timeKeptCopy(_ source: Pixmap, into frame: inout Pixmap) -> Int {
        source.evictFromCaches()
        let start = Stopwatch.now()
        frame.copy(source, from: source.bounds, to: .zero)
        return Int(Stopwatch.now() - start)
    }

    /// A colour whose bytes differ: no byte fill can write it.
    public static let grey = Color(hex: "#F2F2F7")!.premultiplied

}
