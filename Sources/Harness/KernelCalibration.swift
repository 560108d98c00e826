import Raster
import Results
import Strategies
import Table

/// Chooses the process's kernel paths, its store path (`StorePath`) and its blend lanes
/// (`BlendLanes`), by timing each on the work it does in a run, in the same process, before
/// anything is measured: which of the C library's routines and a loop of vector stores is faster,
/// and whether AVX2 lanes beat the portable ones, depends on the host (its string-store microcode,
/// the C library's thresholds, the caches, its vector units), and a choice made once for all hosts
/// would leave some host's composite above its bound for a reason that is not the model's work.
///
/// What is timed is the composite of real frames: tables of the plan's largest scenario, drawn
/// by the reference strategy, as many a choice as the run has frames in its rotation, the choices
/// taking turns on the same sequence of frames.
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
/// keeps `.string`). Both choices take about 0.85 s on the iPad.
///
/// The blend lanes are timed second, on the store path chosen. Where the CPU has them, the wide
/// lanes are chosen unless the portable ones measure faster and a Mann–Whitney test over the
/// passes says the difference is real (p < `lanesSignificance`): they give the same bits with
/// half the instructions per group, so they stay unless a host runs them slower. On the
/// development VM they took the iPhone SE's composites 7–10 % below the portable lanes' in three
/// alternating full runs, while a short calibration saw 3–8 % and the iPad's 3 % (p = 0.08); a
/// rule that asked wide lanes to win by a margin kept the slower lanes, and one that asked only for
/// significance flipped between runs (2 of 3 wide), which would make one machine two hosts.
public enum KernelCalibration {
    /// The paths a timing run chooses between, with their median nanoseconds per pass (the
    /// composites of `pixelsPerPass` pixels or more of frames), and the ones chosen.
    public struct Choice: Sendable, Equatable {
        public var path: StorePath
        /// Each store path's median pass; empty when the path was given, not timed.
        public var nanos: [StorePath: Int]
        public var lanes: BlendLanes = .portable
        /// Each lane width's median pass; empty where the CPU has no choice or it was given.
        public var laneNanos: [BlendLanes: Int] = [:]
        /// The Mann–Whitney p of wide against portable passes, when both were timed.
        public var laneP: Double? = nil

        public init(path: StorePath, nanos: [StorePath: Int], lanes: BlendLanes = .portable,
                    laneNanos: [BlendLanes: Int] = [:], laneP: Double? = nil) {
            self.path = path
            self.nanos = nanos
            self.lanes = lanes
            self.laneNanos = laneNanos
            self.laneP = laneP
        }
    }

    /// How sure the calibration must be that the portable lanes are faster to keep them where wide
    /// ones exist.
    public static let lanesSignificance = 0.01

    /// How much faster than the C library's routines another store path must measure to be chosen.
    public static let margin = 0.10

    /// The shortest median pass, in nanoseconds, that can choose a path other than `.string`.
    public static let shortestPass = 1_000_000

    /// The pixels a pass draws at least: as many frames as it takes (two of an iPad's).
    public static let pixelsPerPass = 8_000_000

    /// Frames each table draws before the timed passes: its first load and the caches' warm-up.
    public static let warmUpFrames = 4

