import JSON
import Raster
import Results
import Text

/// The values of a scenario file (docs/scenario-files.md), read from numbers that
/// `StrictJSON.Numbers.doubles` keeps as `Double`: checked numbers and integers, lengths within
/// `ScenarioFile.maxPixelLength` pixels, colours.
extension JSONNode {
    /// A number that passes `accepts`; otherwise "expected <expected>, got <the number>".
    func number(_ expected: String, _ accepts: (Double) -> Bool) throws -> Double {
        guard case .number(let x) = value else { throw mismatch(expected) }
        guard accepts(x) else { throw fail("expected \(expected), got \(Format.number(x))") }
        return x
    }

    /// A whole number in `range`; the range check runs on the `Double`, before any conversion
    /// that 1e20 would trap.
    func integer(_ range: ClosedRange<Int>, expected: String? = nil) throws -> Int {
        let expected = expected ?? (range.upperBound >= Int(Int32.max)
            ? (range.lowerBound == 0 ? "a non-negative integer" : "an integer ≥ \(range.lowerBound)")
            : "an integer from \(Format.grouped(range.lowerBound)) to \(Format.grouped(range.upperBound))")
        guard case .number(let x) = value else { throw mismatch("an integer") }
        guard x == x.rounded() else { throw fail("expected a whole number (\(expected)), got \(Format.number(x))") }
        guard x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
            throw fail("expected \(expected), got \(Format.number(x))")
        }
        return Int(x)
    }

    /// A screen side: at least one pixel and at most `ScenarioFile.maxPixelLength` at `scale`.
    func screenLength(scale: Double) throws -> Double {
        let most = ScenarioFile.maxPixelLength / scale, least = 1 / scale
        let pixels = Format.number(ScenarioFile.maxPixelLength)
        return try number("a number from \(Format.number(least)) to \(Format.limit(most)) (1 to \(pixels) pixels at \(Format.number(scale))×)") {
            $0 >= least && $0 <= most
        }
    }

    /// A drawn length (row, header, footer, resize): positive (or zero when `allowsZero`) and at
    /// most `ScenarioFile.maxPixelLength` pixels at `scale`.
    func drawnLength(scale: Double, allowsZero: Bool) throws -> Double {
        let most = ScenarioFile.maxPixelLength / scale
        return try number(Self.drawnLengthExpected(scale: scale, allowsZero: allowsZero)) {
            (allowsZero ? $0 >= 0 : $0 > 0) && $0 <= most
        }
    }

    /// What a drawn length at `scale` is told it should be (`drawnLength(scale:allowsZero:)`).
    static func drawnLengthExpected(scale: Double, allowsZero: Bool) -> String {
        let most = ScenarioFile.maxPixelLength / scale
        let kind = allowsZero ? "a non-negative number" : "a positive number"
        return "\(kind) up to \(Format.limit(most)) (\(Format.number(ScenarioFile.maxPixelLength)) pixels at \(Format.number(scale))×)"
    }

    /// "#RRGGBB" or "#RRGGBBAA".
    func color() throws -> Color {
        let expected = "a colour \"#RRGGBB\" or \"#RRGGBBAA\""
        guard case .string(let s) = value else { throw mismatch(expected) }
        guard let color = Color(hex: s) else { throw fail("expected \(expected), got \"\(Escape.message(s))\"") }
        return color
    }
}
