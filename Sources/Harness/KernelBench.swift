import Raster
import Results

/// `bench kernels`: the pixel kernels' throughput next to the machine's memory floor (every row
/// of the frame filled, and copied, by the renderer's kernels: `MemoryFloor`), measured in the
/// same run on the same target, so the distance between what the renderer's kernels do and what
/// the memory can do is visible.
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
        /// The least time this kernel's memory traffic can take, as a multiple of the run's
        /// memset (see `bound(written:read:memset:memcpy:)`).
        public var bound: Double

        public init(name: String, nanos: Int, written: Int, read: Int, bound: Double) {
            self.name = name
            self.nanos = nanos
            self.written = written
            self.read = read
            self.bound = bound
        }

        /// Destination gigabytes per second.
        public var gigabytesPerSecond: Double { nanos > 0 ? Double(written) / Double(nanos) : 0 }
    }

    /// The memory-traffic lower bound of writing `written` and reading `read` bytes, as a
    /// multiple of the memset time, from a memset (`setNanos`) and a memcpy (`copyNanos`) of the
    /// same `bytes`: writing a byte costs what memset spends per byte, t_set / N, and reading one
    /// what memcpy spends beyond that, (t_cpy − t_set) / N (never below 0, for a noisy run).
    public static func bound(written: Int, read: Int, bytes: Int, setNanos: Int, copyNanos: Int) -> Double {
        guard setNanos > 0 else { return 0 }
        return TrafficBound.exactNanos(written: Double(written), read: Double(read), frameBytes: bytes,
                                       fill: setNanos, copy: copyNanos) / Double(setNanos)
    }

    /// A kernel to time and the bytes one pass of it moves.
    private struct Kernel {
        var name: String
        var written: Int
        var read: Int
        var run: (inout Pixmap) -> Void
    }

    /// Measures every kernel over a `size` buffer, `repetitions` times each, interleaved so drift
    /// affects all alike; returns the rows, the fill floor first and the copy floor second. Each
    /// pass, the floor's included, writes the next of three frames in turn, so every pass meets a
    /// frame the others left, as the frames of `bench run`'s rotation do (a kernel run on the
    /// frame the last pass wrote found it in the cache and came in under the floor).
    public static func run(size: PixelSize = PixelSize(width: 2048, height: 2732), repetitions: Int = 15) -> [Row] {
        let bytes = size.area * 4
        var targets = (0..<3).map { _ in Pixmap(size: size)! }
        var turn = 0
        func timed(_ pass: (inout Pixmap) -> Int) -> Int {
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
        // Each writes the frame once; what it reads is beside it.
        let kernels = [
            // A grey whose bytes differ, the grouped table's background, cannot be a byte memset;
            // the floor is the faster of it and white.
            Kernel(name: "fill opaque colour", written: bytes, read: 0) {
                $0.fill(full, with: MemoryFloor.grey)
            },
            Kernel(name: "copy opaque image", written: bytes, read: bytes) {  // the image
                $0.copy(opaque, from: full, to: .zero)
            },
            Kernel(name: "blend colour (source-over)", written: bytes, read: bytes) {  // the destination
                $0.blend(full, with: Color(red: 0, green: 0, blue: 0, alpha: 100).premultiplied)
            },
            Kernel(name: "blend image (source-over)", written: bytes, read: 2 * bytes) {  // image, destination
                $0.draw(translucent, from: full, to: .zero)
            },
            Kernel(name: "masked composite", written: bytes, read: 2 * bytes + bytes / 4) {  // + a mask byte a pixel
                $0.draw(translucent, mask: mask, at: .zero)
            },
        ]
        var fills: [Int] = [], copies: [Int] = []
        var samples = [[Int]](repeating: [], count: kernels.count)
        for _ in 0..<repetitions {
            // The floors as `MemoryFloor` takes them: the least over every way of storing.
            fills.append(MemoryFloor.leastFill { i in timed { MemoryFloor.timeFill(&$0, with: MemoryFloor.fillWays[i].color) } })
            copies.append(MemoryFloor.leastCopy { _ in timed { MemoryFloor.timeCopy(&$0) } })
            for (i, kernel) in kernels.enumerated() {
                samples[i].append(timed { target in
                    let start = Stopwatch.now()
                    kernel.run(&target)
                    return Int(Stopwatch.now() - start)
                })
            }
        }
        let set = Summary(fills).median, copy = Summary(copies).median
        func row(_ name: String, _ nanos: Int, written: Int, read: Int) -> Row {
            Row(name: name, nanos: nanos, written: written, read: read,
                bound: bound(written: written, read: read, bytes: bytes, setNanos: set, copyNanos: copy))
        }
        return [row("fill floor (rows)", set, written: bytes, read: 0),
                row("copy floor (rows from cache)", copy, written: bytes, read: bytes)]
            + kernels.indices.map { row(kernels[$0].name, Summary(samples[$0]).median, written: kernels[$0].written, read: kernels[$0].read) }
    }
}
