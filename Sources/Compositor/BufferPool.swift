import Raster

/// Off-screen buffers kept between frames, by size, so the renderer's steady state allocates none
/// (a GPU driver keeps its render targets the same way). Buffers come back dirty; every user
/// clears what it does not cover.
struct BufferPool {
    private var free: [PixelSize: [Pixmap]] = [:]
    private var held = 0
    /// Buffers allocated because none of the size was free (a counter for the speed work).
    private(set) var allocations = 0
    /// The most buffers kept.
    let capacity = 64

    mutating func take(_ size: PixelSize) -> Pixmap? {
        if let buffer = free[size]?.popLast() {
            held -= 1
            return buffer
        }
        allocations += 1
        return Pixmap(size: size)
    }

    mutating func give(_ buffer: Pixmap) {
        guard held < capacity else { return }
        free[buffer.size, default: []].append(buffer)
        held += 1
    }
}
