/// The rules of Core Animation's render server that decide an off-screen pass, as of one iOS
/// version: what a layer tree costs depends on the iOS it runs on (docs/cost-model.md §7, "Rules by
/// iOS version", gives each rule its sources).
///
/// Rules are data: each is a small table of versions (`Rule`), read where the renderer decides a
/// pass (`Layer.needsOffscreenPass(_:)`), not branches spread through the renderer.
public struct CoreAnimationRules: Sendable, Equatable, Hashable {
    /// The iOS major version the rules are those of.
    public let ios: Int

    /// The iOS versions the model knows: from iOS 4 (the oldest that runs on a catalogue chip,
    /// the A4) to the newest whose behaviour public sources describe.
    public static let versions: ClosedRange<Int> = 4...17

    /// The rules of `ios`; nil outside `versions`.
    public init?(ios: Int) {
        guard Self.versions.contains(ios) else { return nil }
        self.ios = ios
    }

    /// The rules of the newest iOS the model knows: the default.
    public static let newest = CoreAnimationRules(ios: versions.upperBound)!

    /// One rule: from which version it changed, and what the sources say about the change.
    public struct Rule: Sendable, Equatable {
        /// The rule's name in docs and reports.
        public let name: String
        /// The first version in which the later behaviour holds; nil when no change is known.
        public let changedIn: Int?
        /// Versions for which the sources disagree; the model takes the earlier behaviour there
        /// (the dearer one) and says so.
        public let disputed: ClosedRange<Int>?
        /// The sources, short (docs/cost-model.md §7 holds the sentences).
        public let sources: String
    }

    /// `cornerRadius` + `masksToBounds` on a layer with one thing to clip, its contents (an image
    /// view's image: no background, sublayers, border, shadow or mask), is drawn through the
    /// rounded coverage in the pass it is in, with no off-screen pass, from iOS 10; before, every
    /// rounded clip of contents took one (WWDC 2014 session 419). iOS 9 is disputed: some posts
    /// date the change to it, Instruments reports of the time still show the pass.
    public static let directContentsClip = Rule(
        name: "rounded clip of contents alone", changedIn: 10, disputed: 9...9,
        sources: "WWDC 2014 session 419 (a pass); overlay experiments on iOS 10, 11, 13 and an iPhone 12 with iOS 16 (none for an image-only view, one with a background colour); iOS 9 disputed")

    /// The rules, for docs and the listing.
    public static let all = [directContentsClip]

    /// Whether `rule`'s later behaviour holds under these rules (its disputed versions keep the
    /// earlier one).
    public func follows(_ rule: Rule) -> Bool {
        guard let changedIn = rule.changedIn else { return false }
        return ios >= changedIn
    }

    /// Whether these rules draw the rounded clip of `layer` in the pass it is in, without a pass
    /// of its own: `directContentsClip`, for a layer whose one thing to clip is its contents.
    public func clipsDirectly(_ layer: Layer) -> Bool {
        follows(Self.directContentsClip) && layer.clipsOnlyItsContents
    }

    /// The versions for which a rule's sources disagree and the model takes the dearer reading.
    public var disputedRules: [Rule] { Self.all.filter { $0.disputed?.contains(ios) ?? false } }
}
