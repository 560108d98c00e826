/// A straight (non-premultiplied) sRGB colour with 8-bit channels, as written in scenario files.
public struct Color: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (case-insensitive); nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = Array(hex.utf8.dropFirst())
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var bytes: [UInt8] = []
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let hi = Color.hexValue(digits[i]), let lo = Color.hexValue(digits[i + 1]) else { return nil }
            bytes.append(hi << 4 | lo)
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `#RRGGBB` (or `#RRGGBBAA` when not opaque), upper-case.
    public var hexString: String {
        func h(_ v: UInt8) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(red) + h(green) + h(blue) + (alpha == 255 ? "" : h(alpha))
    }

    /// The colour with its channels multiplied by alpha, as the compositor stores it.
    public var premultiplied: PremultipliedColor {
        let a = UInt32(alpha)
        return PremultipliedColor(uncheckedRed: UInt8(div255(UInt32(red) * a)),
                                  green: UInt8(div255(UInt32(green) * a)),
                                  blue: UInt8(div255(UInt32(blue) * a)),
                                  alpha: alpha)
    }

    public static let white = Color(red: 255, green: 255, blue: 255)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}

/// A premultiplied RGBA8 colour: every colour channel is at most alpha.
///
/// Stored packed as one `UInt32` whose bytes in memory are R, G, B, A (little-endian hosts), the
/// layout of a `Pixmap` pixel, so fills can write it directly.
public struct PremultipliedColor: Hashable, Sendable {
    /// The packed pixel value: `r | g << 8 | b << 16 | a << 24`.
    public let packed: UInt32

    /// Creates a colour; nil when a colour channel exceeds alpha (not a premultiplied colour).
    public init?(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard red <= alpha, green <= alpha, blue <= alpha else { return nil }
        self.init(uncheckedRed: red, green: green, blue: blue, alpha: alpha)
    }

    init(uncheckedRed red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        packed = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }

    /// Wraps an already-premultiplied packed pixel.
    public init(packed: UInt32) { self.packed = packed }

    public var red: UInt8 { UInt8(truncatingIfNeeded: packed) }
    public var green: UInt8 { UInt8(truncatingIfNeeded: packed >> 8) }
    public var blue: UInt8 { UInt8(truncatingIfNeeded: packed >> 16) }
    public var alpha: UInt8 { UInt8(truncatingIfNeeded: packed >> 24) }
    /// True when alpha is 255: drawing it replaces what lies beneath.
    public var isOpaque: Bool { alpha == 255 }

    /// This colour scaled by `coverage`/255 (coverage from anti-aliasing, a mask or opacity).
    public func scaled(by coverage: UInt8) -> PremultipliedColor {
        PremultipliedColor(packed: Blend.scale(packed, coverage))
    }

    public static let transparent = PremultipliedColor(packed: 0)
}
