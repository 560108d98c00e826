import Foundation
import Harness
import Raster
import RasterTestSupport
import Results
import ScenarioFiles
import Strategies
import Table
import XCTest

/// 300+ scenario files mutated from valid seeds — keys deleted or duplicated, types changed,
/// extreme numbers, truncated text — each parsed and, when valid, run for two steps. Every one
/// must end in a result or a thrown `BenchError`, never a trap. The seed is fixed so a failure
/// reproduces; the failing input is printed.
final class ScenarioFuzzTests: XCTestCase {
    static let seed: UInt64 = 0x5EED_C0DE

    /// Valid starting points on a small screen, so the valid mutants run fast.
    static let seeds = [
        ##"{"name": "a", "device": {"width": 200, "height": 150, "scale": 1, "refreshHz": 60}, "table": {"sections": 6, "rowsPerSection": [1, 3, 0, 2], "rowHeight": 30, "headerHeight": 10, "footerHeight": 5}, "style": {"cornerRadius": 7, "sideInset": 10, "maxColumnWidth": 180, "backgroundColor": "#F2F2F7", "cellColor": "#FFFFFF", "roundsInCompactWidth": true}, "scroll": {"kind": "constant", "pointsPerStep": 9, "steps": 4, "warmupSteps": 1}}"##,
        ##"{"name": "b", "device": {"width": 220, "height": 160, "scale": 2, "refreshHz": 120}, "table": {"sections": 4, "rowsPerSection": 3}, "scroll": {"kind": "fling", "velocity": 900, "steps": 3}, "events": [{"atStep": 1, "set": {"cornerRadius": 9}}, {"atStep": 2, "select": {"section": 1, "row": 0}}]}"##,
        ##"{"name": "c", "device": {"width": 240, "height": 120, "scale": 1, "refreshHz": 60}, "table": {"sections": 5, "rowsPerSection": [2, 1]}, "style": {"roundsInCompactWidth": true}, "scroll": {"kind": "jump", "to": {"section": 3, "row": 0}, "steps": 3}, "events": [{"atStep": 1, "resize": {"width": 180, "height": 120}}]}"##,
    ]

    static let extremes = ["0", "-1", "1e308", "1e-308", "99999999999999999999", "0.5", "-0.0", "\"7\"", "null",
                           "true", "[]", "{}", "[1, -2]", "\"#GGGGGG\"", "1e999", "NaN", "4096", "2147483648"]

    func testMutatedScenarioFilesEndInAResultOrAnErrorNeverATrap() throws {
        var rng = SeededRandom(seed: Self.seed)
        var valid = 0, rejected = 0
        for index in 0..<330 {
            let seed = Self.seeds[index % Self.seeds.count]
            let text = mutate(seed, &rng)
            do {
                let scenario = try ScenarioFile.scenario(from: Array(text.utf8), file: "fuzz-\(index).json")
                _ = try Runner().run(scenarios: [scenario], strategies: StrategyCatalog.names, steps: 2)
                valid += 1
            } catch let error as BenchError {
                rejected += 1
                XCTAssertEqual(error.exitCode, 2, "seed \(Self.seed) case \(index): \(error)\ninput: \(text)")
                XCTAssertTrue("\(error)".contains("fuzz-\(index).json"), "the message names the file: \(error)\ninput: \(text)")
            } catch {
                XCTFail("seed \(Self.seed) case \(index): unexpected \(error)\ninput: \(text)")
            }
        }
        // Both outcomes must really be exercised.
        XCTAssertGreaterThan(valid, 20)
        XCTAssertGreaterThan(rejected, 100)
    }

    /// One random mutation of `text`.
    private func mutate(_ text: String, _ rng: inout SeededRandom) -> String {
        let chars = Array(text)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            // Truncate anywhere.
            return String(chars.prefix(Int.random(in: 0..<chars.count, using: &rng)))
        case 1:
            // Replace a number with an extreme or a wrong type.
            let numbers = numberRanges(chars)
            guard let range = numbers.randomElement(using: &rng) else { return text }
            return String(chars[..<range.lowerBound]) + Self.extremes.randomElement(using: &rng)! + String(chars[range.upperBound...])
        case 2:
            // Delete a "key": value pair by cutting from a key to the next comma.
            let keys = quoteStarts(chars)
            guard let start = keys.randomElement(using: &rng),
                  let comma = chars[start...].firstIndex(of: ",") else { return text }
            return String(chars[..<start]) + String(chars[(comma + 1)...])
        case 3:
            // Duplicate a key by repeating the first pair after the opening brace.
            guard let colon = chars.firstIndex(of: ","), chars.first == "{" else { return text }
            return "{" + String(chars[1..<colon]) + "," + String(chars[1...])
        case 4:
            // Turn a string value into a number or an unknown key into the object.
            return text.replacingOccurrences(of: #""constant""#, with: "12")
                .replacingOccurrences(of: #""name": "b""#, with: #""name": "b", "extra": 1"#)
        default:
            // Flip one character.
            var copy = chars
            let i = Int.random(in: 0..<copy.count, using: &rng)
            copy[i] = Array("{}[]:,\"0-9ex ").randomElement(using: &rng)!
            return String(copy)
        }
    }

    private func numberRanges(_ chars: [Character]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var i = 0
        while i < chars.count {
            if chars[i].isNumber || (chars[i] == "-" && i + 1 < chars.count && chars[i + 1].isNumber) {
                let start = i
                i += 1
                while i < chars.count, chars[i].isNumber || chars[i] == "." || chars[i] == "e" { i += 1 }
                ranges.append(start..<i)
            } else {
                i += 1
            }
        }
        return ranges
    }

    private func quoteStarts(_ chars: [Character]) -> [Int] {
        chars.indices.filter { chars[$0] == "\"" && $0 > 0 && (chars[$0 - 1] == "{" || chars[$0 - 1] == " ") }
    }
}
