internal import CIntrinsics  // internal: clients of Raster need not see the C module

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
    /// Pictures are checksummed whole, tens of megabytes each, so on x86-64 with a carry-less
    /// multiply (PCLMULQDQ) buffers of `foldingThreshold` bytes or more go to `crc32Folding`,
    /// which runs at about memory speed; the rest, and other machines, use `crc32Slicing`. Both
    /// give the same bits.
    static func crc32(_ buffer: UnsafeRawBufferPointer, initial: UInt32 = 0) -> UInt32 {
        if buffer.count >= foldingThreshold, let crc = crc32Folding(buffer, initial: initial) {
            return crc
        }
        return crc32Slicing(buffer, initial: initial)
    }

    /// Below about this many bytes the slicing loop is faster: folding pays a fixed cost (the
    /// call into C, the unaligned head and the tail, the final reduction) of some 60 ns.
    static let foldingThreshold = 96

    /// The CRC-32 of `buffer` by carry-less multiplication (`ccrc32_fold`), or nil where that is
    /// unavailable: not x86-64, or a CPU without PCLMULQDQ and SSE4.1.
    ///
    /// The C loop takes whole 16-byte blocks, so the bytes before the first 16-byte boundary
    /// (aligned loads are cheaper) and after the last whole block go through `crc32Slicing`;
    /// the CRC chains through `initial` across the three parts.
    static func crc32Folding(_ buffer: UnsafeRawBufferPointer, initial: UInt32 = 0) -> UInt32? {
        #if arch(x86_64)
        guard canFold else { return nil }
        guard let base = buffer.baseAddress else { return initial }
        let head = min((16 &- Int(bitPattern: base)) & 15, buffer.count)
        let bulk = (buffer.count - head) & ~15
        var crc = crc32Slicing(UnsafeRawBufferPointer(rebasing: buffer[..<head]), initial: initial)
        if bulk > 0 {
            crc = withUnsafePointer(to: foldConstants) { ccrc32_fold(crc, base + head, UInt(bulk), $0) }
        }
        return crc32Slicing(UnsafeRawBufferPointer(rebasing: buffer[(head + bulk)...]), initial: crc)
        #else
        return nil
        #endif
    }

    /// The CRC-32 of `buffer` eight bytes per step from tables ("slicing by 8"), several times
    /// faster than a byte at a time; the path wherever `crc32Folding` is unavailable, and for
    /// short buffers and the ends of long ones.
    static func crc32Slicing(_ buffer: UnsafeRawBufferPointer, initial: UInt32 = 0) -> UInt32 {
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

    #if arch(x86_64)
    /// Whether this CPU can run `ccrc32_fold`; asked once.
    private static let canFold = ccrc32_fold_supported()

    /// The multipliers `ccrc32_fold` folds and reduces with, derived here from the polynomial
    /// (the header says what each is for).
    private static let foldConstants = ccrc32_constants(
        x544: reflectedPowerOfX(544), x480: reflectedPowerOfX(480),
        x160: reflectedPowerOfX(160), x96: reflectedPowerOfX(96), x64: reflectedPowerOfX(64),
        quotient: reflected(barrettQuotient, bits: 33), polynomial: reflected(crcPolynomial, bits: 33))
    #endif

    /// The CRC-32 polynomial P in normal bit order, x^32's bit included: 0xEDB88320 reversed.
    private static let crcPolynomial: UInt64 = 0x1_04C1_1DB7

    /// x^n mod P, bit-reflected in 33 bits (x^32's place, bit 0, is always 0).
    private static func reflectedPowerOfX(_ n: Int) -> UInt64 {
        var remainder: UInt64 = 1
        for _ in 0..<n {
            remainder <<= 1
            if remainder >> 32 != 0 { remainder ^= crcPolynomial }
        }
        return reflected(remainder, bits: 33)
    }

    /// floor(x^64 / P) by long division, the multiplier of Barrett reduction to 32 bits.
    private static var barrettQuotient: UInt64 {
        var remainder: UInt64 = 0
        var quotient: UInt64 = 0
        // The dividend's 65 coefficients, x^64 first: only its top one is set.
        for degree in stride(from: 64, through: 0, by: -1) {
            remainder = remainder << 1 | (degree == 64 ? 1 : 0)
            quotient <<= 1
            if remainder >> 32 != 0 {
                remainder ^= crcPolynomial
                quotient |= 1
            }
        }
        return quotient
    }

    /// The low `bits` bits of `value` in reverse order.
    private static func reflected(_ value: UInt64, bits: Int) -> UInt64 {
        var result: UInt64 = 0
        for bit in 0..<bits where value >> bit & 1 != 0 {
            result |= 1 << (bits - 1 - bit)
        }
        return result
    }
}
