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
///
/// `CORNERBENCH_SLOWDOWN=strategy:phase:memory` instead makes the phase read one word of every
/// other cache line of a framebuffer-sized buffer of its own after its work: an extra pass over a
/// frame's memory, which costs memory traffic (a RAM access per line read under the simulated
/// cache) and few instructions (about 1.4 per line), the regression instruction counts miss.
enum FaultInjection {
    /// How one phase is slowed.
    enum Slowdown {
        /// Busy-wait for this fraction of the phase's own duration.
        case time(Double)
        /// Read one word of every other cache line of a framebuffer-sized buffer.
        case memory
    }

    /// The slowdown of each phase; nil for none. Stored per phase, not in a dictionary, so the
    /// phases that are not slowed execute the same instructions as in a normal build but for one
    /// test of nil.
    struct Slowdowns {
        var reuse: Slowdown?
        var layout: Slowdown?
        var composite: Slowdown?

        /// The slowdown for `phase`; nil when it is not slowed (`step` never is).
        subscript(phase: Phase) -> Slowdown? {
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
        guard parts.count == 3, parts[0] == strategy else { return out }
        let slowdown: Slowdown
        if parts[2] == "memory" {
            slowdown = .memory
        } else if let fraction = Double(parts[2]), fraction > 0 {
            slowdown = .time(fraction)
        } else {
            return out
        }
        switch parts[1] {
        case "reuse": out.reuse = slowdown
        case "layout": out.layout = slowdown
        case "composite": out.composite = slowdown
        default: break
        }
        return out
    }

    /// Reads one 64-bit word of every other 64-byte line of `buffer`, eight lines a loop turn:
    /// about 1.4 instructions and one last-level miss per line read.
    @inline(never)
    static func touch(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        let words = base.assumingMemoryBound(to: UInt64.self)
        var sum: UInt64 = 0
        var i = 0
        let end = buffer.count / 8 - 8 * stride
        while i <= end {
            sum &+= words[i] &+ words[i &+ stride] &+ words[i &+ 2 &* stride] &+ words[i &+ 3 &* stride]
                &+ words[i &+ 4 &* stride] &+ words[i &+ 5 &* stride] &+ words[i &+ 6 &* stride] &+ words[i &+ 7 &* stride]
            i &+= 8 &* stride
        }
        if sum == 1 { print("", terminator: "") }
    }

    /// 128 bytes between the words `touch` reads: every other cache line.
    private static let stride = 16

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
