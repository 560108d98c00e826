import RasterTestSupport
@testable import Raster
import XCTest

/// CRC-32 has two implementations, carry-less folding (x86-64 with PCLMULQDQ) and slicing by 8
/// (everywhere): both must give the bits of a byte-at-a-time reference, for every length and
/// alignment the folding's head, 16-byte blocks, 64-byte steps and tail can meet.
final class CRC32PathTests: XCTestCase {
    /// The longest length checked one by one: more than one 64-byte step plus every tail, after
    /// every head.
    private let longestLength = 1100
    private let alignments = 0..<64

    func testCheckValueOf123456789IsCBF43926OnEveryPath() throws {
        let check = Array("123456789".utf8)
        check.withUnsafeBytes { bytes in
            XCTAssertEqual(Checksum.crc32(bytes), 0xCBF4_3926)
            XCTAssertEqual(Checksum.crc32Slicing(bytes), 0xCBF4_3926)
            XCTAssertEqual(Self.byteAtATime(bytes), 0xCBF4_3926)
        }
        XCTAssertEqual(Checksum.crc32(check), 0xCBF4_3926)
        // Nine bytes are too few to fold; twenty copies (180 bytes) fold eleven 16-byte blocks.
        try check.withUnsafeBytes { XCTAssertEqual(try folding($0, initial: 0), 0xCBF4_3926) }
        let repeated = Array(repeatElement(check, count: 20).joined())
        try repeated.withUnsafeBytes { XCTAssertEqual(try folding($0, initial: 0), Self.byteAtATime($0)) }
    }

    func testSlicingEqualsByteAtATimeForEveryLengthAlignmentAndInitialValue() {
        var random = SeededRandom(seed: 31)
        withRandomBuffer(count: longestLength + alignments.upperBound, seed: 32) { buffer in
            for length in 0...longestLength {
                for alignment in alignments {
                    let bytes = UnsafeRawBufferPointer(rebasing: buffer[alignment..<alignment + length])
                    let initial = UInt32.random(in: 0...UInt32.max, using: &random)
                    let expected = Self.byteAtATime(bytes, initial: initial)
                    let sliced = Checksum.crc32Slicing(bytes, initial: initial)
                    if sliced != expected {
                        XCTFail("length \(length), alignment \(alignment), initial \(initial): \(sliced) ≠ \(expected)")
                        return
                    }
                }
            }
        }
    }

    func testFoldingEqualsSlicingAndByteAtATimeForEveryLengthAlignmentAndInitialValue() throws {
        var random = SeededRandom(seed: 41)
        try withRandomBuffer(count: longestLength + alignments.upperBound, seed: 42) { buffer in
            for length in 0...longestLength {
                for alignment in alignments {
                    let bytes = UnsafeRawBufferPointer(rebasing: buffer[alignment..<alignment + length])
                    let initial = UInt32.random(in: 0...UInt32.max, using: &random)
                    let expected = Self.byteAtATime(bytes, initial: initial)
                    let folded = try XCTUnwrap(try folding(bytes, initial: initial))
                    let sliced = Checksum.crc32Slicing(bytes, initial: initial)
                    let chosen = Checksum.crc32(bytes, initial: initial)
                    if folded != expected || sliced != expected || chosen != expected {
                        XCTFail("length \(length), alignment \(alignment), initial \(initial): folded \(folded), "
                            + "sliced \(sliced), crc32 \(chosen), expected \(expected)")
                        return
                    }
                }
            }
        }
    }

    func testFoldingEqualsSlicingAndByteAtATimeOnMultiMegabyteBuffers() throws {
        var random = SeededRandom(seed: 51)
        // A full-screen frame (2048 × 2732 pixels) from an aligned start, and odd sizes from odd
        // starts.
        let cases: [(count: Int, alignment: Int)] = [(2048 * 2732 * 4, 0), (3 << 20 + 5, 7), (1 << 20 + 61, 33)]
        try withRandomBuffer(count: cases.map { $0.count + $0.alignment }.max()!, seed: 52) { buffer in
            for (count, alignment) in cases {
                let bytes = UnsafeRawBufferPointer(rebasing: buffer[alignment..<alignment + count])
                let initial = UInt32.random(in: 0...UInt32.max, using: &random)
                let expected = Self.byteAtATime(bytes, initial: initial)
                XCTAssertEqual(try folding(bytes, initial: initial), expected, "\(count) bytes at alignment \(alignment)")
                XCTAssertEqual(Checksum.crc32Slicing(bytes, initial: initial), expected, "\(count) bytes at alignment \(alignment)")
                XCTAssertEqual(Checksum.crc32(bytes, initial: initial), expected, "\(count) bytes at alignment \(alignment)")
            }
        }
    }

    func testCRC32ChainsAcrossSplitsOnEitherSideOfTheFoldingThreshold() {
        withRandomBuffer(count: 5000, seed: 61) { buffer in
            let whole = Checksum.crc32(buffer)
            let threshold = Checksum.foldingThreshold
            for split in [0, 1, 15, threshold - 1, threshold, threshold + 1, 777, 4999 - threshold, 4999, 5000] {
                let first = Checksum.crc32(UnsafeRawBufferPointer(rebasing: buffer[..<split]))
                let chained = Checksum.crc32(UnsafeRawBufferPointer(rebasing: buffer[split...]), initial: first)
                XCTAssertEqual(chained, whole, "split at \(split)")
            }
        }
    }

    // MARK: Helpers

    /// `Checksum.crc32Folding`, or a skip where this machine cannot fold (not x86-64, or no
    /// PCLMULQDQ): the slicing test still covers that machine's path.
    private func folding(_ bytes: UnsafeRawBufferPointer, initial: UInt32) throws -> UInt32? {
        guard let crc = Checksum.crc32Folding(bytes, initial: initial) else {
            throw XCTSkip("this machine has no carry-less multiply; crc32 uses slicing only")
        }
        return crc
    }

    /// Calls `body` with `count` seeded random bytes starting on a 64-byte boundary, so that an
    /// offset into them is the alignment the CRC sees.
    private func withRandomBuffer(count: Int, seed: UInt64, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 64)
        defer { buffer.deallocate() }
        var random = SeededRandom(seed: seed)
        var index = 0
        while index < count {
            var word = random.next()
            for _ in 0..<min(8, count - index) {
                buffer[index] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                index += 1
            }
        }
        try body(UnsafeRawBufferPointer(buffer))
    }

    /// The reference: one byte per step through a 256-entry table built here bit by bit from the
    /// reflected polynomial, sharing nothing with `Checksum`.
    private static func byteAtATime(_ bytes: UnsafeRawBufferPointer, initial: UInt32 = 0) -> UInt32 {
        var crc = ~initial
        for byte in bytes {
            crc = byteTable[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] ^ (crc >> 8)
        }
        return ~crc
    }

    private static let byteTable: [UInt32] = (0..<256).map { (n: Int) -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 {
            c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1
        }
        return c
    }
}
