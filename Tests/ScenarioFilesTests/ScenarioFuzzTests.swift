import Foundation
import Harness
import Problems
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

    static let extremes = ["0", "-1", "10000000", "1e308", "1e-308", "99999999999999999999", "0.5", "-0.0", "\"7\"", "null",
                           "true", "[]", "{}", "[1, -2]", "\"#GGGGGG\"", "1e999", "NaN", "4096", "2147483648"]

    func testMutatedScenarioFilesEndInAResultOrAnErrorNeverATrap() throws {
        var rng = SeededRandom(seed: Self.seed)
        var valid = 0, rejected = 0
        for index in 0..<330 {
            let seed = Self.seeds[index % Self.seeds.count]
            let text = mutate(seed, &rng)
            do {
                let scenario = try ScenarioFile.scenario(from: Array(text.utf8), file: "fuzz-\(index).json")
                _ = try Runner().run(scenarios: [scenario], strategies: StrategyCatalog.builtIn.names, steps: 2)
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

    /// The hostile values of the robustness audit, each put into a valid seed, with the outcome
    /// it must have: overflowing numbers are errors (never an infinity read as 0), the most events
    /// a file may have run, one more is an error, names of any content and length run, and a
    /// section of ten million rows runs in a bounded amount of memory.
    static var hostile: [(change: (inout [String: Any]) -> Void, valid: Bool, what: String)] { [
        ({ scroll(&$0, ["kind": "constant", "pointsPerStep": 1e308, "steps": 4]) }, false, "pointsPerStep 1e308"),
        ({ scroll(&$0, ["kind": "constant", "pointsPerStep": 1e306, "steps": 1_000_000]) }, false, "an offset that overflows only after many steps"),
        ({ scroll(&$0, ["kind": "fling", "velocity": 1e308, "steps": 4]) }, false, "velocity 1e308"),
        ({ scroll(&$0, ["kind": "jump", "to": 1e308, "steps": 4]); retina(&$0) }, false, "jump to 1e308 points at 2×"),
        ({ scroll(&$0, ["kind": "jump", "to": -1e308, "steps": 4]); retina(&$0) }, false, "jump to -1e308 points at 2×"),
        ({ scroll(&$0, ["kind": "jump", "to": 1e308, "steps": 4]) }, true, "jump to 1e308 points at 1×, clamped to the bottom"),
        ({ scroll(&$0, ["kind": "constant", "pointsPerStep": 9, "steps": 1e15]) }, false, "1e15 steps"),
        ({ scroll(&$0, ["kind": "constant", "pointsPerStep": 9, "steps": -3]) }, false, "-3 steps"),
        ({ $0["table"] = ["sections": 1, "rowsPerSection": 1e308] }, false, "1e308 rows"),
        ({ $0["events"] = Array(repeating: ["atStep": 1, "set": ["cornerRadius": 5]], count: ScenarioFile.maxEvents) }, true,
         "the most events, all at one step"),
        ({ $0["events"] = Array(repeating: ["atStep": 1, "set": ["cornerRadius": 5]], count: ScenarioFile.maxEvents + 1) }, false,
         "one event too many"),
        ({ $0["events"] = (0..<2_000).map { ["atStep": 1, "resize": ["width": 150 + $0 % 50, "height": 100]] } }, true,
         "2,000 resizes at one step"),
        ({ $0["name"] = "a\r\nc|<b>\u{1B}[2J" }, true, "a name with a line break, Markdown, HTML and an escape"),
        ({ $0["name"] = String(repeating: "n", count: 1 << 20) }, true, "a name of a megabyte"),
        ({ $0["name"] = "" }, false, "an empty name"),
        // Without the seed's warm-up step: `rasterized-mask` walks every row on every layout pass
        // (a second a pass), and one measured step already lays the section out and draws it
        // (`steps(for:)`).
        ({ $0["table"] = ["sections": 1, "rowsPerSection": ScenarioFile.maxRows]
           scroll(&$0, ["kind": "constant", "pointsPerStep": 9, "steps": 4, "warmupSteps": 0]) }, true, tenMillionRows),
        ({ $0["table"] = ["sections": 1, "rowsPerSection": ScenarioFile.maxRows + 1] }, false, "more rows than a table may have"),
    ] }

    private static let tenMillionRows = "one section of ten million rows"

    /// The steps a hostile case runs: two, but one for the section of ten million rows, whose
    /// every step walks all of its rows again (`rasterized-mask`) and whose outcome, a run that
    /// ends, the first step already reaches: it lays out the table of the limit and draws a frame.
    private static func steps(for what: String) -> Int { what == tenMillionRows ? 1 : 2 }

    /// `object` as JSON text, by JSONSerialization; but an `events` array of one event repeated
    /// is written as that event's text, repeated: JSONSerialization took half a second for each
    /// file of 10,000 events. The file says the same.
    private static func serialized(_ object: [String: Any]) throws -> Data {
        guard let events = object["events"] as? [[String: Any]], let first = events.first,
              events.allSatisfy({ "\($0)" == "\(first)" }) else { return try JSONSerialization.data(withJSONObject: object) }
        var rest = object
        rest.removeValue(forKey: "events")
        let text = String(decoding: try JSONSerialization.data(withJSONObject: rest), as: UTF8.self)
        let event = String(decoding: try JSONSerialization.data(withJSONObject: first), as: UTF8.self)
        precondition(text.hasSuffix("}") && text.count > 2, "the seed has members besides the events")
        let array = "[" + Array(repeating: event, count: events.count).joined(separator: ",") + "]"
        return Data((text.dropLast() + ",\"events\":" + array + "}").utf8)
    }

    private static func scroll(_ object: inout [String: Any], _ scroll: [String: Any]) { object["scroll"] = scroll }
    private static func retina(_ object: inout [String: Any]) {
        object["device"] = ["width": 100, "height": 75, "scale": 2, "refreshHz": 60]
    }

    func testHostileValuesEndInTheirOutcomeNeverATrap() throws {
        for (index, hostile) in Self.hostile.enumerated() {
            var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Self.seeds[0].utf8)) as? [String: Any])
            hostile.change(&object)
            let data = try Self.serialized(object)
            let file = "hostile-\(index).json"
            do {
                let scenario = try ScenarioFile.scenario(from: Array(data), file: file)
                let results = try Runner().run(scenarios: [scenario], strategies: StrategyCatalog.builtIn.names,
                                               steps: Self.steps(for: hostile.what))
                XCTAssertTrue(hostile.valid, "\(hostile.what): accepted, but it must be an error")
                XCTAssertEqual(results.runs.count, StrategyCatalog.builtIn.names.count, hostile.what)
            } catch let error as BenchError {
                XCTAssertFalse(hostile.valid, "\(hostile.what): \(error)")
                XCTAssertEqual(error.exitCode, 2, hostile.what)
                XCTAssertTrue("\(error)".contains(file), "\(hostile.what): the message names the file: \(error)")
                XCTAssertLessThan("\(error)".utf8.count, 1_000, "\(hostile.what): the message is short")
            }
        }
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
