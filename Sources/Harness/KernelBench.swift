import Raster
import Results

/// `bench kernels`: the pixel kernels' throughput next to the machine's memory floor (bulk
/// memset and memcpy of the same bytes), measured in the same run, so the distance between what
/// the renderer's kernels do and what the memory can do is visible.
public enum KernelBench {
    /// One kernel's measurement.
    public struct Row: Sendable {
        /// The kernel.
        public var name: String
        /// Median nanoseconds per pass over the buffer.
        public var nanos: Int
        /// Bytes written per pass (destination bytes).
        public var bytes: Int
        /// Destination gigabytes per second.
        public var gigabytesPerSecond: Double { nanos > 0 ? Double(bytes) / Double(nanos) : 0 }
    }

    /// Measures every kernel over a `size` buffer, `repetitions` times each, interleaved so drift
    /// affects all alike; returns the rows, memset first.
    public static func run(size: PixelSize = PixelSize(width: 2048, height: 2732), repetitions: Int = 15) -> [Row] {
        let bytes = size.area * 4
        let floor = MemoryFloor(bytes: bytes)
        var target = Pixmap(size: size)!
        let opaque = Pixmap(size: size, fill: Color(hex: "#336699")!.premultiplied)!
        let translucent = Pixmap(size: size, fill: Color(red: 40, green: 20, blue: 10, alpha: 128).premultiplied)!
        var mask = CoverageMask(size: size, coverage: 255)!
        // A realistic mask: full inside, anti-aliased rows at the edges.
        for x in 0..<size.width { mask[x, 0] = 100; mask[x, size.height - 1] = 100 }
        let full = PixelRect(origin: .zero, size: size)
        let kernels: [(String, () -> Void)] = [
            ("fill opaque", { target.fill(full, with: Color.white.premultiplied) }),
            ("copy opaque image", { target.copy(opaque, from: full, to: .zero) }),
            ("blend colour (source-over)", { target.blend(full, with: Color(red: 0, green: 0, blue: 0, alpha: 100).premultiplied) }),
            ("blend image (source-over)", { target.draw(translucent, from: full, to: .zero) }),
            ("masked composite", { target.draw(translucent, mask: mask, at: .zero) }),
        ]
        var fills: [Int] = [], copies: [Int] = []
        var samples = [[Int]](repeating: [], count: kernels.count)
        for _ in 0..<repetitions {
            fills.append(floor.timeFill())
            copies.append(floor.timeCopy())
            for (i, kernel) in kernels.enumerated() {
                let start = Stopwatch.now()
                kernel.1()
                samples[i].append(Int(Stopwatch.now() - start))
            }
        }
        return [Row(name: "memset (floor)", nanos: Summary(fills).median, bytes: bytes),
                Row(name: "memcpy (copy floor)", nanos: Summary(copies).median, bytes: bytes)]
            + kernels.indices.map { Row(name: kernels[$0].0, nanos: Summary(samples[$0]).median, bytes: bytes) }
    }
}
