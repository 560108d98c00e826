import Raster

/// One operation of a render target's display list: a paint over a rectangle of the target.
struct DrawOp {
    /// The pixels it covers, already clipped, in the target's pixels.
    let rect: PixelRect
    /// What it puts there.
    let paint: Paint
    /// What the debug overlays show for it.
    let mark: OverlayMark
    /// True when its coverage mask was made in an earlier frame (a cached rounded clip, a path's
    /// cached coverage), not in this one.
    let keptCoverage: Bool
    /// True when it blends (and so hides nothing beneath it).
    let blends: Bool
    /// The bytes it reads per pixel from bitmaps kept from an earlier frame, which come from
    /// memory where a buffer drawn this frame comes from the cache: 4 for a source image that is
    /// a layer's contents or a rasterization cache hit (not an off-screen result or a cache miss),
    /// and 1 for a kept coverage mask.
    let keptBytesPerPixel: Int
    /// The bytes its kernel writes and reads per pixel shaded (`Paint.bytesPerPixel`).
    let bytesPerPixel: (written: Int, read: Int)
    /// The described cell layer it draws for (`Layer.costTag`), set when that layer's drawing
    /// is done; -1 for none.
    var costTag = -1

    /// An operation of `paint` over `rect`. What the shader asks of it for every band it crosses
    /// is worked out here, once: `Paint` lives in another module, and each question was a call
    /// and a copy of the paint, with its references retained, per band.
    init(rect: PixelRect, paint: Paint, mark: OverlayMark, keptCoverage: Bool = false) {
        self.rect = rect
        self.paint = paint
        self.mark = mark
        self.keptCoverage = keptCoverage
        blends = !paint.replaces
        var kept = keptCoverage ? 1 : 0
        if paint.readsImage {
            switch mark {
            case .offscreen, .rasterMiss: break
            case .opaque, .blended, .rasterHit: kept += 4
            }
        }
        keptBytesPerPixel = kept
        bytesPerPixel = paint.bytesPerPixel
    }

    /// The part of it inside `rect`, the same paint over fewer pixels (paints are placed in the
    /// target's pixels, so cutting the rectangle cuts nothing else); nil when none of it is.
    func clipped(to rect: PixelRect) -> DrawOp? {
        let inside = self.rect.intersection(rect)
        guard !inside.isEmpty else { return nil }
        var op = DrawOp(rect: inside, paint: paint, mark: mark, keptCoverage: keptCoverage)
        op.costTag = costTag
        return op
    }
}

/// How a drawn layer shows in Instruments-style debug overlays (docs/cost-model.md §1: "Color Blended Layers",
/// "Color Offscreen-Rendered Yellow", "Color Hits Green and Misses Red").
public enum OverlayMark: Sendable {
    /// Drawn opaquely: replaces what is beneath.
    case opaque
    /// Drawn with a blend.
    case blended
    /// The composite of an off-screen pass (drawn blended).
    case offscreen
    /// A rasterized layer drawn from the cache.
    case rasterHit
    /// A rasterized layer that was re-rendered off-screen this frame.
    case rasterMiss
}

/// The debug overlays `bench render --overlay` draws.
public enum Overlay: String, CaseIterable, Sendable {
    /// Blended layers red, opaque ones green.
    case blended
    /// Layers rendered off-screen this frame yellow.
    case offscreen
    /// Rasterization cache hits green, misses red.
    case raster

    /// The tints, as Instruments' debug options colour them.
    public static let red = Color(red: 230, green: 20, blue: 20)
    public static let green = Color(red: 20, green: 200, blue: 40)
    public static let yellow = Color(red: 250, green: 220, blue: 0)

    /// What each tint of this overlay means, for a picture's legend; pixels of no tint are drawn by
    /// layers this overlay does not mark. A pixel takes the tint of the front-most layer there.
    public var legend: [(tint: Color, meaning: String)] {
        switch self {
        case .blended:
            return [(Overlay.red, "blended: drawn over what is beneath (every strategy's text, icons, chevrons and separators, plus the strategy's own corners, caps or sections)"),
                    (Overlay.green, "opaque: replaces what is beneath")]
        case .offscreen:
            return [(Overlay.yellow, "off-screen this frame: a mask, a rounded clip, group opacity, a shadow without a path, a backdrop blur, a cache miss")]
        case .raster:
            return [(Overlay.green, "drawn from the rasterization cache (a hit)"),
                    (Overlay.red, "rendered again into the cache this frame (a miss)")]
        }
    }
}
