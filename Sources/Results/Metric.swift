/// The metric catalogue: every number CornerBench reports, with its JSON name, unit, polarity,
/// meaning and the code path that produces it.
///
/// Four kinds of metric, each an enum whose raw value is its JSON name: `Counter` (exact, per
/// step), `Phase` (a timed part of a step), `Ratio` (a time over a reference measured in the
/// same run) and `CostMetric` (a phase's host-free cost under valgrind's simulated cache). The gate, the comparison, the console table and every report iterate over these
/// enums, so a metric is added in one place and appears everywhere; docs/cost-model.md and
/// docs/results-schema.md explain them for readers.
public protocol Metric: RawRepresentable, CaseIterable, Hashable, Sendable, Encodable, CodingKeyRepresentable
where RawValue == String {
    /// What the metric is, for reports and help.
    var info: MetricInfo { get }
}

extension Metric {
    /// The metric's name in results files (its raw value).
    public var name: String { rawValue }
}

/// Whether a larger value of a metric is a regression or an improvement.
public enum Polarity: String, Sendable {
    /// More is worse: work, pixels, passes, time.
    case smallerIsBetter
    /// More is better: work avoided (a cache hit, a reused cell) for the same frame.
    case largerIsBetter
}

/// The unit a metric is counted or measured in.
public enum MetricUnit: String, Sendable {
    case pixels, fragments, passes, lookups, bytes, layers, objects, cells, rows, nanoseconds
    /// A dimensionless ratio of two times.
    case ratio
    /// Memory accesses (instruction fetches, data reads and writes) counted under valgrind.
    case accesses
    /// Cycles estimated from simulated cache hits and misses (`CacheModel.cycleFormula`).
    case cycles
}

/// What one metric means.
public struct MetricInfo: Sendable {
    /// The JSON name.
    public var name: String
    /// A short column title for tables.
    public var label: String
    /// The unit of its values (per step for counters).
    public var unit: MetricUnit
    /// Which direction is better.
    public var polarity: Polarity
    /// One line: what it measures.
    public var meaning: String
    /// The code path that counts or times it.
    public var source: String
}

/// An exact counter of one step, summed over the measured steps in `RunResult.totals`.
public enum Counter: String, Metric {
    case blendedPixels, blendedFragments, shadedPixels, offscreenPasses, offscreenPixels
    case rasterHits, rasterMisses, rasterBytes, layersDrawn, renderPasses, screenSplits, tileTrafficBytes, bytesWritten, bytesRead, keptBytesRead
    case layersCreated, pathsCreated, imagesCreated
    case cellsCreated, cellsDequeued, cellsReused, rowsVisited

