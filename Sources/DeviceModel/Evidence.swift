/// Where a parameter of the device model comes from, strongest first.
///
/// Every figure in `GPUCatalog.builtIn` carries at least one, so a reader can tell a reviewer's
/// number from a guess. The text is short (a source's name and its number in
/// docs/device-model.md, or the reasoning); the doc holds the URLs. Named `Evidence` rather than
/// `Provenance`, which the Results module already uses for a run's origin.
public enum Evidence: Sendable, Hashable {
    /// A named public source: Apple, a reviewer, a teardown, a datasheet.
    case published(String)
    /// A spec-aggregator site that cites nothing (askgeek, hmc-tech, nanoreview, topcpu): weaker.
    case database(String)
    /// Computed from published or database figures, e.g. bus width × data rate, or pixels per
    /// clock × clock; the text gives the computation and any assumption.
    case derived(String)
    /// No source at all: a plausible range, with the reasoning said plainly.
    case unsourced(String)

    /// The source's name or the reasoning.
    public var text: String {
        switch self {
        case .published(let text), .database(let text), .derived(let text), .unsourced(let text): text
        }
    }

    /// One word for the kind of evidence, for reports: `published`, `database`, `derived`, `unsourced`.
    public var kind: String {
        switch self {
        case .published: "published"
        case .database: "database"
        case .derived: "derived"
        case .unsourced: "unsourced"
        }
    }
}

/// A model parameter as a range, with the evidence for it.
///
/// The range is `low...high` in the parameter's own unit, whichever end is the fast one: for a
/// rate (bandwidth, fill rate) `high` is fast, for a cost (seconds per pass) `low` is. Where
/// sources conflict the range spans them; where they agree it may be a single value.
public struct SourcedRange: Sendable, Hashable {
    /// The smallest value the evidence supports.
    public let low: Double
    /// The largest value the evidence supports.
    public let high: Double
    /// Why the range is what it is; one entry per source or computation, never empty.
    public let evidence: [Evidence]

    /// A range with its evidence.
    public init(_ range: ClosedRange<Double>, _ evidence: Evidence...) {
        precondition(!evidence.isEmpty, "a parameter needs its evidence")
        low = range.lowerBound
        high = range.upperBound
        self.evidence = evidence
    }

    /// A range with a list of evidence (as a profile file gives it); the list must not be empty.
    public init(_ range: ClosedRange<Double>, evidence: [Evidence]) {
        precondition(!evidence.isEmpty, "a parameter needs its evidence")
        low = range.lowerBound
        high = range.upperBound
        self.evidence = evidence
    }

    /// `low...high`.
    public var range: ClosedRange<Double> { low...high }
}
