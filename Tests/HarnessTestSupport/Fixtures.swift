import Devices
import Harness
import RasterTestSupport
import Compositor
import Raster
import Scenarios
import Table

/// Scenarios small enough for unit tests, with every figure a test needs to derive expectations.
public enum Fixtures {
    /// A regular-width screen (so the inset style applies) small enough to render quickly.
    public static func device(width: Double = 600, height: Double = 400, scale: Double = 2) -> Device {
        Device(name: "test", width: width, height: height, scale: scale, refreshHz: 120)
    }

    /// One section of `rows` rows that stays fully on screen while the content scrolls
    /// `pointsPerStep` per step: a tall footer makes the content scrollable. Empty cells by
    /// default, so a strategy's own cost is the whole figure.
    public static func singleSection(rows: Int = 3, radius: Double = 7, scale: Double = 2,
                                     pointsPerStep: Double = 2, steps: Int = 8, content: ContentPattern = .none) -> Scenario {
        Scenario(name: "single-section", device: device(scale: scale), sections: 1, rowsPerSection: [rows],
                 rowHeight: 44, headerHeight: 60, footerHeight: 400,
                 style: TableStyle(cornerRadius: radius), content: content, pointsPerStep: pointsPerStep, steps: steps,
                 warmupSteps: 0)
    }

    /// A long table of mixed sections for scrolling and reuse tests (empty cells by default).
    public static func longTable(sections: Int = 200, device: Device = device(), pointsPerStep: Double = 10,
                                 steps: Int = 100, content: ContentPattern = .none) -> Scenario {
        Scenario(name: "long-table", device: device, sections: sections, rowsPerSection: [1, 3, 8, 2, 0, 5],
                 content: content, pointsPerStep: pointsPerStep, steps: steps, warmupSteps: 0)
    }

    /// The default scenario with empty cells: what a strategy costs by itself.
    public static var ipadSettingsWithoutContent: Scenario {
        var scenario = Scenario.ipadSettings
        scenario.content = .none
        return scenario
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

extension Device {
    /// One catalogue device of each kind of screen the strategies' rules could tell apart: the
    /// 1× iPad, a 2× iPhone, a 3× ProMotion iPhone and two 2× iPads, the small and the large. The
    /// catalogue's other screens repeat these scales at other sizes; a test that renders every
    /// step of a table on each takes them, not all 53.
    public static let screenKinds: [Device] = ["ipad-2", "iphone-se", "iphone-15-pro", "ipad-11", "ipad-pro-12.9"].compactMap(Device.named)
}
