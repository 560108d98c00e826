#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A premultiplied RGBA8 image: the framebuffer, an off-screen buffer, a cached raster bitmap or
/// a layer's contents.
///
/// Pixels are `UInt32`s packed as `PremultipliedColor.packed`, row-major, with a row stride of
/// exactly `width` pixels (`width × 4` bytes) and no padding. It is a value type with
/// copy-on-write storage; the renderer keeps its buffers in place and never copies them per frame.
public struct Pixmap: Sendable, Equatable {
    /// Width in pixels (≥ 1).
    public let width: Int
    /// Height in pixels (≥ 1).
    public let height: Int
    /// The packed pixels, `width × height` of them.
    public internal(set) var pixels: [UInt32]

    /// The largest pixel count accepted: 2^28 pixels (1 GiB), far beyond any screen.
    public static let maxPixelCount = 1 << 28

    /// Storage from this many bytes up is asked of `malloc` first (`init`): a frame-sized buffer.
    static let checkedAllocationBytes = 1 << 20

    /// Creates a pixmap filled with `color`; nil when a side is not positive, the pixel count
    /// exceeds `maxPixelCount`, or the storage of a large pixmap cannot be allocated (an array
    /// whose allocation fails stops the process, so `malloc` is asked first, and its answer is
    /// what callers see; the pixels and counters of a pixmap that is made do not change).
    public init?(width: Int, height: Int, fill color: PremultipliedColor = .transparent) {
        guard width > 0, height > 0 else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= Pixmap.maxPixelCount else { return nil }
        if count * 4 >= Pixmap.checkedAllocationBytes {
            guard let probe = malloc(count * 4) else { return nil }
            free(probe)
        }
        self.width = width
        self.height = height
        self.pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            Pixmap.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            buffer.initialize(repeating: color.packed)
            initialized = count
        }
    }

    /// Asks the kernel for 2 MiB pages across the 2 MiB-aligned interior of `bytes` (not yet
    /// touched), where it grants them on request (transparent huge pages `madvise` or `always`).
    /// A frame in 4 KiB pages is thousands of pages, each placed anywhere: the time to write one
    /// then depended on where a process's pages fell, and the memory floor of five processes
    /// spread over ±15 % (the composite over ±10 %, not in step); in 2 MiB pages, ±3 %.
    static func adviseHugePages(_ bytes: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        let huge = 2 << 20
        guard let base = bytes.baseAddress, bytes.count >= 2 * huge else { return }
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + bytes.count) & ~(huge - 1)
        guard end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(address, end - start, 14)  // MADV_HUGEPAGE
        #endif
    }

    /// Creates a pixmap of `size`; nil for an invalid size (see `init(width:height:fill:)`).
    public init?(size: PixelSize, fill color: PremultipliedColor = .transparent) {
        self.init(width: size.width, height: size.height, fill: color)
    }

    /// The pixmap's size in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }
    /// The rectangle `0, 0, width, height`.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The pixel at `x`, `y` (must be inside the pixmap).
    public subscript(x: Int, y: Int) -> PremultipliedColor {
        get { PremultipliedColor(packed: pixels[y * width + x]) }
        set { pixels[y * width + x] = newValue.packed }
    }

    /// CRC-32 of the pixels (as stored, premultiplied RGBA bytes) in hex: a fingerprint of the
    /// picture for results and gates. O(pixels).
    public var checksum: String {
        let crc = pixels.withUnsafeBytes { Checksum.crc32($0) }
        let hex = String(crc, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// True when every pixel has alpha 255. O(pixels).
    public var isFullyOpaque: Bool { pixels.allSatisfy { $0 >> 24 == 0xFF } }
}
