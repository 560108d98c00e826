extension Paint {
    /// The bytes a kernel moves for each pixel it shades: the destination pixel written once, and
    /// read back when the paint blends over it, plus the source pixels (4 bytes) and coverage
    /// values (1 byte) it reads. Summed over a frame, these are the memory traffic the frame's
    /// time cannot go below (see `TrafficBound`).
    @inlinable public var bytesPerPixel: (written: Int, read: Int) {
        switch self {
        case .fill: return (4, 0)
        case .blend: return (4, 4)
        case .copy: return (4, 4)
        case .draw, .scaled: return (4, 8)
        case .shape, .rounded: return (4, 5)
        case .masked: return (4, 9)
        }
    }

    /// True when it reads a source image, 4 bytes a pixel shaded (of `bytesPerPixel.read`).
    @inlinable public var readsImage: Bool {
        switch self {
        case .copy, .draw, .scaled, .masked: return true
        case .fill, .blend, .shape, .rounded: return false
        }
    }
}
