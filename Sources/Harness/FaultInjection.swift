#if CORNERBENCH_FAULT_INJECTION
import Foundation
import Results

/// A deliberate slowdown, compiled only with `-Xswiftc -DCORNERBENCH_FAULT_INJECTION`, so that
/// `scripts/gate-error-rates.sh` can measure whether the gate catches a known regression; release
/// and CI builds hold none of it. `CORNERBENCH_SLOWDOWN=strategy:phase:fraction` (e.g.
/// `per-cell-mask:layout:0.10`) busy-waits the phase for `fraction` of its own duration after its
/// work, the same modelled work; `strategy:phase:memory` reads one word of every other cache line
/// of a frame-sized buffer after it: memory traffic at about 1.4 instructions a line, the
/// regression instruction counts miss.
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
