import Text

/// A rendered frame to show in an HTML report, such as one `bench render` wrote, as PNG bytes.
public struct FramePNG: Equatable, Sendable {
    /// The caption: which scenario, strategy, step and overlay the picture shows.
    public var title: String
    /// The picture as a PNG file's bytes; the report embeds them as a `data:` URI.
    public var pngBytes: [UInt8]
    /// What each colour of the overlay means: `#RRGGBB` and a phrase, shown under the picture.
    public var legend: [Legend]

    /// One colour of a picture's legend.
    public struct Legend: Equatable, Sendable {
        /// The colour as `#RRGGBB`.
        public var colour: String
        /// What a pixel of that colour shows.
        public var meaning: String

        public init(colour: String, meaning: String) {
            self.colour = colour
            self.meaning = meaning
        }
    }

    /// A part of the picture enlarged, shown in its place on the page so that what it is about (a
    /// rounded corner, a few pixels of a whole frame) can be seen; the whole picture opens from it.
    public var closeUp: CloseUp?

    /// A close-up of part of a picture.
    public struct CloseUp: Equatable, Sendable {
        /// The close-up as a PNG file's bytes.
        public var pngBytes: [UInt8]
        /// What it shows (`Close-up of a section's top-left corner, each pixel drawn 2 × 2`).
        public var caption: String

        public init(pngBytes: [UInt8], caption: String) {
            self.pngBytes = pngBytes
            self.caption = caption
        }
    }

    /// A picture titled `title` whose PNG file is `pngBytes`, with its overlay's `legend` and,
    /// optionally, a `closeUp` shown in its place.
    public init(title: String, pngBytes: [UInt8], legend: [Legend] = [], closeUp: CloseUp? = nil) {
        self.title = title
        self.pngBytes = pngBytes
        self.legend = legend
        self.closeUp = closeUp
    }
}

extension FramePNG {
    /// The frame of `scenario` that `strategy` drew at `step` with `overlay`, titled with those
    /// (the name shortened), as `bench run --html` shows it: the command gathers the pictures, this
    /// writes their captions.
    public init(scenario: String, strategy: String, step: Int, overlay: String, pngBytes: [UInt8],
                legend: [Legend], closeUp: CloseUp?) {
        self.init(title: "\(Escape.shortened(scenario)), \(strategy), step \(step), overlay \(overlay)",
                  pngBytes: pngBytes, legend: legend, closeUp: closeUp)
    }
}

extension FramePNG.CloseUp {
    /// A close-up of a section's corner on the `edge` (`top`, `bottom`) side, each pixel drawn
    /// `zoom` × `zoom`.
    public init(pngBytes: [UInt8], cornerOn edge: String, zoom: Int) {
        self.init(pngBytes: pngBytes, caption: "Close-up of a section's \(edge)-left corner"
                                                + (zoom > 1 ? ", each pixel drawn \(zoom) × \(zoom)" : ""))
    }
}
