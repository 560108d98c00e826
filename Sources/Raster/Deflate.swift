/// A small zlib/deflate compressor (RFC 1950/1951) for writing PNG files without a library.
///
/// It finds repeats with LZ77 over the full 32 KiB window (a 3-byte hash with bounded chains,
/// greedy matching) and writes them with the fixed Huffman codes. Rendered frames are mostly
/// flat colour, which becomes long runs after PNG filtering, so fixed codes already shrink them
/// by two orders of magnitude; a block that would grow is written stored instead.
enum Deflate {
    /// Compresses `data` into a complete zlib stream: header, deflate blocks, Adler-32 trailer.
    ///
    /// Any length works, including empty input (a single empty final block).
    static func zlibCompress(_ data: [UInt8]) -> [UInt8] {
        let blockCount = max(1, (data.count + blockSize - 1) / blockSize)
        // Prior blocks never exceed their stored size (len + 6 bytes at most) and the block being
        // written is at most 9 bits per byte before it may be rolled back to stored.
        let capacity = data.count + 8 * blockCount + blockSize / 8 + 64
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { output.deallocate() }

        // CMF 0x78: deflate with a 32 KiB window; FLG 0x01: "fastest" level, no dictionary,
        // and the check bits making CMF·256 + FLG a multiple of 31.
        output[0] = 0x78
        output[1] = 0x01
        var writer = BitWriter(output: output, position: 2)
        data.withUnsafeBufferPointer { input in
            var matcher = Matcher()
            matcher.compress(input, into: &writer)
        }
        writer.flushToByte()
        let adler = Checksum.adler32(data)
        for shift in stride(from: 24, through: 0, by: -8) {
            writer.output[writer.position] = UInt8(truncatingIfNeeded: adler >> UInt32(shift))
            writer.position += 1
        }
        precondition(writer.position <= capacity, "deflate output overran its bound")
        return Array(UnsafeBufferPointer(start: output, count: writer.position))
    }

    /// Input bytes per block: one stored block can hold it when compression does not pay.
    static let blockSize = 65_535

    /// Writes bit fields least-significant bit first, as deflate requires, through a 64-bit
    /// accumulator that is emptied four bytes at a time.
    struct BitWriter {
        /// The destination, large enough for the whole stream (the caller sizes it).
        let output: UnsafeMutablePointer<UInt8>
        /// The next byte of `output` to write.
        var position: Int
        /// Bits not yet written, the oldest in the least-significant positions.
        var buffer: UInt64 = 0
        /// How many bits of `buffer` are pending (always < 32 between calls).
        var count: Int = 0

        init(output: UnsafeMutablePointer<UInt8>, position: Int) {
            self.output = output
            self.position = position
        }

        /// Appends the low `width` bits of `bits` (at most 32); higher bits must be zero.
        @inline(__always)
        mutating func write(_ bits: UInt32, width: Int) {
            buffer |= UInt64(bits) << UInt64(count)
            count += width
            if count >= 32 {
                UnsafeMutableRawPointer(output + position)
                    .storeBytes(of: UInt32(truncatingIfNeeded: buffer).littleEndian, as: UInt32.self)
                position += 4
                buffer >>= 32
                count -= 32
            }
        }

        /// Writes out pending bits, padding the last byte with zeros (stored blocks and the
        /// zlib trailer start on a byte boundary).
        mutating func flushToByte() {
            while count > 0 {
                output[position] = UInt8(truncatingIfNeeded: buffer)
                position += 1
                buffer >>= 8
                count = max(0, count - 8)
            }
            buffer = 0
            count = 0
        }

        /// The total number of bits written so far, pending ones included.
        var bitPosition: Int { position * 8 + count }
    }

    /// The fixed Huffman codes of RFC 1951 §3.2.6, pre-reversed so they can be written LSB-first,
    /// in one table so the hot loop holds a single pointer.
    ///
    /// Literal and length entries pack `bits | width << 24`, lengths with their extra bits
    /// included. Distance entries pack `reversed code | extra-bit count << 8 | base << 16`,
    /// indexed by distance−1 below 256, else by 256 + (distance−1) >> 7.
    enum FixedCodes {
        /// Where the entries for literal bytes 0–255 start.
        static let literalOffset = 0
        /// Where the entries for match lengths 0–258 start (0–2 unused).
        static let lengthOffset = 256
        /// Where the 512 distance entries start.
        static let distanceOffset = 256 + 259
        /// The packed end-of-block symbol (256).
        static let endOfBlock = packed(256)

