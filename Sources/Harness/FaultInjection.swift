#if CORNERBENCH_FAULT_INJECTION
import Foundation
import Results

/// A deliberate slowdown, compiled only into a build made with
/// `-Xswiftc -DCORNERBENCH_FAULT_INJECTION`, so a script can measure whether the gate catches a
/// known regression (`scripts/gate-error-rates.sh`). Release and CI builds contain none of it.
///
/// `CORNERBENCH_SLOWDOWN=strategy:phase:fraction` (e.g. `per-cell-mask:layout:0.10`) makes that
/// strategy's phase busy-wait for `fraction` of its own measured duration after doing its work:
/// a phase 10 % slower in wall-clock time, doing the same modelled work.
enum FaultInjection {
    /// The fraction each phase is slowed by; nil for none. Stored per phase, not in a
    /// dictionary, so the phases that are not slowed execute the same instructions as in a
    /// normal build but for one test of nil.
    struct Slowdowns {
        var reuse: Double?
        var layout: Double?
        var composite: Double?

        /// The fraction for `phase`; nil when it is not slowed (`step` never is).
        subscript(phase: Phase) -> Double? {
            switch phase {
            case .reuse: reuse
            case .layout: layout
            case .composite: composite
            case .step: nil
            }
        }
    }

    /// The slowdown for `strategy`, from the environment.
    static func slowdowns(for strategy: String) -> Slowdowns {
        var out = Slowdowns()
        guard let text = ProcessInfo.processInfo.environment["CORNERBENCH_SLOWDOWN"] else { return out }
        let parts = text.split(separator: ":")
        guard parts.count == 3, parts[0] == strategy, let fraction = Double(parts[2]), fraction > 0 else { return out }
        switch parts[1] {
        case "reuse": out.reuse = fraction
        case "layout": out.layout = fraction
        case "composite": out.composite = fraction
        default: break
        }
        return out
    }

    /// Spins until `fraction` of the time since `start` has passed again.
    @inline(never)
    static func spin(since start: UInt64, fraction: Double) {
        let deadline = Stopwatch.now() + UInt64(Double(Stopwatch.now() - start) * fraction)
        var state: UInt64 = start
        while Stopwatch.now() < deadline {
            for _ in 0..<32 { state = state &* 6364136223846793005 &+ 1442695040888963407 }
        }
        if state == 0 { print("", terminator: "") }
    }
}
#endif
