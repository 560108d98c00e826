import JSON

/// The keys a layer's cost and a fix's cost both write (`CellLayerCost.CodingKeys`,
/// `CellFixCost.CodingKeys`), so that what they share is read once for both.
protocol CellCostKeys: CodingKey {
    /// Off-screen passes per frame.
    static var offscreenPasses: Self { get }
    /// Splits of the screen's pass per frame.
    static var screenSplits: Self { get }
    /// Tile traffic per frame, bytes.
    static var tileTrafficBytes: Self { get }
    /// Blended pixels per frame.
    static var blendedPixels: Self { get }
    /// The price's fast end, ns per frame.
    static var gpuLowNanos: Self { get }
    /// The price's slow end, ns per frame.
    static var gpuHighNanos: Self { get }
}

extension CellLayerCost.CodingKeys: CellCostKeys {}
extension CellFixCost.CodingKeys: CellCostKeys {}

extension KeyedFields where Key: CellCostKeys {
    /// The means per frame of a layer's or a fix's cost and, priced, the two ends of its price in
    /// nanoseconds, refused when only one end is given or the fast end is above the slow one (as a
    /// row's `deviceTime`'s may not be).
    func cellCost(of priced: ResultsProblem.Priced) throws
        -> (offscreenPasses: Double, screenSplits: Double, tileTrafficBytes: Double, blendedPixels: Double, gpuLowNanos: Int?, gpuHighNanos: Int?) {
        let cost = (offscreenPasses: try required(.offscreenPasses, "a number").measure(),
                    screenSplits: try required(.screenSplits, "a number").measure(),
                    tileTrafficBytes: try required(.tileTrafficBytes, "a number").measure(),
                    blendedPixels: try required(.blendedPixels, "a number").measure(),
                    gpuLowNanos: try optional(.gpuLowNanos)?.count(), gpuHighNanos: try optional(.gpuHighNanos)?.count())
        switch (cost.gpuLowNanos, cost.gpuHighNanos) {
        case (nil, nil): break
        case let (low?, high?) where low <= high: break
        case let (low?, high?): throw node.invalid(.priceEndsReversed(low: low, high: high))
        default: throw node.invalid(.priceEndsApart(priced))
        }
        return cost
    }
}
