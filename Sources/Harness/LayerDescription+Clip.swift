import Raster
import Scenarios
import Table

// What `CellVariant` reads of a layer to tell whether a fix keeps its picture: the rounded bounds
// it clips to and whether anything it draws reaches past them.

extension LayerDescription {
    /// The radius of the rounded bounds the layer clips its drawing to, in points: its
    /// `cornerRadius` with `masksToBounds`, or its mask's when the mask is its rounded bounds
    /// (with no other radius, or the same one); nil when it clips to no such shape. Radii above
    /// half the shorter side are that half, as the compositor clamps them.
    var roundedClip: Double? {
        let half = Swift.min(frame.width, frame.height) / 2
        guard half > 0 else { return nil }
        if let mask {
            guard let r = mask.boundsRadius(of: frame.size), r > 0 else { return nil }
            return cornerRadius == 0 || Swift.min(cornerRadius, half) == r ? r : nil
        }
        return masksToBounds && cornerRadius > 0 ? Swift.min(cornerRadius, half) : nil
    }

    /// The radius, in the picture's own points, that draws a picture of `size` (nil: the layer's)
    /// with corners of `radius` points on the layer, which scales it to its bounds; nil when the
    /// scaling is not uniform, so no radius would.
    func pictureRadius(_ radius: Double, size: Size?) -> Double? {
        guard let size else { return radius }
        let sx = size.width / frame.width, sy = size.height / frame.height
        guard sx.isFinite, abs(sx - sy) <= 1e-9 * Swift.max(sx, sy) else { return nil }
        return radius * sx
    }

    /// Whether the layer's contents draw nothing outside its bounds rounded by `radius`: none, or a
    /// picture whose own corners are cut at least as far.
    func contentsStayInside(radius: Double) -> Bool {
        switch contents {
        case .none: return true
        case .image(.picture(let size, _, let own)):
            guard let needed = pictureRadius(radius, size: size) else { return false }
            return own >= needed
        case .image(.symbol), .text: return false
        }
    }

    /// Whether every visible sublayer, with its own sublayers and shadows, lies inside the bounds
    /// rounded by `radius`: a rounded rectangle is convex, so a rectangle is inside when its four
    /// corners are.
    func sublayersStayInside(radius: Double) -> Bool {
        let size = frame.size
        func inside(_ x: Double, _ y: Double) -> Bool {
            guard x >= 0, y >= 0, x <= size.width, y <= size.height else { return false }
            let dx = Swift.max(radius - x, x - (size.width - radius), 0), dy = Swift.max(radius - y, y - (size.height - radius), 0)
            return dx * dx + dy * dy <= radius * radius * (1 + 1e-12)
        }
        return sublayers.allSatisfy { sublayer in
            guard let e = sublayer.extent else { return true }
            return inside(e.minX, e.minY) && inside(e.maxX, e.minY) && inside(e.minX, e.maxY) && inside(e.maxX, e.maxY)
        }
    }

    /// Where the layer and its sublayers can draw, in its parent's space: its frame, grown by an
    /// unclipped shadow's blur (⌈3σ⌉ pixels with σ = radius × scale / 2: at most 1.5 × radius + 1
    /// points) and by unclipped sublayers; nil when it draws nothing (hidden, or transparent).
    var extent: Rect? {
        guard !isHidden, opacity > 0 else { return nil }
        var rect = frame
        let clips = masksToBounds || mask != nil
        if let shadow, !clips {
            let grow = 1.5 * shadow.radius + 1
            rect = rect.union(Rect(x: frame.minX + shadow.offset.x - grow, y: frame.minY + shadow.offset.y - grow,
                                   width: frame.width + 2 * grow, height: frame.height + 2 * grow))
        }
        if !clips {
            for sublayer in sublayers {
                guard let e = sublayer.extent else { continue }
                rect = rect.union(Rect(x: frame.minX + e.minX, y: frame.minY + e.minY, width: e.width, height: e.height))
            }
        }
        return rect
    }
}

extension MaskShape {
    /// The radius of the mask when it is the rounded bounds of a layer of `size` (a rounded
    /// rectangle filling them, a circle, one rounded rectangle exactly the bounds), clamped to
    /// half the shorter side; nil for any other shape (an ellipse, several rectangles).
    func boundsRadius(of size: Size) -> Double? {
        let half = Swift.min(size.width, size.height) / 2
        switch self {
        case .roundedRect(let radius): return Swift.min(radius, half)
        case .oval: return size.width == size.height ? half : nil
        case .roundedRects(let shapes):
            guard shapes.count == 1, shapes[0].frame == Rect(x: 0, y: 0, width: size.width, height: size.height) else { return nil }
            return Swift.min(shapes[0].radius, half)
        }
    }
}

extension Rect {
    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
        let x = Swift.min(minX, other.minX), y = Swift.min(minY, other.minY)
        return Rect(x: x, y: y, width: Swift.max(maxX, other.maxX) - x, height: Swift.max(maxY, other.maxY) - y)
    }
}
