extension CoverageMask {
    /// The coverage of the ellipse inscribed in `rect` (pixels, fractional edges allowed), in a
    /// mask of `size`: each value the exact area of the pixel inside, rounded to 1/255. A circle is
    /// the rounded rectangle of radius half its side, value for value, so a circular mask covers
    /// exactly what a `cornerRadius` of half the side clips to; any other ellipse is a stretched
    /// circle, and a stretch scales every area alike (`a × b ×` the area of the unit disk inside the
    /// pixel mapped back, `Coverage.diskArea`). Nil when `size` is empty.
    /// - Complexity: O(pixels), with a disk-area evaluation for each pixel the ellipse's edge crosses.
    public init?(size: PixelSize, ellipseIn rect: (x0: Double, y0: Double, x1: Double, y1: Double)) {
        let (x0, y0, x1, y1) = rect
        if x1 - x0 == y1 - y0 {
            self.init(size: size, roundedRect: rect, radius: (x1 - x0) / 2, corners: .all)
            return
        }
        self.init(size: size)
        guard x1 > x0, y1 > y0 else { return }
        let a = (x1 - x0) / 2, b = (y1 - y0) / 2
        let cx = x0 + a, cy = y0 + b
        func inside(_ x: Double, _ y: Double) -> Bool {
            let u = (x - cx) / a, v = (y - cy) / b
            return u * u + v * v <= 1
        }
        let px0 = max(0, Int(x0.rounded(.down))), px1 = min(width, Int(x1.rounded(.up)))
        let py0 = max(0, Int(y0.rounded(.down))), py1 = min(height, Int(y1.rounded(.up)))
        guard px0 < px1, py0 < py1 else { return }
        for py in py0..<py1 {
            let top = Double(py), bottom = top + 1
            for px in px0..<px1 {
                let left = Double(px), right = left + 1
                // The ellipse is convex: a pixel whose four corners are inside lies inside.
                if inside(left, top) && inside(right, top) && inside(left, bottom) && inside(right, bottom) {
                    values[py * width + px] = 255
                    continue
                }
                let area = a * b * Coverage.diskArea(cx: 0, cy: 0, r: 1, x0: (left - cx) / a, x1: (right - cx) / a,
                                                     y0: (top - cy) / b, y1: (bottom - cy) / b)
                values[py * width + px] = Coverage.byte(area)
            }
        }
    }
}
