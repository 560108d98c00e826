import BenchKit
import Compositor
import Raster
import Table

/// Small deterministic random numbers for tests (SplitMix64), so failures reproduce.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Scenarios small enough for unit tests, with every figure a test needs to derive expectations.
public enum Fixtures {
    /// A regular-width screen (so the inset style applies) small enough to render quickly.
    public static func device(width: Double = 600, height: Double = 400, scale: Double = 2) -> Device {
        Device(name: "test", width: width, height: height, scale: scale, refreshHz: 120)
    }

    /// One section of `rows` rows that stays fully on screen while the content scrolls
    /// `pointsPerStep` per step: a tall footer makes the content scrollable.
    public static func singleSection(rows: Int = 3, radius: Double = 7, scale: Double = 2,
                                     pointsPerStep: Double = 2, steps: Int = 8) -> Scenario {
        Scenario(name: "single-section", device: device(scale: scale), sections: 1, rowsPerSection: [rows],
                 rowHeight: 44, headerHeight: 60, footerHeight: 400,
                 style: TableStyle(cornerRadius: radius), pointsPerStep: pointsPerStep, steps: steps, warmupSteps: 0)
    }

    /// A long table of mixed sections for scrolling and reuse tests.
    public static func longTable(sections: Int = 200, device: Device = device(), pointsPerStep: Double = 10,
                                 steps: Int = 100) -> Scenario {
        Scenario(name: "long-table", device: device, sections: sections, rowsPerSection: [1, 3, 8, 2, 0, 5],
                 pointsPerStep: pointsPerStep, steps: steps, warmupSteps: 0)
    }

    /// The pixel rectangles of every rounded corner on screen: the r × r squares at the rounded
    /// corners of each visible cap cell (where strategies may differ by anti-aliasing rounding).
    public static func cornerSquares(of simulation: Simulation) -> [PixelRect] {
        let table = simulation.table
        let scale = simulation.scenario.device.scale
        let r = table.cornerRadius
        var squares: [PixelRect] = []
        for (indexPath, cell) in table.visibleCells {
            let f = cell.layer.frame
            let y = f.minY - table.contentOffset
            let corners = RowPosition(row: indexPath.row, count: table.numberOfRows(inSection: indexPath.section)).corners
            let all: [(Corners, Double, Double)] = [(.topLeft, f.minX, y), (.topRight, f.maxX - r, y),
                                                    (.bottomLeft, f.minX, y + f.height - r), (.bottomRight, f.maxX - r, y + f.height - r)]
            for (corner, x, cy) in all where corners.contains(corner) {
                squares.append(Rect(x: x, y: cy, width: r, height: r).pixelRect(scale: scale))
            }
        }
        return squares
    }
}

/// How two pictures differ.
public struct PictureDifference {
    /// Mean absolute difference per channel, in units of 1/255.
    public var meanAbsolute: Double
    /// Pixels where some channel differs by more than `threshold`.
    public var pixelsOverThreshold: [(x: Int, y: Int)]

    /// Compares `a` and `b` (same size) channel by channel.
    public init(_ a: Pixmap, _ b: Pixmap, threshold: Int = 1) {
        precondition(a.size == b.size)
        var total = 0
        var over: [(Int, Int)] = []
        for i in 0..<a.pixels.count {
            let p = a.pixels[i], q = b.pixels[i]
            if p == q { continue }
            var worst = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
                total += d
                worst = max(worst, d)
            }
            if worst > threshold { over.append((i % a.width, i / a.width)) }
        }
        meanAbsolute = Double(total) / Double(a.pixels.count * 4)
        pixelsOverThreshold = over
    }
}
