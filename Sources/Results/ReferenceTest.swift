/// Whether a row's step time stands out from the reference strategy's (`none`) in the same run:
/// what the console table's `~` next to `× none` says when it does not.
///
/// Which values are tested depends on how the run was made, and the answer means no more than
/// they allow:
/// - From several processes (`bench run --processes N`), one value per process: its median step
///   time (`Results.independentSamples`), as `bench compare` tests them. Processes repeat the work
///   from a fresh start, so a difference that stands out from their spread would repeat.
/// - Otherwise (or with too few processes for any p-value below α), the per-step times of the
///   first round (`samples.step`). Every strategy runs the same steps, interleaved step by step,
///   so the two samples describe the same scroll. The steps of one process share its luck (the
///   placement of its buffers in the caches), so a difference this test finds is real in this
///   run but may not repeat in another process; a `~` says that not even this run can tell the
///   two apart.
///
/// The test is Mann–Whitney U, two-sided, at `Comparison.alpha`.
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
