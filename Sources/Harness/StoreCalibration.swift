import Raster
import Results
import Strategies
import Table

/// Chooses the process's store path (`StorePath`) by timing each on the work it does in a run,
/// in the same process, before anything is measured: which of the C library's routines and a loop
/// of vector stores is faster depends on the host (its string-store microcode, the C library's
/// thresholds, the caches), and a choice made once for all hosts would leave some host's composite
/// above its bound for a reason that is not the model's work.
///
/// What is timed is the composite of real frames: two tables of the plan's largest scenario,
/// scrolled in step, each drawn by the reference strategy on one path, their frames identical.
/// A synthetic frame (fills of a row, a blend, copies) was tried first and did not predict the
/// composite: on the development VM it put the paths within 6–25 % and kept the string path in
/// some runs, where `none`'s composite then took 1.5 × as long as on the vector path on the iPad
/// and 1.25 × on the iPhone SE, because the label blends read back lines the string stores had
/// left out of the cache; three strategies that blend 4–8 × more pixels then ranked cheaper than
/// `none`. The C library's routines (`.string`) stay unless another path's median is at least
/// `margin` less: where two paths are within the noise of a short calibration, a choice that
/// flipped from run to run would make one machine two hosts (`HostFingerprint.storePath`). A
/// pass draws at least `pixelsPerPass` pixels, a few frames of a small screen, so that every
/// screen's passes are long enough to tell the paths apart (a pass under `shortestPass` still
/// keeps `.string`). About 0.2 s.
public enum StoreCalibration {
    /// The paths a timing run chooses between, with their median nanoseconds per pass (the
    /// composites of `pixelsPerPass` pixels or more of frames), and the one chosen.
    public struct Choice: Sendable, Equatable {
        public var path: StorePath
        public var nanos: [StorePath: Int]
    }

    /// How much faster than the C library's routines another path must measure to be chosen.
    public static let margin = 0.10

    /// The shortest median pass, in nanoseconds, that can choose a path other than `.string`.
    public static let shortestPass = 1_000_000

    /// The pixels a pass draws at least: as many frames as it takes (two of an iPad's).
    public static let pixelsPerPass = 8_000_000

    /// Frames each table draws before the timed passes: its first load and the caches' warm-up.
    public static let warmUpFrames = 4

    /// Times every path on `strategyName`'s composite of `scenario`'s frames (`passes` turns
    /// each) and returns the choice. Leaves `StorePath.current` as it found it.
    /// - Throws: what setting up or drawing the scenario throws (an unknown strategy, a frame
    ///   whose buffer is refused).
    ///
    /// `rotation` is how many frames the run takes turns writing (its strategies' and the memory
    /// floor's): the calibration's tables take turns over as many, so that each frame meets the
    /// caches as the run's do, last written that many frames ago. With one table a path, the
    /// iPhone SE's frames stayed in the last-level cache, where the two paths measured alike,
    /// while in the run's rotation the string path's composite took 1.25 × as long.
    public static func measure(scenario: Scenario, strategyName: String = StrategyCatalog.reference,
                               catalog: StrategyCatalog = .builtIn, rotation: Int = 2, passes: Int = 15) throws -> Choice {
        let saved = StorePath.current
        defer { StorePath.current = saved }
        let paths = StorePath.allCases
        let geometry = TableGeometry(sections: scenario.sectionSpecs)
        let perPath = max(1, (rotation + paths.count - 1) / paths.count)
        try FrameMemory.require(perPath * paths.count, framesOf: scenario.device.pixelSize)
        let tables = try paths.map { _ in
            try (0..<perPath).map { _ in
                try Simulation(scenario: scenario, strategyName: strategyName, geometry: geometry, catalog: catalog)
            }
        }
        let area = max(1, scenario.device.pixelSize.area)
        let framesPerPass = max(1, (pixelsPerPass + area - 1) / area)
        var samples = [[Int]](repeating: [], count: paths.count)
        var turns = [Int](repeating: 0, count: paths.count)
        for pass in -1..<max(1, passes) {
            for (i, path) in paths.enumerated() {
                StorePath.current = path
                var nanos = 0
                for _ in 0..<(pass < 0 ? warmUpFrames * perPath : framesPerPass) {
                    let table = tables[i][turns[i] % perPath]
                    turns[i] += 1
                    nanos += table.step().compositeNanos
                    try table.checkBuffers()
                }
                if pass >= 0 { samples[i].append(nanos) }
            }
        }
        var nanos: [StorePath: Int] = [:]
        for (i, path) in paths.enumerated() { nanos[path] = Summary(samples[i]).median }
        return Choice(path: choose(nanos), nanos: nanos)
    }

    /// The path `measure` chooses from median times: the fastest, if it beats `.string` by at
    /// least `margin` on passes of at least `shortestPass`; else `.string`.
    public static func choose(_ nanos: [StorePath: Int]) -> StorePath {
        guard let library = nanos[.string], library >= shortestPass,
              let fastest = nanos.min(by: { $0.value < $1.value || ($0.value == $1.value && $0.key == .string) }) else {
            return .string
        }
        return Double(fastest.value) <= Double(library) * (1 - margin) ? fastest.key : .string
    }
}
