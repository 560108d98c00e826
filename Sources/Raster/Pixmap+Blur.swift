extension Pixmap {
    /// The image blurred by a Gaussian of `sigma` pixels, channel by channel on the premultiplied
    /// values, by `CoverageMask`'s three box blurs; beyond the image its edge pixels repeat, so an
    /// opaque picture stays opaque to its edges (as a backdrop blur, which reads what lies behind,
    /// keeps it). Returns the blurred image and the bytes the box passes read and wrote.
    /// - Complexity: O(pixels with the blur's margin) per channel, whatever `sigma`.
    public func blurred(sigma: Double, scratch: inout BlurScratch) -> (image: Pixmap, read: Int, written: Int) {
        let margin = CoverageMask.blurReach(sigma: sigma)
        let size = PixelSize(width: width + 2 * margin, height: height + 2 * margin)
        guard margin > 0, var channel = CoverageMask(size: size) else { return (self, 0, 0) }
        var out = self
        var read = 0, written = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            for y in 0..<size.height {
                let source = Swift.min(Swift.max(y - margin, 0), height - 1) * width
                for x in 0..<size.width {
                    let sx = Swift.min(Swift.max(x - margin, 0), width - 1)
                    channel.values[y * size.width + x] = UInt8((pixels[source + sx] >> shift) & 0xFF)
                }
            }
            let traffic = channel.blur(sigma: sigma, scratch: &scratch)
            read += traffic.read
            written += traffic.written
            for y in 0..<height {
                for x in 0..<width {
                    let v = UInt32(channel.values[(y + margin) * size.width + x + margin])
                    out.pixels[y * width + x] = (out.pixels[y * width + x] & ~(0xFF << shift)) | (v << shift)
                }
            }
        }
        // Rounding may leave a colour a step above its alpha; premultiplied values never are.
        for i in out.pixels.indices {
            let p = out.pixels[i], a = p >> 24
            let r = Swift.min(p & 0xFF, a), g = Swift.min((p >> 8) & 0xFF, a), b = Swift.min((p >> 16) & 0xFF, a)
            out.pixels[i] = r | g << 8 | b << 16 | a << 24
        }
        return (out, read, written)
    }

    /// The image scaled up to `size` by nearest neighbour, `factor` pixels of the result to one
    /// of the image along each axis (the last row and column repeat where `size` runs past them);
    /// nil for an empty size.
    /// - Complexity: O(pixels of the result).
    public func upscaled(to size: PixelSize, factor: Int) -> Pixmap? {
        guard factor > 0, var out = Pixmap(size: size) else { return nil }
        for y in 0..<size.height {
            let source = Swift.min(y / factor, height - 1) * width, row = y * size.width
            for x in 0..<size.width { out.pixels[row + x] = pixels[source + Swift.min(x / factor, width - 1)] }
        }
        return out
    }
}
