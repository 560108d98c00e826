extension Pixmap {
    /// The image as a PNG file (8-bit RGBA, straight alpha), for `bench render` and failing tests.
    public func pngData() -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for (i, p) in pixels.enumerated() {
            let a = UInt32(p >> 24)
            rgba[i * 4 + 3] = UInt8(a)
            guard a > 0 else { continue }
            for c in 0..<3 {
                let v = (p >> UInt32(8 * c)) & 0xFF
                // Un-premultiply with rounding.
                rgba[i * 4 + c] = UInt8(min(255, (v * 255 + a / 2) / a))
            }
        }
        return PNGEncoder.encode(width: width, height: height, rgba: rgba)
    }
}
