/// A change an app can make to one layer of its cell that Core Animation's rules say may save
/// off-screen work, as `bench run` prices it: a variant of the cell with the change made, run like
/// the row it is compared with (docs/scenario-files.md, "What a fix saves").
///
/// Each keeps the picture: a fix applies only where the layer's description shows it draws the
/// same pixels after the change (`CellVariant` in Harness decides).
public enum CellFix: String, Encodable, CaseIterable, Sendable {
    /// `shadowPath` set to the layer's rounded bounds, so the shadow's shape is known without
    /// rendering the layer (Tech Talk 10857: five passes, none with a path).
    case shadowPath
    /// The image drawn with its corners cut transparent, instead of clipped by `cornerRadius` +
    /// `masksToBounds` or a mask: nothing left to clip.
    case preRoundedImage
    /// `shouldRasterize` at the screen's scale: a pass on a cache miss, none on a hit.
    case rasterize
    /// `masksToBounds` off where nothing the layer draws reaches past its rounded bounds.
    case dropClip
    /// A plain layer: `cornerRadius` instead of a rounded mask (Tech Talk 10857: "use cornerRadius
    /// instead of a mask"), or no background colour behind an opaque image, so that the clip cuts
    /// the image alone.
    case plainBackground

    /// The fix in a few words, for tables.
    public var label: String {
        switch self {
        case .shadowPath: "shadow path"
        case .preRoundedImage: "pre-rounded image"
        case .rasterize: "rasterize"
        case .dropClip: "drop the clip"
        case .plainBackground: "plain background"
        }
    }
}
