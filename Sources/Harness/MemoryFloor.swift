import Raster

/// The memory floor: how long this host takes to write every row of one frame (the fill floor)
/// and to write every row of one frame with pixels read from the cache (the copy floor: each
/// row copied from one a few rows above, `Pixmap.copyRowsFromAbove`), with the renderer's own
/// kernels, one span a row, by the store path the process chose (`StorePath`). A frame's composite writes
/// each of its rows at least once, so no composite can take less than the fill floor, and no
/// kernel writing a frame can either. The copy floor less the fill floor prices reading a
/// frame's bytes where they are cheapest to read, in the cache: what a composite mostly reads
/// (the row it just wrote, beneath a blend; small contents; off-screen buffers it just drew) is
/// there, so a bound that priced every read as a read from memory would not be a bound (a bulk
/// `memcpy` did: masked strategies came in at 0.8 × such a bound).
///
/// Why rows and not one `memset` of the whole frame: a bulk `memset` can take a path row spans
/// cannot (on some hosts non-temporal stores, on others a string store over megabytes at once),
/// so it was no floor — `bench kernels` measured a fill at 0.6 × it. Which colour: a byte-uniform
/// one (white) is a `memset` on the string path, any other (the grouped background's grey) a
/// string store of words, and either can be the faster on a host, so each turn fills one frame
/// of each and the floor is the faster of the two.
///
/// The floor holds three frames: the two fills' targets and the copy's. Where it is timed matters as
/// much as what: `Runner` times it in a slot of the strategies' rotation, so its frames meet the
/// caches as a strategy's framebuffer does.
public struct MemoryFloor {
    private var white: Pixmap
    private var grey: Pixmap
    private var copyTarget: Pixmap

    /// The frames the floor holds.
    public static let frames = 3

    /// Prepares the frames of `size`, every page written once so faults are not timed; nil when
    /// they cannot be allocated.
    public init?(size: PixelSize) {
        guard let white = Pixmap(size: size, fill: .transparent), let grey = Pixmap(size: size, fill: .transparent),
              let copyTarget = Pixmap(size: size, fill: Color(hex: "#336699")!.premultiplied) else { return nil }
        self.white = white
        self.grey = grey
        self.copyTarget = copyTarget
    }

    /// Nanoseconds to fill every row of a frame: the less of a frame filled white and one filled
    /// with the grouped background's grey, one span a row.
    public mutating func timeFill() -> Int {
        min(MemoryFloor.timeFill(&white, with: Color.white.premultiplied), MemoryFloor.timeFill(&grey, with: MemoryFloor.grey))
    }

    /// Nanoseconds to copy a row in the cache over every other row of a frame.
    public mutating func timeCopy() -> Int { MemoryFloor.timeCopy(&copyTarget) }

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

    /// A colour whose bytes differ: no byte fill can write it.
    public static let grey = Color(hex: "#F2F2F7")!.premultiplied

}
