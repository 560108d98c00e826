import Raster
import Results

/// Chooses the process's store path (`StorePath`) by timing each on the work it does in a frame,
/// in the same process, before anything is measured: which of the C library's routines and a loop
/// of vector stores is faster depends on the host (its string-store microcode, the C library's
/// thresholds, the caches), and a choice made once for all hosts would leave some host's composite
/// above its bound for a reason that is not the model's work.
///
/// Each path fills and copies frames of the scenario's size as a composite does, row by row: a
/// row of a grouped table (a margin in a colour whose bytes differ, a white cell, a margin: a
/// string store, a `memset`, a string store on the string path), content blended over a
/// fourteenth of the row, as labels are, and every row from a row in the cache
/// (`Pixmap.copyRowsFromAbove`). The blend matters: it reads back lines the fills just wrote, and
/// a store path that leaves them out of the cache (on the development VM the string path's
/// fills did) pays for it there. Without it the calibration saw the two paths within 6–17 % and
/// kept the string path in some runs, where `none`'s composite then took 1.5 × as long as on the
/// vector path and three strategies that blend 4–8 × more pixels ranked cheaper than it. The paths take turns over three frames, so each pass
/// meets a frame the others left, as frames in the strategies' rotation do. The C library's
/// routines (`.string`) stay unless another path's median is at least `margin` less: where two
/// paths are within the noise of a short calibration, a choice that flipped from run to run
/// would make one machine two hosts (`HostFingerprint.storePath`); for the same reason frames
/// whose pass takes less than `shortestPass` (small screens) keep `.string` too, their times too
/// short to tell two paths apart. About 100 ms for an iPad frame.
public enum StoreCalibration {
    /// The paths a timing run chooses between, with their median nanoseconds per frame (fill
    /// and copy), and the one chosen.
    public struct Choice: Sendable, Equatable {
        public var path: StorePath
        public var nanos: [StorePath: Int]
    }

    /// How much faster than the C library's routines another path must measure to be chosen.
    public static let margin = 0.10

    /// The shortest median pass, in nanoseconds, that can choose a path other than `.string`.
    public static let shortestPass = 1_000_000

    /// Times every path on frames of `size` (`passes` turns each) and returns the choice; nil
    /// when the frames cannot be allocated. Leaves `StorePath.current` as it found it.
    public static func measure(size: PixelSize, passes: Int = 15) -> Choice? {
        let saved = StorePath.current
        defer { StorePath.current = saved }
        var frames: [Pixmap] = []
        for _ in 0..<3 {
            guard let frame = Pixmap(size: size, fill: .transparent) else { return nil }
            frames.append(frame)
        }
        let side = size.width / 6  // the margins beside the cells
        var row = SpanLayers()
        row.append(.fill(Color(hex: "#F2F2F7")!.premultiplied), spans: [Span(0, side), Span(size.width - side, size.width)][...])
        row.append(.fill(Color.white.premultiplied), spans: [Span(side, size.width - side)][...])
        // Content blended over the cell, as labels are: it reads back lines the fills just wrote.
        let content = Span(side + side / 4, min(size.width - side, side + side / 4 + size.width / 14))
        row.append(.blend(Color(red: 0, green: 0, blue: 0, alpha: 128).premultiplied), spans: [content][...])
        let paths = StorePath.allCases
        var samples = [[Int]](repeating: [], count: paths.count)
        var turn = 0
        for _ in 0..<max(1, passes) {
            for (i, path) in paths.enumerated() {
                StorePath.current = path
                var frame = frames[turn % frames.count]
                frames[turn % frames.count] = Pixmap(width: 1, height: 1)!  // no copy on write
                turn += 1
                let start = Stopwatch.now()
                frame.paint(&row, rows: 0..<size.height)
                frame.copyRowsFromAbove()
                samples[i].append(Int(Stopwatch.now() - start))
                frames[(turn - 1) % frames.count] = frame
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
