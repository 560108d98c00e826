import Results
/// Whether a row's step time stands out from the reference strategy's (`none`) in the same run:
/// the console table's `~` next to `× none` says it does not. From several processes it tests one
/// value per process (`Results.independentSamples`), as `bench compare` does, so a difference would
/// repeat; otherwise (or with too few processes for any p-value below α) the first round's per-step
/// times, interleaved step by step over the same scroll, whose difference is real in this run but,
/// sharing one process's luck, may not repeat. Mann–Whitney U, two-sided, at `Comparison.alpha`.
public struct ReferenceTest: Equatable, Sendable {
    /// The values the test compared.
    public enum Basis: Equatable, Sendable {
        /// One median step time per process, this many on each side.
        case processes(Int)
        /// The first round's per-step times, this many on each side.
        case steps(Int)
    }

    /// What was compared.
    public var basis: Basis
    /// The test of this row's values against the reference strategy's.
    public var result: MannWhitney.Result

    /// True when the step times differ from the reference's at `Comparison.alpha`.
    public var isSignificant: Bool { result.p < Comparison.alpha }
}

extension Results {
    /// The test of `run`'s step times against the reference strategy's on the same scenario; nil
    /// for the reference itself, when the reference did not run, or when there are too few values
    /// for any difference to be significant.
    /// - Complexity: O(N log N) in the steps compared.
    public func referenceTest(_ run: RunResult) -> ReferenceTest? {
        guard run.strategy != Ratio.referenceStrategy,
              let reference = runs.first(where: { $0.scenario == run.scenario && $0.strategy == Ratio.referenceStrategy })
        else { return nil }
        if (processes ?? 1) > 1 {
            let xs = independentSamples(run, .step), ys = independentSamples(reference, .step)
            let test = MannWhitney.test(xs, ys)
            if test.smallestPossibleP < Comparison.alpha {
                return ReferenceTest(basis: .processes(min(xs.count, ys.count)), result: test)
            }
        }
        let xs = run.timedSamples(.step).map(Double.init), ys = reference.timedSamples(.step).map(Double.init)
        let test = MannWhitney.test(xs, ys)
        guard test.smallestPossibleP < Comparison.alpha else { return nil }
        return ReferenceTest(basis: .steps(min(xs.count, ys.count)), result: test)
    }
}
