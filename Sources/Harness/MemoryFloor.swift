import Raster

/// The memory floor: how long this host takes to write every row of one frame (the fill floor)
/// and to write every row of one frame with pixels read from the cache (the copy floor: its
/// first row copied over the others, `Pixmap.copyRow`), with the renderer's own kernels, one
/// span a row, by the store path the process chose (`StorePath`). A frame's composite writes
/// each of its rows at least once, so no composite can take less than the fill floor, and no
/// kernel writing a frame can either. The copy floor less the fill floor prices reading a
/// frame's bytes where they are cheapest to read, in the cache: what a composite mostly reads
/// (the row it just wrote, beneath a blend; small contents; off-screen buffers it just drew) is
/// there, so a bound that priced every read as a read from memory would not be a bound (a bulk
/// `memcpy` did: masked strategies came in at 0.8 × such a bound). The source row has the rows'
/// alignment: copying between addresses of different alignment took twice as long on this
/// project's reference host, a cost of that copy, not of the memory.
///
/// Why rows and not one `memset` of the whole frame: a bulk `memset` can take a path row spans
/// cannot (on some hosts non-temporal stores, on others a string store over megabytes at once),
/// so it was no floor — `bench kernels` measured a fill at 0.6 × it. Why white: a byte-uniform
/// colour is the fastest row a kernel writes (the string path's `memset`).
///
/// The floor holds two frames, the fill's target and the copy's. Where it is timed matters as
/// much as what: `Runner` times it in a slot of the strategies' rotation, so its frames meet the
/// caches as a strategy's framebuffer does.
public struct MemoryFloor {
    private var target: Pixmap
    private var copyTarget: Pixmap

    /// Prepares the two frames of `size`, every page written once so faults are not timed; nil
    /// when they cannot be allocated.
    public init?(size: PixelSize) {
        guard let target = Pixmap(size: size, fill: .transparent),
              let copyTarget = Pixmap(size: size, fill: Color(hex: "#336699")!.premultiplied) else { return nil }
        self.target = target
        self.copyTarget = copyTarget
    }

    /// Nanoseconds to fill every row of a frame (`MemoryFloor.timeFill(_:)` on the floor's own).
    public mutating func timeFill() -> Int { MemoryFloor.timeFill(&target) }

    /// Nanoseconds to copy a row in the cache over every other row of a frame.
    public mutating func timeCopy() -> Int { MemoryFloor.timeCopy(&copyTarget) }

    /// Nanoseconds to fill every row of `frame` with white, one span a row.
    public static func timeFill(_ frame: inout Pixmap) -> Int {
        let start = Stopwatch.now()
        frame.fill(frame.bounds, with: Color.white.premultiplied)
        return Int(Stopwatch.now() - start)
    }

    /// Nanoseconds to copy the first row of `frame` over every other row.
    public static func timeCopy(_ frame: inout Pixmap) -> Int {
        let start = Stopwatch.now()
        frame.copyRow(0, over: 0..<frame.height)
        return Int(Stopwatch.now() - start)
    }
}
