/// A blur of what lies behind a layer, as `UIVisualEffectView` with a `UIBlurEffect` draws it: the
/// target's pixels under the layer's bounds captured, downscaled, blurred horizontally and
/// vertically, upscaled and tinted, each step a pass of its own (WWDC 2014 session 419), then
/// drawn beneath the layer's background, contents and sublayers.
public struct Backdrop: Hashable, Sendable {
    /// The blur's radius in points: a Gaussian of σ = `radius × scale / 2` pixels, as a shadow's.
    public var radius: Double
    /// The colour laid over the blurred pixels (its alpha decides how much of them shows).
    public var tint: Color

    /// A blur of `radius` points under `tint`.
    public init(radius: Double, tint: Color) {
        self.radius = radius
        self.tint = tint
    }
}
