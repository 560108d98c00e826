import Raster

extension Renderer {
    /// The layer's border, when it has one, whose pixels are `px` in `t`: blended pieces over its
    /// ring (`BorderCoverage`), composited above its contents and sublayers (Apple's
    /// `borderWidth` documentation), with no pass of its own. `clipped` is true inside the
    /// layer's own off-screen pass or bitmap when that is clipped to the rounded bounds: the
    /// ring's outer edge is then drawn square and rounded once, by the clip, as the background is.
    /// The pieces' coverage is kept in the rounded-coverage cache; a ring too large for it gets
    /// the coverage of its visible part, made each frame.
    func buildBorder(_ layer: Layer, px: PixelRect, opacity: Double, clipped: Bool, into ops: inout [DrawOp], _ t: Target) {
        let width = layer.borderWidth * t.scale
        guard width > 0 else { return }
        let visible = px.intersection(t.clip)
        guard !visible.isEmpty else { return }
        let color = layer.borderColor.premultiplied.scaled(by: UInt8((opacity * 255).rounded()))
        let radius = layer.cornerRadius * t.scale, corners = layer.maskedCorners
        if let (border, kept) = roundedCoverage.border(px.size, width: width, radius: radius, corners: corners, squareOuter: clipped) {
            for piece in border.pieces {
                let rect = piece.rect.offsetBy(dx: px.x, dy: px.y).intersection(t.clip)
                guard !rect.isEmpty else { continue }
                ops.append(DrawOp(rect: rect, paint: .shape(color, piece.mask, offset: PixelPoint(x: px.x + piece.rect.x, y: px.y + piece.rect.y)),
                                  mark: .blended, keptCoverage: kept))
            }
            return
        }
        let shown = visible.offsetBy(dx: -px.x, dy: -px.y)
        let box = (0.0, 0.0, Double(px.width), Double(px.height))
        for piece in BorderCoverage.rects(size: px.size, width: width, radius: radius, corners: corners) {
            let window = piece.intersection(shown)
            guard !window.isEmpty, let part = CoverageMask(window: window, borderOf: box, width: width, radius: radius,
                                                           corners: corners, squareOuter: clipped) else { continue }
            let rect = window.offsetBy(dx: px.x, dy: px.y)
            ops.append(DrawOp(rect: rect, paint: .shape(color, part, offset: rect.origin), mark: .blended))
        }
    }
}
