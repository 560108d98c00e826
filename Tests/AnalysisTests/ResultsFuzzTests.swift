import Foundation
import Problems
import TestSupport
import ResultsTestSupport
import TestSupport
import Analysis
import Results
import XCTest

/// Results files mutated from two real ones — the committed baseline (5 processes, instruction
/// counts) and a short in-process run with samples and rounds — in many ways: truncated, keys
/// deleted or repeated, values of another type, negative, huge, 2^64, NaN-like, rows repeated,
/// arrays emptied. Every mutant must decode to `Results` or fail with `BenchError.input` (exit 2)
/// naming the file, never trap; every mutant that loads is then checked and compared with its
/// seed both ways, and with the previous mutant that loaded, which must not trap either. The
/// seed is fixed so a failure reproduces; the failing input is printed.
final class ResultsFuzzTests: XCTestCase {
    static let seed: UInt64 = 0x2E5_0F1A

    static let extremes = ["0", "-1", "-5", "1", "0.5", "-0.0", "1e308", "1e-308", "1e999", "-1e999", "1000000", "1000001",
                           "9007199254740992", "9007199254740993", "9223372036854775807", "9223372036854775808",
                           "-9223372036854775809", "18446744073709551616", "1e15", "99999999999999999999",
                           "NaN", "Infinity", "-Infinity", "\"7\"", "null", "true", "[]", "{}", "[-1]", "[1e999]", "\"\""]
    static let values = ["\"x\"", "null", "[]", "{}", "true", "0", "-3", "[0, 1]", "{\"step\": [1]}", "\"00000000\""]

    /// The committed baseline, read from the repository.
    private static var baselineBytes: [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return Array((try? Data(contentsOf: root.appendingPathComponent("Results/baseline.json"))) ?? Data())
    }

    /// A short run made here: samples, four rounds, two strategies.
    private static let runBytes: [UInt8] = {
        let results = ResultsFixtures.run(strategies: ["none", "per-cell-mask"], steps: 5, rounds: 4)
        return Array(try! results.jsonData())
    }()

