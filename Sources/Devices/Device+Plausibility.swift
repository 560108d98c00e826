import Results
import Text

/// Whether a screen given in a scenario file looks like a device, measured against the catalogue.
///
/// A screen's `width` and `height` are points; a spec sheet gives pixels. Typed into a file, an
/// old iPhone's 640 × 1136 pixels make a 640-point screen at 2×, as wide as an iPad's table, and
/// the run measures the wrong device without failing. Such a size is not an error (a screen of any
/// size can be modelled), so it gets a note that says what was read and what was probably meant.
extension Device {
    /// How many times the catalogue device closest in shape a screen may be, side for side, before
    /// it looks like pixels typed as points: halfway between 1 (points) and 2 (pixels at 2×).
    public static let pointsLookLikePixels = 1.5

    /// A sentence for a note when this screen is implausible as a device; nil when it is not
    /// (docs/scenario-files.md, `device`): either way up, larger than `ipad-pro-12.9`, or, at a
    /// scale above 1, at least `pointsLookLikePixels` times the catalogue device closest to it in
    /// shape, shorter side to shorter side, as pixels typed as points look. The sentence names the
    /// screen in points and pixels, the rule it broke and, at a scale above 1, the size in points
    /// that the numbers make when read as pixels.
    public var implausibility: String? {
        guard width > 0, height > 0, let largest = Device.catalogue.max(by: { $0.area < $1.area }) else { return nil }
        let pixels = pixelSize
        let read = "device '\(Escape.message(name))' is \(points(width)) × \(points(height)) pt at \(points(scale))× "
            + "(\(pixels.width) × \(pixels.height) pixels)"
        let meant = scale > 1 ? ": did you mean \(points(width / scale)) × \(points(height / scale))?" : "."
        if shorterSide > largest.shorterSide || longerSide > largest.longerSide {
            return read + ", larger than any catalogue device (the largest, \(largest.name), is "
                + "\(points(largest.width)) × \(points(largest.height)) pt); sizes are in points" + meant
        }
        guard scale > 1, let nearest = Device.catalogue.min(by: { abs($0.aspect - aspect) < abs($1.aspect - aspect) }),
              shorterSide >= Device.pointsLookLikePixels * nearest.shorterSide else { return nil }
        return read + ", \(Format.fixed(shorterSide / nearest.shorterSide, 1)) times the size of \(nearest.name) "
            + "(\(points(nearest.width)) × \(points(nearest.height)) pt), the catalogue device of its shape; sizes are in points" + meant
    }

    private var shorterSide: Double { Swift.min(width, height) }
    private var longerSide: Double { Swift.max(width, height) }
    /// The longer side over the shorter: 1.78 for an iPhone SE, 1.33 for a 12.9-inch iPad.
    private var aspect: Double { longerSide / shorterSide }
    private var area: Double { width * height }

    /// A length in points as a person writes it: `320`, `426.67`.
    private func points(_ value: Double) -> String {
        var text = Format.fixed(value, 2)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
