import Raster

/// The memory floor: the least time this host takes to write every row of one frame (the fill
/// floor), one span a row, by every way the processor has of storing a row (the kernels' store
/// paths, `StoreKernel`, and streaming stores: `fillWays`), and to write them from a row in the
/// cache (the copy floor, `Pixmap.copyRowsFromAbove`) or from a kept image read from memory (the
/// kept-copy floor), with the renderer's own copy kernels. A composite writes each of its rows at
/// least once, so none can take less than the fill floor; the copy floor less the fill floor
/// prices a read from the cache, where a composite's reads mostly are. Rejected: a bulk `memset`
/// of the frame, which took paths row spans cannot (`bench kernels` measured a fill at 0.6 × it).
/// The colours, the ways and the other alternatives measured: docs/cost-model.md §6. `Runner`
/// times the floor in a turn of the strategies' rotation, so its frames meet the caches as a
/// strategy's framebuffer does.
public struct MemoryFloor {
    /// A way of filling a frame: a store path and a colour, or streaming stores.
    public struct FillWay: Sendable {
        /// The store path whose fill kernel writes the rows (`Pixmap.fill`); nil for streaming
        /// stores (`Pixmap.fillStreaming`), which no kernel uses.
        public var path: StoreKernel?
        public var color: PremultipliedColor
    }

    /// Every distinct way this processor has of filling a row: the string path's byte fill
    /// (`memset`) and word fill (`rep stosl`), the vector path's stores (the same for any colour),
    /// and streaming stores, which write lines without reading them first. The kernels keep their
    /// own path; the floor takes the fastest, so no kernel can come in under it.
    public static let fillWays = [FillWay(path: .string, color: Color.white.premultiplied),
                                  FillWay(path: .string, color: grey),
                                  FillWay(path: .vector, color: grey),
                                  FillWay(path: nil, color: grey)]

    /// The frames the kernels' fill ways write, one each.
    private var fillFrames: [Pixmap]
    /// Per store path, the frame its copy floor writes, which is also the image its kept copy
    /// reads (dropped from the caches before it is read, so it is read from memory wherever it
    /// was last written; a kept image of its own cost another frame per path and bought nothing).
    private var copyFrames: [Pixmap]
    /// The frame the streaming fill and the streaming copy write, and the kept copy then writes
    /// into: streaming stores leave none of its lines in the caches, so the kept copy meets it as
    /// it would a frame last written a rotation ago.
    private var spare: Pixmap

    /// The frames the floor holds: one per fill way of the kernels' paths, one per copy path, and
    /// the spare that the streaming fill and copy and the kept copy write.
    public static let frames = kernelFillWays.count + StoreKernel.allCases.count + 1

    /// The indices of `fillWays` that the kernels' fill writes (each with a frame of its own).
    private static let kernelFillWays = fillWays.indices.filter { fillWays[$0].path != nil }

    /// Prepares the frames of `size`, every page written once so faults are not timed; nil when
    /// they cannot be allocated.
    public init?(size: PixelSize) {
        fillFrames = []
        copyFrames = []
        for _ in MemoryFloor.kernelFillWays {
            guard let frame = Pixmap(size: size, fill: .transparent) else { return nil }
            fillFrames.append(frame)
        }
        for _ in StoreKernel.allCases {
            guard let frame = Pixmap(size: size, fill: Color(hex: "#336699")!.premultiplied) else { return nil }
            copyFrames.append(frame)
        }
        guard let spare = Pixmap(size: size, fill: .transparent) else { return nil }
        self.spare = spare
    }

    /// Nanoseconds to fill every row of a frame, one span a row: the least of one frame filled
    /// each way (`fillWays`).
    public mutating func timeFill() -> Int {
        MemoryFloor.leastFill { i in
            let way = MemoryFloor.fillWays[i]
            guard let frame = MemoryFloor.kernelFillWays.firstIndex(of: i) else {
                return MemoryFloor.timeFill(&spare, way: way)
            }
            return MemoryFloor.timeFill(&fillFrames[frame], way: way)
        }
    }

    /// Every way the floor copies a row: the kernels' store paths, and streaming stores (nil),
    /// which no kernel uses. The copy floors take the least, as the fill floor does, so that the
    /// copy floor less the fill floor prices a read, not the difference between two ways of
    /// storing.
    public static let copyWays: [StoreKernel?] = StoreKernel.allCases.map { $0 } + [nil]

    /// Nanoseconds to copy a row in the cache over every other row of a frame: the least of the
    /// copy ways (the streaming one writes the spare frame).
    public mutating func timeCopy() -> Int {
        MemoryFloor.leastCopy { i in
            MemoryFloor.copyWays[i] == nil ? MemoryFloor.timeCopy(&spare, path: nil)
                : MemoryFloor.timeCopy(&copyFrames[i], path: MemoryFloor.copyWays[i])
        }
    }

    /// Nanoseconds to copy every row of a kept image into the spare frame the way `copyWays[way]`
    /// says, from a copy frame read from memory (`timeKeptCopy(_:into:path:)`); the kept-copy
    /// floor is the least of the ways' medians (`Runner.floorTurn` alternates them).
    public mutating func timeKeptCopy(way: Int) -> Int {
        MemoryFloor.timeKeptCopy(copyFrames[way % copyFrames.count], into: &spare, path: MemoryFloor.copyWays[way])
    }

    /// The least of `time(i)` over the fill ways (`time` times way `i` on its store path): the
    /// fill floor of one turn, however its frames are chosen (`bench kernels` rotates its own).
    public static func leastFill(_ time: (Int) -> Int) -> Int { fillWays.indices.map(time).min()! }

    /// The least of `time(i)` over the copy ways (`time` times way `i` on its store path): the
    /// copy floor of one turn.
    public static func leastCopy(_ time: (Int) -> Int) -> Int { copyWays.indices.map(time).min()! }

    /// Nanoseconds to fill every row of `frame` the way `way` says, one span a row: with the fill
    /// kernel of the way's store path, or with streaming stores.
    public static func timeFill(_ frame: inout Pixmap, way: FillWay) -> Int {
        let start = Stopwatch.now()
        if let path = way.path {
            frame.fill(frame.bounds, with: way.color, kernels: KernelChoice(store: path))
        } else {
            frame.fillStreaming(with: way.color)
        }
        return Int(Stopwatch.now() - start)
    }

    /// Nanoseconds to write every row of `frame` from a row in the cache: the time
    /// `copyRowsFromAbove` takes on store path `path` (or, nil, `copyRowsFromTopStreaming`),
    /// scaled to the whole frame (they leave the first few rows, their sources, as they are).
    public static func timeCopy(_ frame: inout Pixmap, path: StoreKernel?) -> Int {
        let start = Stopwatch.now()
        let written = path.map { frame.copyRowsFromAbove(path: $0) } ?? frame.copyRowsFromTopStreaming()
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
    /// By the copy kernel of store path `path`; nil: by streaming stores
    /// (`Pixmap.copyStreaming(from:)`).
    public static func timeKeptCopy(_ source: Pixmap, into frame: inout Pixmap, path: StoreKernel?) -> Int {
        source.evictFromCaches()
        let start = Stopwatch.now()
        if let path {
            frame.copy(source, from: source.bounds, to: .zero, kernels: KernelChoice(store: path))
        } else {
            frame.copyStreaming(from: source)
        }
        return Int(Stopwatch.now() - start)
    }

    /// A colour whose bytes differ: no byte fill can write it.
    public static let grey = Color(hex: "#F2F2F7")!.premultiplied

}
