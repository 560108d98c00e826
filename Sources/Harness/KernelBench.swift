import Raster
import Results

/// `bench kernels`: the pixel kernels' throughput next to the machine's memory floors (every row
/// of the frame filled, copied from the cache, and copied from a kept image, by the renderer's
/// kernels: `MemoryFloor`), measured in the same run on the same target, so the distance between
/// what the renderer's kernels do and what the memory can do is visible.
public enum KernelBench {
    /// One kernel's measurement.
    public struct Row: Sendable {
        /// The kernel.
        public var name: String
        /// Median nanoseconds per pass over the buffer.
        public var nanos: Int
        /// Bytes written per pass (destination bytes).
        public var written: Int
        /// Bytes read per pass (sources, the destination when it is blended, masks).
        public var read: Int
        /// Of `read`, the bytes of images and masks kept across passes, which come from memory.
        public var kept: Int
        /// The least time this kernel's memory traffic can take, as a multiple of the run's fill
        /// floor (see `bound(written:read:kept:bytes:setNanos:copyNanos:keptNanos:)`).
        public var bound: Double

        public init(name: String, nanos: Int, written: Int, read: Int, kept: Int = 0, bound: Double) {
            self.name = name
            self.nanos = nanos
            self.written = written
            self.read = read
            self.kept = kept
            self.bound = bound
        }

        /// Destination gigabytes per second.
        public var gigabytesPerSecond: Double { nanos > 0 ? Double(written) / Double(nanos) : 0 }
    }

    /// The memory-traffic lower bound of writing `written` and reading `read` bytes, `kept` of
    /// them from kept images, as a multiple of the fill floor, from the fill floor (`setNanos`),
    /// the copy floor (`copyNanos`) and the kept-copy floor (`keptNanos`) of the same `bytes`:
    /// `TrafficBound` over the fill floor (a read never below 0, for a noisy run).
    public static func bound(written: Int, read: Int, kept: Int = 0, bytes: Int, setNanos: Int, copyNanos: Int,
                             keptNanos: Int = 0) -> Double {
        guard setNanos > 0 else { return 0 }
        return TrafficBound.exactNanos(written: Double(written), read: Double(read), kept: Double(kept), frameBytes: bytes,
                                       fill: setNanos, copy: copyNanos, keptCopy: keptNanos) / Double(setNanos)
    }

    /// A kernel to time and the bytes one pass of it moves.
    private struct Kernel {
        var name: String
        var written: Int
        var read: Int
        /// Of `read`, the bytes of its image and mask, which every pass reads from memory.
        var kept: Int
        /// Drops that image and mask from the caches before each pass, so that every pass does.
        var evict: () -> Void = {}
        var run: (inout Pixmap) -> Void
    }

