/// How far the model's estimates are from the published on-device measurements it can express
/// (docs/device-model.md, "Checking against published measurements"): the factor between each
/// published frame time and the centre of the model's range, over the comparable cases.
///
/// These figures are what `PublishedEvidenceTests` computes from runs of `Benchmarks/evidence/`:
/// it recomputes them and fails when they differ, so they move with the model, never apart from
/// it. Nothing in the model is fitted to the cases.
public enum PublishedAccuracy {
    /// The published measurements compared.
    public static let cases = 10
    /// The geometric mean of the factors (each ≥ 1, published over model or model over published).
    public static let typicalFactor = 1.32
    /// The largest factor.
    public static let worstFactor = 1.91

}