    public var info: MetricInfo {
        switch self {
        case .blendedPixels:
            return info("blended px", .pixels, "pixels of blended draws into the framebuffer: what Instruments' Color Blended Layers paints red", "Renderer.execute")
        case .blendedFragments:
            return info("blended frags", .fragments, "fragments shaded with a blend, off-screen buffers included, after hidden-surface removal", "Renderer.execute")
        case .shadedPixels:
            return info("shaded px", .fragments, "all fragments shaded, opaque and blended, on and off screen, after hidden-surface removal", "Renderer.execute")
        case .offscreenPasses:
            return info("off-screen passes", .passes, "passes drawn into a separate buffer first: a mask's own pass and its content's, a rounded clip's, group opacity's, a raster miss's", "Renderer.buildOffscreen, Renderer.buildRasterized, Renderer.countMaskPass")
        case .offscreenPixels:
            return info("off-screen px", .pixels, "the pixel area of the off-screen buffers and mask attachments", "Renderer.buildOffscreen, Renderer.buildRasterized, Renderer.countMaskPass")
        case .rasterHits:
            return info("raster hits", .lookups, "rasterized layers drawn from a valid cached bitmap", "Renderer.buildRasterized", .largerIsBetter)
        case .rasterMisses:
            return info("raster misses", .lookups, "rasterized layers that had to be rendered again", "Renderer.buildRasterized")
        case .rasterBytes:
            return info("raster bytes", .bytes, "bytes held by the rasterization cache at the end of each frame (a gauge, summed)", "Renderer.render")
        case .layersDrawn:
            return info("layers drawn", .layers, "layers visited by the renderer, hidden ones excluded", "Renderer.build")
        case .renderPasses:
            return info("render passes", .passes, "render passes of a tile-based GPU: the screen's plus one per off-screen pass", "Renderer.countPass")
        case .screenSplits:
            return info("splits", .passes, "times the screen's pass is interrupted by an off-screen pass (nested and back-to-back passes once): each stores the screen's attachment and loads it again", "Renderer.countSplit")
        case .tileTrafficBytes:
            return info("tile traffic", .bytes, "bytes stored from and read back into tile memory: each pass's attachment (4 bytes a pixel, 1 for a shape mask's alpha), each off-screen result composited", "Renderer.countPass, Renderer.countReadBack")
        case .bytesWritten:
            return info("bytes written", .bytes, "bytes the CPU kernels wrote: 4 per shaded pixel, on and off screen", "Renderer.execute (Paint.bytesPerPixel)")
        case .bytesRead:
            return info("bytes read", .bytes, "bytes the CPU kernels read: destinations blended over, source images, coverage masks", "Renderer.execute (Paint.bytesPerPixel)")
        case .keptBytesRead:
            return info("kept bytes read", .bytes, "of bytes read, those of bitmaps and coverage masks kept from earlier frames (layer contents, rasterization cache hits, cached clips and mask paths), read from memory rather than the cache", "Renderer.execute (DrawOp.keptBytesPerPixel), Renderer.clipCoverage")
        case .layersCreated:
            return info("layers created", .objects, "layers allocated", "Layer.init")
        case .pathsCreated:
            return info("paths created", .objects, "shape paths allocated", "Path.init")
        case .imagesCreated:
            return info("images created", .objects, "bitmaps allocated for layer contents", "Image.init")
        case .cellsCreated:
            return info("cells created", .cells, "cells allocated because a reuse pool was empty", "ReusePool.dequeue")
        case .cellsDequeued:
            return info("cells dequeued", .cells, "cells handed out by the reuse pools, new or reused", "ReusePool.dequeue")
        case .cellsReused:
            return info("cells reused", .cells, "cells handed out from a pool rather than allocated", "ReusePool.dequeue", .largerIsBetter)
        case .rowsVisited:
            return info("rows visited", .rows, "rows a strategy's layout pass touched: work that grows with the table, not the screen", "LayoutContext.visitRows")
        }
    }

    private func info(_ label: String, _ unit: MetricUnit, _ meaning: String, _ source: String,
                      _ polarity: Polarity = .smallerIsBetter) -> MetricInfo {
        MetricInfo(name: rawValue, label: label, unit: unit, polarity: polarity, meaning: meaning, source: source)
    }
}

/// A timed part of a scroll step, summarized in `RunResult.timing` (integer nanoseconds).
public enum Phase: String, Metric {
    case step, layout, reuse, composite

    public var info: MetricInfo {
        let (label, meaning, source): (String, String, String)
        switch self {
        case .step: (label, meaning, source) = ("step", "the whole step: events, scroll, reuse, layout and render", "Simulation.step")
        case .layout: (label, meaning, source) = ("layout", "cell frames and the strategy's layout pass", "TableView.layoutVisibleCells")
        case .reuse: (label, meaning, source) = ("reuse", "cells leaving the screen enqueued, cells entering dequeued and configured", "TableView.updateVisibleCells")
        case .composite: (label, meaning, source) = ("composite", "rendering the layer tree into the framebuffer", "Renderer.render")
        }
        return MetricInfo(name: rawValue, label: label, unit: .nanoseconds, polarity: .smallerIsBetter,
                          meaning: meaning, source: source)
    }
}

/// A time divided by a reference measured in the same run, in `RunResult.ratios`: what gates
/// compare, because absolute times drift between machines and runs.
public enum Ratio: String, Metric {
    case stepToFloor, compositeToFloor, stepToNone, compositeToNone, compositeToTraffic

    /// The strategy the `…ToNone` ratios divide by: the plain table (`StrategyCatalog.reference`,
    /// named here too because results and reports do not depend on the strategies).
    public static let referenceStrategy = "none"