        static let table: [UInt32] = {
            var table = (0..<256).map(packed)

            let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                     35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
            let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                      3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
            table += [0, 0, 0]
            for length in 3...258 {
                // The last code whose base fits; 258 has its own extra-less code 285.
                let index = lengthBase.lastIndex { $0 <= length }!
                let (code, width) = symbol(257 + index)
                let extra = UInt32(length - lengthBase[index])
                let bits = reversed(code, width: width) | extra << UInt32(width)
                table.append(bits | UInt32(width + lengthExtra[index]) << 24)
            }

            var distances = [UInt32](repeating: 0, count: 512)
            var base = 1
            for code in 0..<30 {
                let extra = code < 4 ? 0 : code / 2 - 1
                let entry = reversed(UInt32(code), width: 5) | UInt32(extra) << 8 | UInt32(base) << 16
                for d in (base - 1)..<(base - 1 + (1 << extra)) {
                    distances[d < 256 ? d : 256 + (d >> 7)] = entry
                }
                base += 1 << extra
            }
            return table + distances
        }()

        private static func reversed(_ code: UInt32, width: Int) -> UInt32 {
            var result: UInt32 = 0
            for bit in 0..<width where code & (1 << UInt32(bit)) != 0 {
                result |= 1 << UInt32(width - 1 - bit)
            }
            return result
        }

        /// The fixed literal/length code of `value` (0–287) and its width.
        private static func symbol(_ value: Int) -> (code: UInt32, width: Int) {
            switch value {
            case 0...143: return (UInt32(0x30 + value), 8)
            case 144...255: return (UInt32(0x190 + value - 144), 9)
            case 256...279: return (UInt32(value - 256), 7)
            default: return (UInt32(0xC0 + value - 280), 8)
            }
        }

        private static func packed(_ value: Int) -> UInt32 {
            let (code, width) = symbol(value)
            return reversed(code, width: width) | UInt32(width) << 24
        }
    }

    /// The LZ77 search state: hash heads and the chain of earlier positions per window slot.
    struct Matcher {
        static let windowSize = 32_768
        static let hashBits = 15
        static let minMatch = 3
        static let maxMatch = 258
        /// Candidates examined per position; bounds the time on repetitive data.
        static let maxChain = 24
        /// Matches up to this long have their interior positions hashed; longer ones (runs)
        /// only hash their tail, which keeps flat images fast at no measurable cost in size.
        static let maxInsertLength = 64

        /// Latest position per hash, or −1.
        var head = [Int](repeating: -1, count: 1 << hashBits)
        /// The previous position with the same hash, per window slot (position & mask).
        var previous = [Int](repeating: -1, count: windowSize)

        /// Writes `input` as fixed-Huffman blocks (or stored ones where those are smaller).
        mutating func compress(_ input: UnsafeBufferPointer<UInt8>, into writer: inout BitWriter) {
            let endOfBlock = FixedCodes.endOfBlock
            guard let bytes = input.baseAddress, input.count > 0 else {
                writer.write(1 | 1 << 1, width: 3)
                writer.write(endOfBlock & 0xFF_FFFF, width: Int(endOfBlock >> 24))
                return
            }
            let count = input.count
            FixedCodes.table.withUnsafeBufferPointer { codes in
            head.withUnsafeMutableBufferPointer { head in
            previous.withUnsafeMutableBufferPointer { previous in
                var start = 0
                while start < count {
                    let end = min(start + Deflate.blockSize, count)
                    let final: UInt32 = end == count ? 1 : 0
                    let mark = writer
                    writer.write(final | 1 << 1, width: 3)
                    Self.encodeBlock(bytes, count: count, range: start..<end, codes: codes.baseAddress!,
                                     head: head.baseAddress!, previous: previous.baseAddress!,
                                     writer: &writer)
                    writer.write(endOfBlock & 0xFF_FFFF, width: Int(endOfBlock >> 24))
                    let startBits = mark.bitPosition
                    let storedBits = 3 + (8 - (startBits + 3) % 8) % 8 + 32 + 8 * (end - start)
                    if writer.bitPosition - startBits > storedBits {
                        // Incompressible: rewind to the block's start and write it verbatim.
                        writer = mark
                        Self.writeStored(bytes + start, count: end - start, final: final, writer: &writer)
                    }
                    start = end
                }
            }
            }
            }
        }

