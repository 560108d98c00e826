/// Why a zlib stream or PNG file was rejected by the test decoders.
public struct DecodeError: Error, CustomStringConvertible, Equatable {
    /// What was wrong, in words a failing test can print as is.
    public let description: String

    /// Creates an error carrying `description`.
    public init(_ description: String) { self.description = description }
}

/// A small, strict zlib decoder (RFC 1950/1951) used only by tests, to check the encoder's output
/// independently of the encoder's own code.
///
/// It accepts all three block types and rejects anything malformed with a `DecodeError`; it
/// favours clarity over speed (Huffman codes are decoded a bit at a time, as in `puff`'s design).
public enum Inflate {
    /// Decodes a complete zlib stream: header, deflate blocks, Adler-32 trailer, nothing after.
    public static func zlibDecompress(_ data: [UInt8]) throws -> [UInt8] {
        guard data.count >= 2 else { throw DecodeError("zlib stream shorter than its 2-byte header") }
        let cmf = data[0], flg = data[1]
        guard cmf & 0x0F == 8 else { throw DecodeError("zlib compression method \(cmf & 0x0F), expected 8 (deflate)") }
        guard cmf >> 4 <= 7 else { throw DecodeError("zlib window size exponent \(cmf >> 4) exceeds 7") }
        guard (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0 else {
            throw DecodeError("zlib header check failed: CMF·256 + FLG is not a multiple of 31")
        }
        guard flg & 0x20 == 0 else { throw DecodeError("zlib preset dictionaries are not supported") }

        var reader = BitReader(data, start: 2)
        let output = try inflate(&reader)
        let trailerStart = reader.byteAlignedPosition()
        guard data.count - trailerStart >= 4 else { throw DecodeError("zlib stream ends before its Adler-32 trailer") }
        guard data.count - trailerStart == 4 else {
            throw DecodeError("\(data.count - trailerStart - 4) unexpected bytes after the zlib trailer")
        }
        let stored = data[trailerStart..<trailerStart + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let actual = TestChecksums.adler32(output)
        guard stored == actual else {
            throw DecodeError("Adler-32 mismatch: trailer says \(hex(stored)), data gives \(hex(actual))")
        }
        return output
    }

    /// Decodes deflate blocks until the final one, from `reader`'s current position.
    static func inflate(_ reader: inout BitReader) throws -> [UInt8] {
        var output = [UInt8]()
        var isFinal = false
        while !isFinal {
            isFinal = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try copyStored(&reader, into: &output)
            case 1: try decodeHuffman(&reader, literals: fixedLiterals, distances: fixedDistances, into: &output)
            case 2:
                let (literals, distances) = try readDynamicCodes(&reader)
                try decodeHuffman(&reader, literals: literals, distances: distances, into: &output)
            default: throw DecodeError("invalid deflate block type 3")
            }
        }
        return output
    }

    /// Copies a stored block: skip to a byte boundary, LEN and its complement NLEN, raw bytes.
    static func copyStored(_ reader: inout BitReader, into output: inout [UInt8]) throws {
        var position = reader.byteAlignedPosition()
        let data = reader.data
        guard data.count - position >= 4 else { throw DecodeError("stored block header truncated") }
        let length = Int(data[position]) | Int(data[position + 1]) << 8
        let complement = Int(data[position + 2]) | Int(data[position + 3]) << 8
        guard length == complement ^ 0xFFFF else {
            throw DecodeError("stored block LEN \(length) does not match NLEN \(complement)")
        }
        position += 4
        guard data.count - position >= length else { throw DecodeError("stored block data truncated") }
        output += data[position..<position + length]
        reader.seek(toByte: position + length)
    }

    /// Decodes literal/length and distance symbols until end-of-block.
    static func decodeHuffman(_ reader: inout BitReader, literals: Huffman, distances: Huffman,
                              into output: inout [UInt8]) throws {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < lengthBase.count else { throw DecodeError("invalid length symbol \(symbol)") }
            let length = lengthBase[lengthIndex] + (try reader.bits(lengthExtra[lengthIndex]))
            let distanceSymbol = try distances.decode(&reader)
            guard distanceSymbol < distanceBase.count else { throw DecodeError("invalid distance symbol \(distanceSymbol)") }
            let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
            guard distance <= output.count else {
                throw DecodeError("distance \(distance) reaches before the start of the output (\(output.count) bytes)")
            }
            // Byte by byte: the source may overlap the bytes being written (distance < length).
            let start = output.count - distance
            for i in 0..<length { output.append(output[start + i]) }
        }
    }

    /// Reads a dynamic block's code-length code, then its literal/length and distance codes.
    static func readDynamicCodes(_ reader: inout BitReader) throws -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286 else { throw DecodeError("dynamic block declares \(literalCount) literal/length codes (max 286)") }
        guard distanceCount <= 30 else { throw DecodeError("dynamic block declares \(distanceCount) distance codes (max 30)") }

        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for i in 0..<codeLengthCount { codeLengthLengths[order[i]] = try reader.bits(3) }
        let codeLengthCode = try Huffman(lengths: codeLengthLengths, name: "code-length")

