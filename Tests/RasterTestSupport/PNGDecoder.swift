/// A strict PNG reader for tests: 8-bit RGBA, non-interlaced images only, every rule checked.
///
/// It verifies chunk CRCs with `TestChecksums` and inflates with `Inflate`, never with the
/// encoder's own code, so a round trip through it really tests the encoder.
public enum PNGDecoder {
    /// Decodes `png` to straight RGBA8 pixels, row-major, `width × 4` bytes per row.
    ///
    /// Throws a `DecodeError` for a bad signature or CRC, a misplaced or malformed IHDR, IDAT
    /// or IEND, an unknown critical chunk, a format other than 8-bit RGBA non-interlaced, bad
    /// compressed data, the wrong amount of image data or an unknown filter type.
    public static func decode(_ png: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard png.count >= 8, Array(png[0..<8]) == signature else { throw DecodeError("missing PNG signature") }

        var chunks = [(type: String, data: ArraySlice<UInt8>)]()
        var offset = 8
        while offset < png.count {
            guard png.count - offset >= 12 else { throw DecodeError("truncated chunk at byte \(offset)") }
            let length = Int(bigEndian32(png, at: offset))
            guard length <= Int(Int32.max) else { throw DecodeError("chunk length \(length) exceeds 2^31 − 1") }
            let typeBytes = png[offset + 4..<offset + 8]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw DecodeError("chunk type at byte \(offset) is not four ASCII letters")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard png.count - offset - 12 >= length else { throw DecodeError("\(type) chunk data truncated") }
            let data = png[offset + 8..<offset + 8 + length]
            let stored = bigEndian32(png, at: offset + 8 + length)
            let actual = TestChecksums.crc32(png[offset + 4..<offset + 8 + length])
            guard stored == actual else {
                throw DecodeError("\(type) chunk CRC mismatch: stored \(Inflate.hex(stored)), computed \(Inflate.hex(actual))")
            }
            chunks.append((type, data))
            offset += 12 + length
        }

        guard let first = chunks.first, first.type == "IHDR" else { throw DecodeError("first chunk is not IHDR") }
        guard let last = chunks.last, last.type == "IEND", chunks.count >= 2 else { throw DecodeError("last chunk is not IEND") }
        guard last.data.isEmpty else { throw DecodeError("IEND chunk has data") }
        let header = first.data
        guard header.count == 13 else { throw DecodeError("IHDR has \(header.count) bytes, expected 13") }
        let width = Int(bigEndian32(png, at: header.startIndex))
        let height = Int(bigEndian32(png, at: header.startIndex + 4))
        guard width >= 1, height >= 1, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw DecodeError("invalid image size \(width)×\(height)")
        }
        let format = Array(header[(header.startIndex + 8)...])
        guard format == [8, 6, 0, 0, 0] else {
            throw DecodeError("unsupported format (bit depth, colour type, compression, filter, interlace) = \(format); only 8-bit RGBA non-interlaced")
        }

        var compressed = [UInt8]()
        var sawIDAT = false, idatEnded = false
        for chunk in chunks.dropFirst().dropLast() {
            switch chunk.type {
            case "IHDR", "IEND": throw DecodeError("\(chunk.type) chunk appears more than once or out of place")
            case "IDAT":
                guard !idatEnded else { throw DecodeError("IDAT chunks are not consecutive") }
                sawIDAT = true
                compressed += chunk.data
            default:
                // Bit 5 of the first type byte clear means critical: a reader must understand it.
                guard chunk.type.utf8.first! & 0x20 != 0 else { throw DecodeError("unknown critical chunk \(chunk.type)") }
                if sawIDAT { idatEnded = true }
            }
        }
        guard sawIDAT else { throw DecodeError("no IDAT chunk") }

        let filtered = try Inflate.zlibDecompress(compressed)
        let rowBytes = width * 4
        guard filtered.count == height * (rowBytes + 1) else {
            throw DecodeError("image data has \(filtered.count) bytes, expected \(height * (rowBytes + 1))")
        }
        return (width, height, try unfilter(filtered, rowBytes: rowBytes, height: height))
    }

    /// Reverses the per-row filters (None, Sub, Up, Average, Paeth), each relative to the
    /// previous row's reconstructed bytes, with zeros above the first row and left of column 0.
    static func unfilter(_ filtered: [UInt8], rowBytes: Int, height: Int) throws -> [UInt8] {
        let bpp = 4
        var rgba = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            let filterType = filtered[y * (rowBytes + 1)]
            let source = y * (rowBytes + 1) + 1
            let row = y * rowBytes
            for x in 0..<rowBytes {
                let raw = filtered[source + x]
                let left = x >= bpp ? Int(rgba[row + x - bpp]) : 0
                let up = y > 0 ? Int(rgba[row - rowBytes + x]) : 0
                let upLeft = x >= bpp && y > 0 ? Int(rgba[row - rowBytes + x - bpp]) : 0
                let prediction: Int
                switch filterType {
                case 0: prediction = 0
                case 1: prediction = left
                case 2: prediction = up
                case 3: prediction = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let pa = abs(p - left), pb = abs(p - up), pc = abs(p - upLeft)
                    prediction = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
                default: throw DecodeError("row \(y) has unknown filter type \(filterType)")
                }
                rgba[row + x] = raw &+ UInt8(truncatingIfNeeded: prediction)
            }
        }
        return rgba
    }

    static func bigEndian32(_ bytes: [UInt8], at index: Int) -> UInt32 {
        bytes[index..<index + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
}