        /// Writes a stored block (BTYPE 00): header, byte alignment, LEN, NLEN, raw bytes.
        static func writeStored(_ bytes: UnsafePointer<UInt8>, count: Int, final: UInt32,
                                writer: inout BitWriter) {
            writer.write(final, width: 3)
            writer.flushToByte()
            let length = UInt32(count)
            writer.write(length | (~length & 0xFFFF) << 16, width: 32)
            (writer.output + writer.position).update(from: bytes, count: count)
            writer.position += count
        }

        @inline(__always)
        static func hash(_ p: UnsafePointer<UInt8>) -> Int {
            let key = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16
            return Int((key &* 0x9E37_79B1) >> UInt32(32 - hashBits))
        }

        @inline(__always)
        static func insert(_ position: Int, _ bytes: UnsafePointer<UInt8>,
                           head: UnsafeMutablePointer<Int>, previous: UnsafeMutablePointer<Int>) {
            let h = hash(bytes + position)
            previous[position & (windowSize - 1)] = head[h]
            head[h] = position
        }

        /// How many bytes at `a` and `b` agree, up to `limit`, comparing eight at a time.
        @inline(__always)
        static func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, limit: Int) -> Int {
            var length = 0
            while length + 8 <= limit {
                let x = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
                let y = UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
                let difference = UInt64(littleEndian: x ^ y)
                if difference != 0 { return length + difference.trailingZeroBitCount / 8 }
                length += 8
            }
            while length < limit && a[length] == b[length] { length += 1 }
            return length
        }

        /// Greedy LZ77 over `range`, written with the fixed codes.
        ///
        /// Matches never cross the range's end, so the block can be re-emitted stored, but they
        /// may reach back into earlier blocks within the window.
        static func encodeBlock(_ bytes: UnsafePointer<UInt8>, count: Int, range: Range<Int>,
                                codes: UnsafePointer<UInt32>, head: UnsafeMutablePointer<Int>,
                                previous: UnsafeMutablePointer<Int>, writer: inout BitWriter) {
            let literals = codes + FixedCodes.literalOffset
            let lengths = codes + FixedCodes.lengthOffset
            let distances = codes + FixedCodes.distanceOffset
            var position = range.lowerBound
            let end = range.upperBound
            while position < end {
                let limit = min(maxMatch, end - position)
                var bestLength = 0
                var bestDistance = 0
                if limit >= minMatch {
                    let current = bytes + position
                    var candidate = head[hash(current)]
                    var chain = maxChain
                    while candidate >= 0 && position - candidate <= windowSize && chain > 0 {
                        let other = bytes + candidate
                        // Cheap reject: a longer match must agree at the current best end.
                        if other[bestLength] == current[bestLength] {
                            let length = matchLength(current, other, limit: limit)
                            if length > bestLength {
                                bestLength = length
                                bestDistance = position - candidate
                                if length >= limit { break }
                            }
                        }
                        let next = previous[candidate & (windowSize - 1)]
                        // Chains only go back in time; anything else is a slot reused since.
                        if next >= candidate { break }
                        candidate = next
                        chain -= 1
                    }
                }
                // Hashing reads three bytes, which must exist in the whole input.
                if position + minMatch <= count { insert(position, bytes, head: head, previous: previous) }

                if bestLength >= minMatch {
                    let length = lengths[bestLength]
                    writer.write(length & 0xFF_FFFF, width: Int(length >> 24))
                    let d = bestDistance - 1
                    let distance = distances[d < 256 ? d : 256 + (d >> 7)]
                    let extra = UInt32(bestDistance) - distance >> 16
                    writer.write(distance & 0x1F | extra << 5, width: 5 + Int((distance >> 8) & 0xFF))
                    let matchEnd = position + bestLength
                    let hashEnd = min(matchEnd, count - minMatch + 1)
                    var p = bestLength <= maxInsertLength ? position + 1 : max(position + 1, matchEnd - minMatch)
                    while p < hashEnd {
                        insert(p, bytes, head: head, previous: previous)
                        p += 1
                    }
                    position = matchEnd
                } else {
                    let literal = literals[Int(bytes[position])]
                    writer.write(literal & 0xFF_FFFF, width: Int(literal >> 24))
                    position += 1
                }
            }
        }
    }
}