    /// Measures every kernel over a `size` buffer, `repetitions` times each, interleaved so drift
    /// affects all alike; returns the rows, the fill, copy and kept-copy floors first. Each pass
    /// writes the next of three frames, after two frames written untimed, as every turn of `bench
    /// run`'s rotation follows strategies' frames: on the frame the last pass wrote a kernel found
    /// it cached and came in under the floor, and after a pass that mostly read (a kept copy) the
    /// cache held clean lines a write can drop (docs/measurements.md has the figures).
    /// The kernels run by `kernels`; the floors each on their own ways' store paths.
    public static func run(size: PixelSize = PixelSize(width: 2048, height: 2732), repetitions: Int = 45,
                           kernels choice: KernelChoice = .preferred) -> [Row] {
        let bytes = size.area * 4
        var targets = (0..<3).map { _ in Pixmap(size: size)! }
        var previousTurns = (0..<2).map { _ in Pixmap(size: size)! }
        var turn = 0
        func timed(_ pass: (inout Pixmap) -> Int) -> Int {
            for i in previousTurns.indices { previousTurns[i].fill(previousTurns[i].bounds, with: MemoryFloor.grey, kernels: choice) }
            let i = turn % targets.count
            turn += 1
            var target = targets[i]
            targets[i] = Pixmap(width: 1, height: 1)!  // no copy on write
            defer { targets[i] = target }
            return pass(&target)
        }
        let opaque = Pixmap(size: size, fill: Color(hex: "#336699")!.premultiplied)!
        let translucent = Pixmap(size: size, fill: Color(red: 40, green: 20, blue: 10, alpha: 128).premultiplied)!
        var mask = CoverageMask(size: size, coverage: 255)!
        // A realistic mask: full inside, anti-aliased rows at the edges.
        for x in 0..<size.width { mask[x, 0] = 100; mask[x, size.height - 1] = 100 }
        let full = PixelRect(origin: .zero, size: size)
        // The kept copy's images, one per way of copying.
        let keptSources = MemoryFloor.copyWays.map { _ in Pixmap(size: size, fill: Color(hex: "#669933")!.premultiplied)! }
        // Each writes the frame once; what it reads is beside it.
        let kernels = [
            // A grey whose bytes differ, the grouped table's background, cannot be a byte memset;
            // the floor is the faster of it and white.
            Kernel(name: "fill opaque colour", written: bytes, read: 0, kept: 0) {
                $0.fill(full, with: MemoryFloor.grey, kernels: choice)
            },
            Kernel(name: "copy opaque image", written: bytes, read: bytes, kept: bytes,
                   evict: opaque.evictFromCaches) {  // the image
                $0.copy(opaque, from: full, to: .zero, kernels: choice)
            },
            Kernel(name: "blend colour (source-over)", written: bytes, read: bytes, kept: 0) {  // the destination
                $0.blend(full, with: Color(red: 0, green: 0, blue: 0, alpha: 100).premultiplied, kernels: choice)
            },
            Kernel(name: "blend image (source-over)", written: bytes, read: 2 * bytes, kept: bytes,
                   evict: translucent.evictFromCaches) {  // image, destination
                $0.draw(translucent, from: full, to: .zero, kernels: choice)
            },
            Kernel(name: "masked composite", written: bytes, read: 2 * bytes + bytes / 4, kept: bytes + bytes / 4,
                   evict: { translucent.evictFromCaches(); mask.evictFromCaches() }) {  // + a mask byte a pixel
                $0.draw(translucent, mask: mask, at: .zero, kernels: choice)
            },
        ]
        var fills: [Int] = [], copies: [Int] = [], keptCopies: [Int] = []
        var samples = [[Int]](repeating: [], count: kernels.count)
        for repetition in 0..<repetitions {
            // Each repetition starts a frame further on: its passes are a multiple of the frames
            // in number, so each kernel would otherwise meet the same frame every time, and frames
            // differ in speed by where their memory lies.
            turn = repetition
            // The floors as `MemoryFloor` takes them: the least over every way of storing.
            fills.append(MemoryFloor.leastFill { i in timed { MemoryFloor.timeFill(&$0, way: MemoryFloor.fillWays[i]) } })
            copies.append(MemoryFloor.leastCopy { i in timed { MemoryFloor.timeCopy(&$0, path: MemoryFloor.copyWays[i]) } })
            keptCopies.append(MemoryFloor.leastCopy { i in
                timed { MemoryFloor.timeKeptCopy(keptSources[i], into: &$0, path: MemoryFloor.copyWays[i]) }
            })
            for (i, kernel) in kernels.enumerated() {
                samples[i].append(timed { target in
                    kernel.evict()
                    let start = Stopwatch.now()
                    kernel.run(&target)
                    return Int(Stopwatch.now() - start)
                })
            }
        }
        let set = Summary(fills).median, copy = Summary(copies).median, keptCopy = Summary(keptCopies).median
        func row(_ name: String, _ nanos: Int, written: Int, read: Int, kept: Int) -> Row {
            Row(name: name, nanos: nanos, written: written, read: read, kept: kept,
                bound: bound(written: written, read: read, kept: kept, bytes: bytes, setNanos: set, copyNanos: copy,
                             keptNanos: keptCopy))
        }
        return [row("fill floor (rows)", set, written: bytes, read: 0, kept: 0),
                row("copy floor (rows from cache)", copy, written: bytes, read: bytes, kept: 0),
                row("kept-copy floor (kept image)", keptCopy, written: bytes, read: bytes, kept: bytes)]
            + kernels.indices.map {
                row(kernels[$0].name, Summary(samples[$0]).median, written: kernels[$0].written, read: kernels[$0].read,
                    kept: kernels[$0].kept)
            }
    }
}