        var lengths = [Int]()
        let total = literalCount + distanceCount
        while lengths.count < total {
            let symbol = try codeLengthCode.decode(&reader)
            let value: Int, repeats: Int
            switch symbol {
            case 0...15: (value, repeats) = (symbol, 1)
            case 16:
                guard let last = lengths.last else { throw DecodeError("repeat code 16 with no previous length") }
                (value, repeats) = (last, 3 + (try reader.bits(2)))
            case 17: (value, repeats) = (0, 3 + (try reader.bits(3)))
            default: (value, repeats) = (0, 11 + (try reader.bits(7)))
            }
            guard lengths.count + repeats <= total else { throw DecodeError("code lengths overrun the declared count") }
            lengths += repeatElement(value, count: repeats)
        }
        guard lengths[256] != 0 else { throw DecodeError("dynamic block has no end-of-block code") }
        let literalLengths = Array(lengths[0..<literalCount]), distanceLengths = Array(lengths[literalCount...])
        // As zlib does, a code with a single symbol (necessarily incomplete) is accepted.
        let literals = try Huffman(lengths: literalLengths, name: "literal/length",
                                   allowIncomplete: literalLengths.filter { $0 != 0 }.count <= 1)
        let distances = try Huffman(lengths: distanceLengths, name: "distance",
                                    allowIncomplete: distanceLengths.filter { $0 != 0 }.count <= 1)
        return (literals, distances)
    }

    /// A canonical Huffman code stored as counts per length and symbols in code order, decoded
    /// one bit at a time.
    struct Huffman {
        /// How many codes have each length 0…15 (index 0 unused).
        var counts = [Int](repeating: 0, count: 16)
        /// Symbols ordered by code length, then by value: canonical code order.
        var symbols = [Int]()

        /// Builds the code for per-symbol `lengths`, rejecting over-subscribed sets and, unless
        /// `allowIncomplete`, sets that leave some bit patterns unassigned.
        init(lengths: [Int], name: String, allowIncomplete: Bool = false) throws {
            for length in lengths {
                guard (0..<16).contains(length) else { throw DecodeError("\(name) code length \(length) out of range") }
                counts[length] += 1
            }
            var left = 1
            for length in 1..<16 {
                left = left * 2 - counts[length]
                guard left >= 0 else { throw DecodeError("\(name) code is over-subscribed") }
            }
            guard left == 0 || allowIncomplete else { throw DecodeError("\(name) code is incomplete") }
            for length in 1..<16 {
                for (symbol, l) in lengths.enumerated() where l == length { symbols.append(symbol) }
            }
        }

        /// Reads bits (each code is stored MSB-first) until they form a code of this set.
        func decode(_ reader: inout BitReader) throws -> Int {
            var code = 0, first = 0, index = 0
            for length in 1..<16 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - first < count { return symbols[index + code - first] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw DecodeError("invalid Huffman code")
        }
    }

    /// The fixed literal/length code of RFC 1951 §3.2.6 (288 symbols, 286–287 unused).
    static let fixedLiterals = try! Huffman(
        lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
            + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8),
        name: "fixed literal/length")

    /// The fixed distance code: 30 symbols of 5 bits (30–31 unused, so the set is incomplete).
    static let fixedDistances = try! Huffman(lengths: [Int](repeating: 5, count: 30),
                                             name: "fixed distance", allowIncomplete: true)

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                             35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                              3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                               257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                               8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// Reads bit fields least-significant bit first from a byte array.
    struct BitReader {
        let data: [UInt8]
        /// The next unread bit, counted from the start of `data`.
        private var bitPosition: Int

        init(_ data: [UInt8], start: Int) {
            self.data = data
            bitPosition = start * 8
        }

        /// Reads a `count`-bit field (LSB first); throws at the end of the data.
        mutating func bits(_ count: Int) throws -> Int {
            var value = 0
            for i in 0..<count {
                let byte = bitPosition >> 3
                guard byte < data.count else { throw DecodeError("deflate data ends mid-stream") }
                value |= Int((data[byte] >> UInt8(bitPosition & 7)) & 1) << i
                bitPosition += 1
            }
            return value
        }

        /// Skips to the next byte boundary and returns that byte's index.
        mutating func byteAlignedPosition() -> Int {
            bitPosition = (bitPosition + 7) & ~7
            return bitPosition >> 3
        }

        mutating func seek(toByte index: Int) { bitPosition = index * 8 }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}

/// Checksums written independently of `Raster.Checksum`, so tests do not check the encoder
/// against itself: the simplest bitwise CRC-32 and an Adler-32 with a modulo per byte.
public enum TestChecksums {
    /// CRC-32 (PNG/zlib) of `bytes`, one bit at a time from a 256-entry table built here.
    public static func crc32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// Adler-32 (RFC 1950) of `bytes`.
    public static func adler32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        return c
    }
}