    /// What a ratio divides by.
    public enum Reference: Sendable {
        /// The memory floor: one bulk fill of the scenario's framebuffer (`floorNanos`).
        case floor
        /// The same phase of the reference strategy (`none`) on the same scenario.
        case none
        /// The least time the strategy's own memory traffic (bytes written and read by the
        /// kernels per step) takes at the run's memory floors (`trafficBoundNanos`).
        case traffic
    }

    /// The phase whose median is divided.
    public var phase: Phase {
        switch self {
        case .stepToFloor, .stepToNone: return .step
        case .compositeToFloor, .compositeToNone, .compositeToTraffic: return .composite
        }
    }

    /// What the median is divided by.
    public var reference: Reference {
        switch self {
        case .stepToFloor, .compositeToFloor: return .floor
        case .stepToNone, .compositeToNone: return .none
        case .compositeToTraffic: return .traffic
        }
    }

    public var info: MetricInfo {
        let over: String, label: String
        switch reference {
        case .floor: (over, label) = ("the fill floor (the least time this host takes to write every row of a frame)", "× floor")
        case .none: (over, label) = ("the same phase of `none`", "× none")
        case .traffic: (over, label) = ("the least time its memory traffic takes (bytes written, read from the cache and read from kept bitmaps, at the run's memory floors' rates)", "× bound")
        }
        return MetricInfo(name: rawValue, label: label, unit: .ratio,
                          polarity: .smallerIsBetter, meaning: "median \(phase.rawValue) time over \(over)",
                          source: "Runner (medians of the run's samples)")
    }

    /// The ratio of a strategy whose phase medians are `medians`, all in nanoseconds and measured
    /// in the same run (or the same round): the median of `phase` over the memory floor `floor`,
    /// over the traffic bound `trafficBound`, or over `reference`, the reference strategy's median
    /// of the same phase, as `reference` (the property) says. The one place a ratio is computed,
    /// for a run's `ratios` and each round's `roundRatios` alike.
    ///
    /// - Returns: 0 when what it divides by is not positive (nothing was measured to divide by);
    ///   nil for a `…ToNone` ratio when the reference strategy did not run (`reference` is nil).
    public func value(of medians: [Phase: Int], floor: Int, trafficBound: Int, reference: [Phase: Int]?) -> Double? {
        let base: Int
        switch self.reference {
        case .floor: base = floor
        case .traffic: base = trafficBound
        case .none:
            guard let reference else { return nil }
            base = reference[phase] ?? 0
        }
        return base > 0 ? Double(medians[phase] ?? 0) / Double(base) : 0
    }
}

/// A phase's host-free cost, counted under valgrind with the cache the tool fixes
/// (`CacheModel.standard`), summed over the measured steps in `RunResult.cost`. The same build
/// counts the same on every host; instructions, counted in the same run, are `RunResult.instructions`.
public enum CostMetric: String, Metric {
    case dataReads, dataWrites, l1Misses, ramAccesses, estimatedCycles

    public var info: MetricInfo {
        let (label, unit, meaning): (String, MetricUnit, String)
        switch self {
        case .dataReads: (label, unit, meaning) = ("data reads", .accesses, "data reads executed (valgrind's Dr)")
        case .dataWrites: (label, unit, meaning) = ("data writes", .accesses, "data writes executed (valgrind's Dw)")
        case .l1Misses: (label, unit, meaning) = ("L1 misses", .accesses, "instruction and data accesses that missed the simulated L1 (I1mr + D1mr + D1mw)")
        case .ramAccesses: (label, unit, meaning) = ("RAM accesses", .accesses, "accesses that missed the simulated last-level cache too, and so went to memory (ILmr + DLmr + DLmw)")
        case .estimatedCycles: (label, unit, meaning) = ("est. cycles", .cycles, "L1 hits + 5 × last-level hits + 35 × RAM accesses (Turner-Trauring's estimate, as iai-callgrind reports it)")
        }
        return MetricInfo(name: rawValue, label: label, unit: unit, polarity: .smallerIsBetter, meaning: meaning,
                          source: "valgrind --tool=callgrind --cache-sim=yes over Simulation's phase functions (CountedPairs)")
    }
}
