/// Writes RGBA8 images as PNG files (8-bit truecolour with alpha, no interlace).
///
/// Self-contained (our own deflate and CRC) so frames can be saved on any platform with only
/// the toolchain. Rows are filtered adaptively, as libpng does by default: each row takes the
/// filter whose output has the smallest sum of absolute signed bytes, which turns flat colour
/// into zero runs that deflate shrinks to almost nothing.
enum PNGEncoder {
    /// Encodes `rgba` — straight (not premultiplied) RGBA8, row-major, `width × 4` bytes per
    /// row — as a complete PNG file.
    ///
    /// Traps if a side is below 1 or `rgba.count != width × height × 4`.
    static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        encode(width: width, height: height, rgba: rgba, forcing: nil)
    }

    /// `encode(width:height:rgba:)` with every row using `forcedFilter` when it is not nil, so
    /// tests can check each filter type end to end.
    static func encode(width: Int, height: Int, rgba: [UInt8], forcing forcedFilter: Filter?) -> [UInt8] {
        precondition(width >= 1 && height >= 1, "PNG sides must be at least 1 pixel")
        precondition(width <= maxSide && height <= maxSide, "PNG sides must fit in 31 bits")
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        precondition(!overflow && product <= Int.max / 4 - height, "PNG image too large")
        precondition(rgba.count == width * height * 4, "rgba must hold width × height × 4 bytes")

        let compressed = Deflate.zlibCompress(
            filtered(width: width, height: height, rgba: rgba, forcing: forcedFilter))

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(compressed.count + compressed.count / maxIDATLength * 12 + 64)
        var header = [UInt8]()
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        // Bit depth 8, colour type 6 (RGBA), compression 0, filter method 0, no interlace.
        header += [8, 6, 0, 0, 0]
        appendChunk("IHDR", header[...], to: &png)
        var start = 0
        repeat {
            let end = min(start + maxIDATLength, compressed.count)
            appendChunk("IDAT", compressed[start..<end], to: &png)
            start = end
        } while start < compressed.count
        appendChunk("IEND", [][...], to: &png)
        return png
    }

    /// The largest side PNG allows: 2^31 − 1.
    static let maxSide = Int(Int32.max)

    /// IDAT data per chunk; splitting keeps chunks a size every reader buffers comfortably.
    static let maxIDATLength = 1 << 20

    /// PNG filter type bytes (the first byte of each filtered row).
    enum Filter: UInt8, CaseIterable {
        case none = 0, sub, up, average, paeth
    }

    /// The filtered scanlines: per row a filter-type byte, then the row's filtered bytes, each
    /// row with the cheapest filter or, if given, `forcedFilter`.
    static func filtered(width: Int, height: Int, rgba: [UInt8], forcing forcedFilter: Filter? = nil) -> [UInt8] {
        let candidates = forcedFilter.map { [$0] } ?? Filter.allCases
        let rowBytes = width * 4
        let stride = rowBytes + 1
        var output = [UInt8](repeating: 0, count: stride * height)
        // One scratch row per filter type; the winner is copied into the output.
        var scratch = [UInt8](repeating: 0, count: rowBytes * Filter.allCases.count)
        rgba.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    let zeros = [UInt8](repeating: 0, count: rowBytes)
                    zeros.withUnsafeBufferPointer { zeros in
                        for y in 0..<height {
                            let row = source.baseAddress! + y * rowBytes
                            // The row above row 0 is defined as zeros.
                            let above = y == 0 ? zeros.baseAddress! : row - rowBytes
                            var best = Filter.none
                            var bestCost = Int.max
                            for filter in candidates {
                                let out = scratch.baseAddress! + Int(filter.rawValue) * rowBytes
                                let cost = apply(filter, row: row, above: above, count: rowBytes, into: out)
                                // Strictly smaller, so ties keep the simpler, earlier filter.
                                if cost < bestCost {
                                    bestCost = cost
                                    best = filter
                                }
                            }
                            let target = destination.baseAddress! + y * stride
                            target[0] = best.rawValue
                            (target + 1).update(from: scratch.baseAddress! + Int(best.rawValue) * rowBytes,
                                                count: rowBytes)
                        }
                    }
                }
            }
        }
        return output
    }

    /// Filters one row into `out` and returns libpng's heuristic cost: the sum of the output
    /// bytes read as signed magnitudes (0 and 255 both cost little).
    @inline(__always)
    static func apply(_ filter: Filter, row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>,
                      count: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var cost = 0
        // RGBA8: the byte to the "left" is the same channel of the previous pixel, 4 back.
        let bpp = 4
        @inline(__always) func emit(_ i: Int, _ value: UInt8) {
            out[i] = value
            cost += Int(value < 128 ? value : 0 &- value)
        }
        switch filter {
        case .none:
            for i in 0..<count { emit(i, row[i]) }
        case .sub:
            for i in 0..<min(bpp, count) { emit(i, row[i]) }
            for i in bpp..<max(bpp, count) { emit(i, row[i] &- row[i - bpp]) }
        case .up:
            for i in 0..<count { emit(i, row[i] &- above[i]) }
        case .average:
            for i in 0..<min(bpp, count) { emit(i, row[i] &- above[i] / 2) }
            for i in bpp..<max(bpp, count) {
                emit(i, row[i] &- UInt8((Int(row[i - bpp]) + Int(above[i])) / 2))
            }
        case .paeth:
            for i in 0..<min(bpp, count) { emit(i, row[i] &- above[i]) }
            for i in bpp..<max(bpp, count) {
                emit(i, row[i] &- paethPredictor(row[i - bpp], above[i], above[i - bpp]))
            }
        }
        return cost
    }

    /// The Paeth predictor (PNG spec §9.4): whichever of left, above and upper-left is
    /// closest to left + above − upper-left, ties in that order.
    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Appends a chunk: big-endian length, type, data, and the CRC of type and data.
    static func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "chunk types are four ASCII letters")
        appendBigEndian(UInt32(data.count), to: &png)
        png += typeBytes
        png += data
        appendBigEndian(Checksum.crc32(data, initial: Checksum.crc32(typeBytes)), to: &png)
    }

    static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
