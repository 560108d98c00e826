/// The checksums PNG and zlib need: CRC-32 for chunks and Adler-32 for the zlib trailer.
///
/// Both run over whole encoded images (tens of megabytes for a large screen), so contiguous
/// inputs take a pointer fast path; any other sequence is walked byte by byte.
enum Checksum {
    /// The CRC-32 (ISO-HDLC polynomial 0xEDB88320, as in PNG, zlib and gzip) of `bytes`.
    ///
    /// `initial` is a previous result, so `crc32(b, initial: crc32(a))` equals the CRC of
    /// `a` followed by `b`; the CRC of no bytes is 0.
    static func crc32<S: Sequence>(_ bytes: S, initial: UInt32 = 0) -> UInt32 where S.Element == UInt8 {
        if let crc = bytes.withContiguousStorageIfAvailable({ crc32(UnsafeRawBufferPointer($0), initial: initial) }) {
            return crc
        }
        let table = crcTables.first
        var crc = ~initial
        for byte in bytes {
            crc = table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] ^ (crc >> 8)
        }
        return ~crc
    }

    /// The CRC-32 of the bytes in `buffer`; see `crc32(_:initial:)` for `initial`.
    ///
    /// Processes eight bytes per step ("slicing by 8"), which is several times faster than a
    /// byte at a time on the large buffers an encoder checks.
    static func crc32(_ buffer: UnsafeRawBufferPointer, initial: UInt32 = 0) -> UInt32 {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return initial }
        let tables = crcTables.all
        return tables.withUnsafeBufferPointer { t -> UInt32 in
            var crc = ~initial
            var p = base
            var remaining = buffer.count
            while remaining >= 8 {
                let word = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self)) ^ UInt64(crc)
                crc = t[7 * 256 + Int(word & 0xFF)]
                    ^ t[6 * 256 + Int((word >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((word >> 16) & 0xFF)]
                    ^ t[4 * 256 + Int((word >> 24) & 0xFF)]
                    ^ t[3 * 256 + Int((word >> 32) & 0xFF)]
                    ^ t[2 * 256 + Int((word >> 40) & 0xFF)]
                    ^ t[1 * 256 + Int((word >> 48) & 0xFF)]
                    ^ t[Int(word >> 56)]
                p += 8
                remaining -= 8
            }
            while remaining > 0 {
                let byte = p.load(as: UInt8.self)
                crc = t[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] ^ (crc >> 8)
                p += 1
                remaining -= 1
            }
            return ~crc
        }
    }

    /// The Adler-32 checksum (RFC 1950) of `bytes`, the trailer of a zlib stream.
    ///
    /// `initial` is a previous result, so checksums chain like `crc32`'s; the checksum of no
    /// bytes is 1.
    static func adler32<S: Sequence>(_ bytes: S, initial: UInt32 = 1) -> UInt32 where S.Element == UInt8 {
        if let sum = bytes.withContiguousStorageIfAvailable({ adler32(UnsafeRawBufferPointer($0), initial: initial) }) {
            return sum
        }
        var a = initial & 0xFFFF
        var b = initial >> 16
        for byte in bytes {
            a = (a + UInt32(byte)) % adlerModulus
            b = (b + a) % adlerModulus
        }
        return b << 16 | a
    }

    /// The Adler-32 checksum of the bytes in `buffer`; see `adler32(_:initial:)` for `initial`.
    ///
    /// Defers the modulo to once per `adlerBlock` bytes, the most that cannot overflow 32 bits.
    static func adler32(_ buffer: UnsafeRawBufferPointer, initial: UInt32 = 1) -> UInt32 {
        var a = initial & 0xFFFF
        var b = initial >> 16
        guard let base = buffer.baseAddress else { return initial }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        var index = 0
        let count = buffer.count
        while index < count {
            let end = min(index + adlerBlock, count)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= adlerModulus
            b %= adlerModulus
        }
        return b << 16 | a
    }

    /// The largest prime below 2^16, Adler-32's modulus.
    private static let adlerModulus: UInt32 = 65521

    /// The largest n with 255·n·(n+1)/2 + (n+1)·(modulus−1) < 2^32, so sums fit in 32 bits.
    private static let adlerBlock = 5552

    /// Eight 256-entry CRC tables: table 0 is the classic byte table, table k advances a byte's
    /// contribution by k further zero bytes, which slicing-by-8 needs.
    private static let crcTables: (first: [UInt32], all: [UInt32]) = {
        var all = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 {
                c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1
            }
            all[n] = c
        }
        for k in 1..<8 {
            for n in 0..<256 {
                let previous = all[(k - 1) * 256 + n]
                all[k * 256 + n] = all[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return (Array(all[0..<256]), all)
    }()
}