    /// Times every store path, then every lane width on the chosen path, on `strategyName`'s
    /// composite of `scenario`'s frames (`passes` turns each), and returns the choices; a
    /// `storePath` or `lanes` given is used as it is, not timed. Leaves `StorePath.current` and
    /// `BlendLanes.current` as it found them.
    /// - Throws: what setting up or drawing the scenario throws (an unknown strategy, a frame
    ///   whose buffer is refused).
    ///
    /// `rotation` is how many frames the run takes turns writing (its strategies' and the memory
    /// floor's): the calibration's tables take turns over as many, so that each frame meets the
    /// caches as the run's do, last written that many frames ago. With one table a path, the
    /// iPhone SE's frames stayed in the last-level cache, where the two paths measured alike,
    /// while in the run's rotation the string path's composite took 1.25 × as long.
    public static func measure(scenario: Scenario, strategyName: String = StrategyCatalog.reference,
                               catalog: StrategyCatalog = .builtIn, rotation: Int = 2, passes: Int = 15,
                               storePath: StorePath? = nil, lanes: BlendLanes? = nil) throws -> Choice {
        let savedPath = StorePath.current, savedLanes = BlendLanes.current
        defer { StorePath.current = savedPath; BlendLanes.current = savedLanes }
        BlendLanes.current = .portable
        var choice = Choice(path: storePath ?? .string, nanos: [:], lanes: lanes ?? .portable)
        let timesLanes = lanes == nil && BlendLanes.wideIsAvailable
        guard storePath == nil || timesLanes else { return choice }
        // One set of tables for both choices (each has two options): built, and first loaded, once.
        let options = max(StorePath.allCases.count, BlendLanes.allCases.count)
        let perOption = max(1, (rotation + options - 1) / options)
        try FrameMemory.require(perOption * options, framesOf: scenario.device.pixelSize)
        let geometry = TableGeometry(sections: scenario.sectionSpecs)
        let tables = try (0..<options).map { _ in
            try (0..<perOption).map { _ in
                try Simulation(scenario: scenario, strategyName: strategyName, geometry: geometry, catalog: catalog)
            }
        }
        if storePath == nil {
            let paths = StorePath.allCases
            let samples = try time(paths.map { path in { StorePath.current = path } }, on: tables, scenario: scenario, passes: passes)
            for (i, path) in paths.enumerated() { choice.nanos[path] = Summary(samples[i]).median }
            choice.path = choose(choice.nanos)
        }
        StorePath.current = choice.path
        if timesLanes {
            let widths: [BlendLanes] = [.portable, .wide]
            let samples = try time(widths.map { width in { BlendLanes.current = width } }, on: tables, scenario: scenario,
                                   passes: passes)
            for (i, width) in widths.enumerated() { choice.laneNanos[width] = Summary(samples[i]).median }
            let test = MannWhitney.test(samples[1].map(Double.init), samples[0].map(Double.init))
            choice.laneP = test.p
            choice.lanes = chooseLanes(portable: samples[0], wide: samples[1], p: test.p)
        }
        return choice
    }

    /// `.portable` when its median pass is below the wide one's and the difference is significant
    /// (`p` < `lanesSignificance`), or when either was not timed; else `.wide`, which does the same
    /// work in half the instructions.
    public static func chooseLanes(portable: [Int], wide: [Int], p: Double) -> BlendLanes {
        guard !portable.isEmpty, !wide.isEmpty else { return .portable }
        let portableFaster = Summary(portable).median < Summary(wide).median
        return portableFaster && p < lanesSignificance ? .portable : .wide
    }

    /// The nanoseconds of each pass of each option (`options[i]` sets the process up for option
    /// i), the options taking turns, option i on the tables `tables[i]` in rotation.
    private static func time(_ options: [() -> Void], on tables: [[Simulation]], scenario: Scenario, passes: Int) throws -> [[Int]] {
        let perOption = tables[0].count
        let area = max(1, scenario.device.pixelSize.area)
        let framesPerPass = max(1, (pixelsPerPass + area - 1) / area)
        var samples = [[Int]](repeating: [], count: options.count)
        var turns = [Int](repeating: 0, count: options.count)
        for pass in -1..<max(1, passes) {
            for (i, setUp) in options.enumerated() {
                setUp()
                var nanos = 0
                for _ in 0..<(pass < 0 ? warmUpFrames * perOption : framesPerPass) {
                    let table = tables[i][turns[i] % perOption]
                    turns[i] += 1
                    nanos += table.step().compositeNanos
                    try table.checkBuffers()
                }
                if pass >= 0 { samples[i].append(nanos) }
            }
        }
        return samples
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