    func testMutatedResultsFilesLoadOrFailWithAnInputErrorAndComparisonsNeverTrap() throws {
        let seeds = [Self.baselineBytes, Self.runBytes]
        XCTAssertGreaterThan(seeds[0].count, 10_000, "Results/baseline.json is read from the repository")
        let originals = try seeds.enumerated().map { try Results.decode($0.element, file: "seed-\($0.offset).json") }
        var rng = SeededRandom(seed: Self.seed)
        var loaded = 0, rejected = 0, checked = 0
        let start = Date()
        // The mutants, made in order from the seeded generator; then decoded, and the loaded ones
        // compared, at once on the machine's cores (pure functions of their inputs), the
        // assertions made here in order.
        let mutants = (0..<600).map { index -> (which: Int, bytes: [UInt8]) in
            let which = index % seeds.count
            var bytes = seeds[which]
            for _ in 0..<(Int.random(in: 0..<4, using: &rng) == 0 ? 2 : 1) { bytes = mutate(bytes, &rng) }
            return (which, bytes)
        }
        let decoded = try mutants.indices.concurrentMap { index in
            Result { try Results.decode(mutants[index].bytes, file: "fuzz-\(index).json") }
        }
        var pairs: [(index: Int, pairs: [(Results, Results)])] = []
        var previous: Results?
        for (index, outcome) in decoded.enumerated() {
            let name = "fuzz-\(index).json", bytes = mutants[index].bytes
            let results: Results
            switch outcome {
            case .success(let value):
                results = value
                loaded += 1
            case .failure(let error as BenchError):
                rejected += 1
                XCTAssertEqual(error.exitCode, 2, "seed \(Self.seed) case \(index): \(error)\ninput: \(excerpt(bytes))")
                guard case .input(let problem) = error else {
                    XCTFail("case \(index): expected an input error, got \(error)")
                    continue
                }
                let message = problem.description
                XCTAssertTrue(message.hasPrefix(name + ": "), "case \(index): the message starts with the file: \(message)")
                continue
            case .failure(let error):
                XCTFail("seed \(Self.seed) case \(index): unexpected \(error)\ninput: \(excerpt(bytes))")
                continue
            }
            let original = originals[mutants[index].which]
            pairs.append((index, [(original, results), (results, original)] + (previous.map { [($0, results)] } ?? [])))
            previous = results
        }
        // Each comparison's outcome: checked (nil), or the BenchError the gate threw.
        let compared = try pairs.concurrentMap { pair in
            try pair.pairs.map { a, b -> BenchError? in
                _ = Comparison(a, b)
                _ = Gate.noiseSpread(a, b)
                do {
                    _ = try Gate.check(baseline: a, current: b)
                    return nil
                } catch let error as BenchError {
                    return error
                }
            }
        }
        for (pair, outcomes) in zip(pairs, compared) {
            for outcome in outcomes {
                if let error = outcome { XCTAssertEqual(error.exitCode, 2, "case \(pair.index): \(error)") } else { checked += 1 }
            }
        }
        // Both outcomes, and the gate on loaded pairs, must really be exercised.
        XCTAssertGreaterThan(loaded, 100)
        XCTAssertGreaterThan(rejected, 250)
        XCTAssertGreaterThan(checked, 100)
        print("results fuzz: \(loaded) loaded, \(rejected) rejected, \(checked) gate checks, \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
    }

    private func excerpt(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.count > 400 ? String(text.prefix(400)) + "…" : text
    }

    // MARK: Mutations

    /// One random mutation of a JSON text.
    private func mutate(_ bytes: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        let tokens = scan(bytes)
        func splice(_ range: Range<Int>, _ text: String) -> [UInt8] {
            Array(bytes[..<range.lowerBound]) + Array(text.utf8) + Array(bytes[range.upperBound...])
        }
        switch Int.random(in: 0..<12, using: &rng) {
        case 0:
            // Truncate anywhere.
            return Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng)))
        case 1, 2:
            // A number replaced by an extreme, a wrong type or something that is not JSON.
            guard let range = tokens.numbers.randomElement(using: &rng) else { return bytes }
            return splice(range, Self.extremes.randomElement(using: &rng)!)
        case 3, 4:
            // A number scaled by a plausible factor (these mutants often load, and differ).
            guard let range = tokens.numbers.randomElement(using: &rng),
                  let value = Double(String(decoding: bytes[range], as: UTF8.self)) else { return bytes }
            let scaled = value * Double.random(in: 0.5...1.5, using: &rng)
            let integral = !bytes[range].contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }
            return splice(range, integral ? String(Int(scaled.rounded())) : String(scaled))
        case 5:
            // A member deleted: from a key to the next comma.
            guard let key = tokens.keys.randomElement(using: &rng),
                  let comma = bytes[key...].firstIndex(of: UInt8(ascii: ",")) else { return bytes }
            return splice(key..<(comma + 1), "")
        case 6:
            // A line repeated: a duplicate key in an object, one more element in an array.
            let lines = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }
            guard lines.count > 2 else { return bytes }
            let i = Int.random(in: 0..<(lines.count - 1), using: &rng)
            let line = Array(bytes[(lines[i] + 1)...lines[i + 1]])
            guard line.contains(UInt8(ascii: ",")) else { return bytes }
            return Array(bytes[...lines[i]]) + line + Array(bytes[(lines[i] + 1)...])
        case 7:
            // A member's value replaced by one of another type.
            guard let key = tokens.keys.randomElement(using: &rng), let colon = bytes[key...].firstIndex(of: UInt8(ascii: ":")),
                  let end = valueEnd(bytes, from: colon + 1) else { return bytes }
            return splice((colon + 1)..<end, " " + Self.values.randomElement(using: &rng)!)
        case 8:
            // An array emptied (samples, rounds, runs, event steps).
            guard let open = tokens.arrays.randomElement(using: &rng), let end = valueEnd(bytes, from: open) else { return bytes }
            return splice(open..<end, "[]")
        case 9:
            // The first row repeated: a (scenario, strategy) twice.
            guard let runs = find(Array(#""runs" : ["#.utf8), in: bytes),
                  let open = bytes[runs...].firstIndex(of: UInt8(ascii: "{")), let end = valueEnd(bytes, from: open) else { return bytes }
            return Array(bytes[..<end]) + Array(",".utf8) + Array(bytes[open..<end]) + Array(bytes[end...])
        case 10:
            // A top-level field added or repeated: processes, steps-like values at the top.
            let field = ["\"processes\" : \(Int.random(in: -1...6, using: &rng)),", "\"schema\" : \"cornerbench.results/1\",",
                         "\"runs\" : [],", "\"processes\" : 18446744073709551616,"].randomElement(using: &rng)!
            return Array("{ \(field)".utf8) + Array(bytes.dropFirst())
        default:
            // One character flipped.
            var copy = bytes
            copy[Int.random(in: 0..<copy.count, using: &rng)] = Array("{}[]:,\"0-9e. x".utf8).randomElement(using: &rng)!
            return copy
        }
    }

    /// Where numbers, keys and arrays start in a JSON text (outside strings).
    private func scan(_ bytes: [UInt8]) -> (numbers: [Range<Int>], keys: [Int], arrays: [Int]) {
        var numbers: [Range<Int>] = [], keys: [Int] = [], arrays: [Int] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let start = i
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
                var j = i
                while j < bytes.count, bytes[j] == UInt8(ascii: " ") { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: ":") { keys.append(start) }
            } else if b == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) {
                let start = i
                while i < bytes.count, "0123456789.eE+-".utf8.contains(bytes[i]) { i += 1 }
                numbers.append(start..<i)
            } else {
                if b == UInt8(ascii: "[") { arrays.append(i) }
                i += 1
            }
        }
        return (numbers, keys, arrays)
    }

    /// The end (exclusive) of the value that starts at or after `start`, skipping whitespace:
    /// brackets matched, strings skipped; nil when the text ends first.
    private func valueEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\n") { i += 1 }
        var depth = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                if depth == 0 { return i + 1 }
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return i + 1 }
                if depth < 0 { return i }
            case UInt8(ascii: ","), UInt8(ascii: "\n"):
                if depth == 0 { return i }
            default: break
            }
            i += 1
        }
        return nil
    }

    private func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        for i in 0...(bytes.count - needle.count) where bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle {
            return i + needle.count
        }
        return nil
    }
}
