extension Pixmap {
    /// The image shrunk by an integer `factor` with a box filter (the mean of each factor × factor
    /// block, premultiplied, rounded), for pictures small enough to look at. Factor 1 returns the
    /// image unchanged.
    /// - Complexity: O(pixels).
    public func downsampled(by factor: Int) -> Pixmap {
        guard factor > 1 else { return self }
        return downsampled(by: factor, in: bounds) ?? self
    }

    /// The part of the image inside `rect` (clipped to the image) shrunk by an integer `factor`
    /// with a box filter, as `downsampled(by:)` shrinks the whole: without copying the part first.
    /// Nil when none of it is inside or `factor` is below 1.
    /// - Complexity: O(pixels of the part).
    public func downsampled(by factor: Int, in rect: PixelRect) -> Pixmap? {
        let part = rect.intersection(bounds)
        guard factor >= 1, !part.isEmpty else { return nil }
        let w = max(1, part.width / factor), h = max(1, part.height / factor)
        var out = Pixmap(width: w, height: h)!
        for oy in 0..<h {
            for ox in 0..<w {
                var sum = (0, 0, 0, 0), n = 0
                for y in (part.y + oy * factor)..<min(part.y + part.height, part.y + (oy + 1) * factor) {
                    for x in (part.x + ox * factor)..<min(part.x + part.width, part.x + (ox + 1) * factor) {
                        let p = pixels[y * width + x]
                        sum.0 += Int(p & 0xFF); sum.1 += Int((p >> 8) & 0xFF)
                        sum.2 += Int((p >> 16) & 0xFF); sum.3 += Int(p >> 24)
                        n += 1
                    }
                }
                let r = UInt32((sum.0 + n / 2) / n), g = UInt32((sum.1 + n / 2) / n)
                let b = UInt32((sum.2 + n / 2) / n), a = UInt32((sum.3 + n / 2) / n)
                out.pixels[oy * w + ox] = r | g << 8 | b << 16 | a << 24
            }
        }
        return out
    }
}

extension Pixmap {
    /// The part of the image inside `rect` (clipped to the image), or nil when none of it is; for
    /// pictures, copied by the preferred kernels.
    /// - Complexity: O(pixels of the part).
    public func cropped(to rect: PixelRect) -> Pixmap? {
        let r = rect.intersection(bounds)
        guard !r.isEmpty, var out = Pixmap(width: r.width, height: r.height) else { return nil }
        out.copy(self, from: r, to: .zero, kernels: .preferred)
        return out
    }

    /// The image enlarged by an integer `factor`, each pixel drawn as a `factor × factor` square
    /// (nearest neighbour), so a close-up shows the pixels as drawn rather than a smoothed guess.
    /// Factor 1 returns the image unchanged; nil when the result would be too large.
    /// - Complexity: O(pixels × factor²).
    public func enlarged(by factor: Int) -> Pixmap? {
        guard factor > 1 else { return self }
        let (w, wide) = width.multipliedReportingOverflow(by: factor)
        let (h, tall) = height.multipliedReportingOverflow(by: factor)
        guard !wide, !tall else { return nil }
        return upscaled(to: PixelSize(width: w, height: h), factor: factor)
    }
}
