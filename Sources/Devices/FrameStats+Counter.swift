import Compositor
import Results
import Table

/// A frame's counters (`FrameStats`, made by `TableFrames.step`) read and summed by their names
/// in the catalogue (`Counter`).
extension FrameStats {
    /// The value of `counter`. The switch is exhaustive, so a counter added to the catalogue
    /// cannot be forgotten here.
    public subscript(counter: Counter) -> Int {
        get { self[keyPath: FrameStats.keyPath(counter)] }
        set { self[keyPath: FrameStats.keyPath(counter)] = newValue }
    }

    /// Where `counter` is stored.
    private static func keyPath(_ counter: Counter) -> WritableKeyPath<FrameStats, Int> {
        switch counter {
        case .blendedPixels: return \.render.blendedPixels
        case .blendedFragments: return \.render.blendedFragments
        case .shadedPixels: return \.render.shadedPixels
        case .offscreenPasses: return \.render.offscreenPasses
        case .offscreenPixels: return \.render.offscreenPixels
        case .rasterHits: return \.render.rasterHits
        case .rasterMisses: return \.render.rasterMisses
        case .rasterBytes: return \.render.rasterBytes
        case .layersDrawn: return \.render.layersDrawn
        case .renderPasses: return \.render.renderPasses
        case .screenSplits: return \.render.screenSplits
        case .tileTrafficBytes: return \.render.tileTrafficBytes
        case .bytesWritten: return \.render.bytesWritten
        case .bytesRead: return \.render.bytesRead
        case .keptBytesRead: return \.render.keptBytesRead
        case .layersCreated: return \.allocations.layersCreated
        case .pathsCreated: return \.allocations.pathsCreated
        case .imagesCreated: return \.allocations.imagesCreated
        case .cellsCreated: return \.table.cellsCreated
        case .cellsDequeued: return \.table.cellsDequeued
        case .cellsReused: return \.table.cellsReused
        case .rowsVisited: return \.table.rowsVisited
        }
    }

    /// Adds every counter of `rhs` to `lhs`.
    public static func += (lhs: inout FrameStats, rhs: FrameStats) {
        for counter in Counter.allCases { lhs[counter] += rhs[counter] }
        for (tag, cost) in rhs.render.layerCosts { lhs.render.layerCosts[tag, default: LayerCost()] += cost }
    }

    /// The counter-wise sum.
    public static func + (lhs: FrameStats, rhs: FrameStats) -> FrameStats {
        var sum = lhs
        sum += rhs
        return sum
    }
}
