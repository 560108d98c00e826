import RasterTestSupport
@testable import Raster
import XCTest

/// A fixed-seed xorshift64* generator, so the random inputs here are the same on every run.
private func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
}

final class PNGTests: XCTestCase {
    // MARK: Checksums

    func testCRC32MatchesKnownVectors() {
        XCTAssertEqual(Checksum.crc32(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(Checksum.crc32([UInt8]()), 0)
        XCTAssertEqual(Checksum.crc32(Array("The quick brown fox jumps over the lazy dog".utf8)), 0x414F_A339)
        // A sequence without contiguous storage takes the byte-at-a-time path.
        XCTAssertEqual(Checksum.crc32("123456789".utf8.lazy.map { $0 }), 0xCBF4_3926)
    }

    func testCRC32AgreesWithIndependentImplementationAndChains() {
        let data = randomBytes(1000, seed: 7)
        // Every length 0…40 exercises the eight-byte loop and each possible tail.
        for length in 0...40 {
            XCTAssertEqual(Checksum.crc32(data[0..<length]), TestChecksums.crc32(data[0..<length]), "length \(length)")
        }
        XCTAssertEqual(Checksum.crc32(data), TestChecksums.crc32(data))
        let split = 333
        XCTAssertEqual(Checksum.crc32(data[split...], initial: Checksum.crc32(data[..<split])), Checksum.crc32(data))
    }

    func testAdler32MatchesKnownVectors() {
        XCTAssertEqual(Checksum.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
        XCTAssertEqual(Checksum.adler32([UInt8]()), 1)
        XCTAssertEqual(Checksum.adler32("Wikipedia".utf8.lazy.map { $0 }), 0x11E6_0398)
    }

    func testAdler32DefersModuloWithoutOverflow() {
        // All 0xFF is the worst case for the deferred modulo; cover several 5552-byte blocks.
        let ones = [UInt8](repeating: 0xFF, count: 20_000)
        XCTAssertEqual(Checksum.adler32(ones), TestChecksums.adler32(ones))
        let data = randomBytes(12_345, seed: 11)
        XCTAssertEqual(Checksum.adler32(data), TestChecksums.adler32(data))
        XCTAssertEqual(Checksum.adler32(data[5000...], initial: Checksum.adler32(data[..<5000])), Checksum.adler32(data))
    }

    // MARK: Deflate

    func testDeflateOfEmptyInputIsTheMinimalZlibStream() throws {
        let stream = Deflate.zlibCompress([])
        XCTAssertEqual(stream, [0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        XCTAssertEqual(try Inflate.zlibDecompress(stream), [])
    }

    func testDeflateRoundTripsRandomAndRepetitiveData() throws {
        var inputs: [(String, [UInt8])] = []
        for length in [0, 1, 2, 3, 4, 257, 258, 259, 65_535, 65_536 + 7] {
            inputs.append(("random \(length)", randomBytes(length, seed: UInt64(length) + 1)))
            inputs.append(("zeros \(length)", [UInt8](repeating: 0, count: length)))
            inputs.append(("pattern \(length)", (0..<length).map { UInt8(truncatingIfNeeded: $0 % 7 * 37) }))
        }
        // Pixel-like data: a four-byte period with occasional changes, as in filtered rows.
        var random = SeededRandom(seed: 99)
        var pixels = [UInt8]()
        while pixels.count < 150_000 {
            let pixel = randomBytes(4, seed: random.next())
            for _ in 0..<Int.random(in: 1...400, using: &random) { pixels += pixel }
        }
        inputs.append(("runs of pixels", pixels))
        // Random text over a small alphabet gives many short matches at all distances.
        inputs.append(("small alphabet", (0..<200_000).map { _ in UInt8.random(in: 97...100, using: &random) }))

        for (name, input) in inputs {
            let stream = Deflate.zlibCompress(input)
            XCTAssertEqual(stream[0], 0x78, name)
            XCTAssertEqual((Int(stream[0]) << 8 | Int(stream[1])) % 31, 0, name)
            XCTAssertEqual(try Inflate.zlibDecompress(stream), input, name)
        }
    }

    func testDeflateMatchesAcrossTheWholeWindow() throws {
        // A block repeated exactly 32 768 bytes later, the largest legal distance. The filler
        // is 7-bit so fixed codes cost 8 bits a byte and the block stays Huffman-coded.
        let block = randomBytes(1_000, seed: 3).map { $0 & 0x7F }
        let filler = randomBytes(31_768, seed: 4).map { $0 & 0x7F }
        let input = block + filler + block + randomBytes(10_000, seed: 5).map { $0 & 0x7F }
        let stream = Deflate.zlibCompress(input)
        XCTAssertEqual(try Inflate.zlibDecompress(stream), input)
        XCTAssertLessThan(stream.count, input.count - 900)
    }

    func testDeflateFallsBackToStoredBlocksForIncompressibleData() throws {
        let input = randomBytes(200_000, seed: 42)
        let stream = Deflate.zlibCompress(input)
        // Stored blocks cost 5 bytes per 65 535; fixed codes alone would add about 1/16.
        XCTAssertLessThanOrEqual(stream.count, input.count + 6 + 5 * 4)
        XCTAssertEqual(try Inflate.zlibDecompress(stream), input)
    }

    func testDeflateCompressesFlatData() throws {
        let input = [UInt8](repeating: 0xA7, count: 1 << 20)
        let stream = Deflate.zlibCompress(input)
        XCTAssertLessThan(stream.count, input.count / 100)
        XCTAssertEqual(try Inflate.zlibDecompress(stream), input)
    }

    func testInflateRejectsMalformedStreams() throws {
        let good = Deflate.zlibCompress(Array("hello, hello, hello".utf8))
        var badHeader = good
        badHeader[1] ^= 0x01
        XCTAssertThrowsError(try Inflate.zlibDecompress(badHeader))
        var badTrailer = good
        badTrailer[badTrailer.count - 1] ^= 0x01
        XCTAssertThrowsError(try Inflate.zlibDecompress(badTrailer))
        XCTAssertThrowsError(try Inflate.zlibDecompress(Array(good.dropLast(5))))
        XCTAssertThrowsError(try Inflate.zlibDecompress(good + [0]))
        XCTAssertThrowsError(try Inflate.zlibDecompress([0x78, 0x01, 0x07])) // block type 3
    }

    func testInflateDecodesStoredAndDynamicBlocksFromZlib() throws {
        // Written by zlib 1.x itself (level 9 picked a dynamic-Huffman block; level 0 stores).
        let dynamic: [UInt8] = [
            0x78, 0xDA, 0x6D, 0xC7, 0xB1, 0x11, 0x80, 0x30, 0x0C, 0x04, 0xC1, 0x9C,
            0x2A, 0xBE, 0x00, 0x9A, 0x7A, 0x4B, 0x02, 0x14, 0x20, 0xCF, 0x58, 0x32,
            0xF5, 0xE3, 0x21, 0x26, 0xBA, 0x3D, 0xB6, 0x41, 0xA1, 0x72, 0x05, 0xFC,
            0xF7, 0x8E, 0xA4, 0x2B, 0xEA, 0x32, 0xDC, 0x3C, 0x5D, 0x9C, 0x81, 0xEA,
            0xDF, 0x73, 0xAA, 0x5B, 0x88, 0xA1, 0x1F, 0x18, 0x6C, 0xCD, 0x2B, 0xC1,
            0xD0, 0xE5, 0xC7, 0x22, 0xB7, 0x17, 0x41, 0xC4, 0x21, 0xAE
        ]
        let text = "abracadabra abracadabra abracadabra, said the magician to the audience of rabbits and ravens\n"
        XCTAssertEqual(try Inflate.zlibDecompress(dynamic), Array(text.utf8))
        let stored: [UInt8] = [
            0x78, 0x01, 0x01, 0x07, 0x00, 0xF8, 0xFF, 0x73, 0x74, 0x6F, 0x72, 0x65,
            0x64, 0x21, 0x0B, 0xEF, 0x02, 0xB3
        ]
        XCTAssertEqual(try Inflate.zlibDecompress(stored), Array("stored!".utf8))
    }

    // MARK: PNG

    func testPNGHasSignatureValidCRCsAndDecodesToSamePixels() throws {
        var images: [(width: Int, height: Int, rgba: [UInt8])] = [
            (1, 1, randomBytes(4, seed: 1)),
            (3, 2, randomBytes(24, seed: 2)),
            (17, 5, randomBytes(17 * 5 * 4, seed: 3)),
        ]
        var gradient = [UInt8]()
        for y in 0..<200 {
            for x in 0..<300 {
                gradient += [UInt8(x * 255 / 299), UInt8(y * 255 / 199), UInt8((x + y) % 256), UInt8(255 - x % 128)]
            }
        }
        images.append((300, 200, gradient))

        for image in images {
            let name = "\(image.width)×\(image.height)"
            let png = PNGEncoder.encode(width: image.width, height: image.height, rgba: image.rgba)
            XCTAssertEqual(Array(png[0..<8]), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], name)
            XCTAssertEqual(String(decoding: png[12..<16], as: UTF8.self), "IHDR", name)
            XCTAssertEqual(Array(png.suffix(12)), [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], name)
            let decoded = try PNGDecoder.decode(png)
            XCTAssertEqual(decoded.width, image.width, name)
            XCTAssertEqual(decoded.height, image.height, name)
            XCTAssertEqual(decoded.rgba, image.rgba, name)
        }
    }

    func testPNGEveryFilterTypeDecodesToSamePixels() throws {
        // Random pixels with some structure, so predictions wrap around in both directions.
        var random = SeededRandom(seed: 17)
        let width = 23, height = 9
        let rgba = (0..<width * height * 4).map { i -> UInt8 in
            i % 3 == 0 ? UInt8.random(in: 0...255, using: &random) : UInt8(truncatingIfNeeded: i * 5)
        }
        for filter in PNGEncoder.Filter.allCases {
            let png = PNGEncoder.encode(width: width, height: height, rgba: rgba, forcing: filter)
            let decoded = try PNGDecoder.decode(png)
            XCTAssertEqual(decoded.rgba, rgba, "\(filter)")
        }
    }

    func testAdaptiveFilterTurnsFlatRowsIntoZeros() {
        let width = 50, height = 4
        let pixel: [UInt8] = [12, 34, 56, 255]
        let rgba = (0..<width * height * 4).map { pixel[$0 % 4] }
        let filtered = PNGEncoder.filtered(width: width, height: height, rgba: rgba)
        let stride = width * 4 + 1
        // Row 0 has nothing above, so Sub wins; below it Up gives all zeros.
        XCTAssertEqual(filtered[0], PNGEncoder.Filter.sub.rawValue)
        for y in 1..<height {
            XCTAssertEqual(filtered[y * stride], PNGEncoder.Filter.up.rawValue)
            XCTAssertTrue(filtered[(y * stride + 1)..<((y + 1) * stride)].allSatisfy { $0 == 0 })
        }
    }

    func testPNGSplitsLargeImageDataIntoSeveralIDATChunks() throws {
        let width = 520, height = 520
        let rgba = randomBytes(width * height * 4, seed: 23)
        let png = PNGEncoder.encode(width: width, height: height, rgba: rgba)
        var idatCount = 0
        var offset = 8
        while offset < png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) == "IDAT" { idatCount += 1 }
            offset += 12 + length
        }
        XCTAssertGreaterThan(idatCount, 1)
        XCTAssertEqual(try PNGDecoder.decode(png).rgba, rgba)
    }

    func testPNGRejectsCorruptedCRC() throws {
        let rgba = randomBytes(8 * 8 * 4, seed: 5)
        let png = PNGEncoder.encode(width: 8, height: 8, rgba: rgba)
        // The IDAT follows the signature (8 bytes) and IHDR (25 bytes); its data starts 8 later.
        XCTAssertEqual(String(decoding: png[37..<41], as: UTF8.self), "IDAT")
        var corrupted = png
        corrupted[41 + 10] ^= 0x40
        XCTAssertThrowsError(try PNGDecoder.decode(corrupted)) { error in
            XCTAssertTrue("\(error)".contains("CRC"), "\(error)")
        }
        var badSignature = png
        badSignature[1] = 0
        XCTAssertThrowsError(try PNGDecoder.decode(badSignature))
        XCTAssertThrowsError(try PNGDecoder.decode(Array(png.dropLast(12))))
    }
}
