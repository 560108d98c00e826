// Data table: the built-in font's glyph designs (a stroke skeleton and an advance per printable
// ASCII scalar, and the tofu box), in ems, with the vocabulary they are written in.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point of a glyph skeleton, in ems with y up from the baseline.
struct EmPoint: Sendable, Equatable {
    var x: Double
    var y: Double
}

/// One pen stroke of a glyph skeleton; the pen is a disk of the font's stroke width.
enum GlyphStroke: Sendable, Equatable {
    /// Straight lines through the points (one point draws a dot).
    case polyline([EmPoint])
    /// An elliptical arc from angle `from` to `to` (degrees, counter-clockwise from +x; `to`
    /// below `from` runs clockwise).
    case arc(center: EmPoint, rx: Double, ry: Double, from: Double, to: Double)

    /// Points on the skeleton close enough to bound it (arcs sampled every 5°), in ems.
    var samplePoints: [EmPoint] {
        switch self {
        case .polyline(let points): return points
        case let .arc(c, rx, ry, from, to):
            let n = max(1, Int((abs(to - from) / 5).rounded(.up)))
            return (0...n).map { i in
                let t = (from + (to - from) * Double(i) / Double(n)) * .pi / 180
                return EmPoint(x: c.x + rx * cos(t), y: c.y + ry * sin(t))
            }
        }
    }
}

/// One glyph's design: its advance and skeleton, in ems.
struct GlyphDesign: Sendable, Equatable {
    var advance: Double
    var strokes: [GlyphStroke]

    // Skeleton heights in ems: stroke centres sit half a stroke inside the metric lines, so the
    // ink (not the centre line) reaches the baseline, x-height, cap height, ascender, descender.
    private static let half = BuiltinFont.strokeWidthEm / 2
    private static let base = half
    private static let xHeight = 0.50 - half
    private static let cap = 0.70 - half
    private static let ascender = 0.74 - half
    private static let descender = -0.20 + half

    /// The box drawn for scalars the font does not cover: a cap-height rectangle.
    static func tofu(advance: Double) -> GlyphDesign {
        let l = 0.10, r = advance - 0.10
        return GlyphDesign(advance: advance, strokes: [L(l, base, l, cap, r, cap, r, base, l, base)])
    }

    /// Straight lines through (x, y) pairs.
    private static func L(_ xy: Double...) -> GlyphStroke {
        .polyline(stride(from: 0, to: xy.count - 1, by: 2).map { EmPoint(x: xy[$0], y: xy[$0 + 1]) })
    }

    /// A dot at (x, y).
    private static func D(_ x: Double, _ y: Double) -> GlyphStroke { .polyline([EmPoint(x: x, y: y)]) }

    /// An elliptical arc, angles in degrees.
    private static func A(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, _ from: Double, _ to: Double) -> GlyphStroke {
        .arc(center: EmPoint(x: cx, y: cy), rx: rx, ry: ry, from: from, to: to)
    }

    /// A whole ellipse.
    private static func O(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> GlyphStroke {
        A(cx, cy, rx, ry, 0, 360)
    }

    /// The design of printable ASCII `scalar`: advance in ems and strokes.
    static func ascii(_ scalar: Unicode.Scalar) -> GlyphDesign {
        let b = base, x = xHeight, c = cap, a = ascender, d = descender
        let w: Double, s: [GlyphStroke]
        switch scalar {
        case " ": (w, s) = (0.28, [])
        case "!": (w, s) = (0.28, [L(0.14, c, 0.14, 0.22), D(0.14, b)])
        case "\"": (w, s) = (0.40, [L(0.13, c, 0.13, 0.50), L(0.27, c, 0.27, 0.50)])
        case "#": (w, s) = (0.64, [L(0.26, 0.62, 0.20, 0.08), L(0.46, 0.62, 0.40, 0.08),
                                   L(0.09, 0.44, 0.56, 0.44), L(0.07, 0.24, 0.54, 0.24)])
        case "$": (w, s) = (0.58, [A(0.29, 0.50, 0.17, 0.1575, 20, 270), A(0.29, 0.1925, 0.19, 0.15, 90, -160),
                                   L(0.29, 0.74, 0.29, -0.06)])
        case "%": (w, s) = (0.76, [O(0.19, 0.52, 0.10, 0.13), O(0.57, 0.18, 0.10, 0.13), L(0.60, c, 0.16, b)])
        case "&": (w, s) = (0.68, [A(0.27, 0.53, 0.12, 0.1275, 225, -60), L(0.33, 0.42, 0.13, 0.24),
                                   A(0.27, 0.17, 0.15, 0.1275, 150, 330), L(0.40, 0.106, 0.58, 0.30),
                                   L(0.185, 0.44, 0.60, b)])
        case "'": (w, s) = (0.22, [L(0.11, c, 0.11, 0.50)])
        case "(": (w, s) = (0.34, [A(0.39, 0.30, 0.24, 0.40, 115, 245)])
        case ")": (w, s) = (0.34, [A(-0.05, 0.30, 0.24, 0.40, 65, -65)])
        case "*": (w, s) = (0.46, [L(0.23, 0.66, 0.23, 0.40), L(0.11, 0.60, 0.35, 0.46), L(0.35, 0.60, 0.11, 0.46)])
        case "+": (w, s) = (0.60, [L(0.30, 0.10, 0.30, 0.50), L(0.10, 0.30, 0.50, 0.30)])
        case ",": (w, s) = (0.26, [L(0.15, 0.06, 0.09, -0.10)])
        case "-": (w, s) = (0.40, [L(0.09, 0.27, 0.31, 0.27)])
        case ".": (w, s) = (0.26, [D(0.13, b)])
        case "/": (w, s) = (0.40, [L(0.33, 0.74, 0.07, -0.10)])
        case "0": (w, s) = (0.56, [O(0.28, 0.35, 0.19, 0.3075), L(0.20, 0.20, 0.36, 0.50)])
        case "1": (w, s) = (0.56, [L(0.14, 0.52, 0.30, c, 0.30, b), L(0.14, b, 0.46, b)])
        case "2": (w, s) = (0.56, [A(0.28, 0.485, 0.18, 0.1725, 160, -30), L(0.436, 0.399, 0.10, b, 0.47, b)])
        case "3": (w, s) = (0.56, [A(0.28, 0.50, 0.17, 0.1575, 150, -90), A(0.28, 0.1925, 0.19, 0.15, 90, -150)])
        case "4": (w, s) = (0.56, [L(0.40, b, 0.40, c, 0.08, 0.20, 0.50, 0.20)])
        case "5": (w, s) = (0.56, [L(0.46, c, 0.14, c, 0.12, 0.36, 0.253, 0.377),
                                   A(0.27, 0.21, 0.19, 0.1675, 95, -150)])
        case "6": (w, s) = (0.56, [O(0.28, 0.20, 0.18, 0.1575), A(0.30, 0.36, 0.20, 0.2975, 60, 180),
                                   L(0.10, 0.36, 0.10, 0.20)])
        case "7": (w, s) = (0.56, [L(0.08, c, 0.48, c, 0.20, b)])
        case "8": (w, s) = (0.56, [O(0.28, 0.50, 0.16, 0.1575), O(0.28, 0.1925, 0.19, 0.15)])
        case "9": (w, s) = (0.56, [O(0.28, 0.50, 0.18, 0.1575), A(0.26, 0.34, 0.20, 0.2975, -120, 0),
                                   L(0.46, 0.34, 0.46, 0.50)])
        case ":": (w, s) = (0.26, [D(0.13, b), D(0.13, 0.42)])
        case ";": (w, s) = (0.26, [D(0.14, 0.42), L(0.15, 0.06, 0.09, -0.10)])
        case "<": (w, s) = (0.56, [L(0.46, 0.52, 0.10, 0.30, 0.46, 0.08)])
        case "=": (w, s) = (0.56, [L(0.10, 0.38, 0.46, 0.38), L(0.10, 0.22, 0.46, 0.22)])
        case ">": (w, s) = (0.56, [L(0.10, 0.52, 0.46, 0.30, 0.10, 0.08)])
        case "?": (w, s) = (0.50, [A(0.25, 0.50, 0.16, 0.1575, 160, -60), L(0.33, 0.364, 0.25, 0.28, 0.25, 0.22),
                                   D(0.25, b)])
        case "@": (w, s) = (0.86, [O(0.42, 0.28, 0.11, 0.13), L(0.53, 0.42, 0.53, 0.18),
                                   A(0.62, 0.18, 0.09, 0.08, 180, 360), L(0.71, 0.18, 0.76, 0.30),
                                   A(0.43, 0.30, 0.33, 0.38, 0, 300)])
        case "A": (w, s) = (0.66, [L(0.09, b, 0.33, c, 0.57, b), L(0.167, 0.24, 0.493, 0.24)])
        case "B": (w, s) = (0.62, [L(0.36, b, 0.10, b, 0.10, c, 0.34, c), A(0.34, 0.50875, 0.17, 0.14875, 90, -90),
                                   L(0.10, 0.36, 0.36, 0.36), A(0.36, 0.20125, 0.18, 0.15875, 90, -90)])
        case "C": (w, s) = (0.66, [A(0.36, 0.35, 0.26, 0.3075, 40, 320)])
        case "D": (w, s) = (0.68, [L(0.30, b, 0.10, b, 0.10, c, 0.30, c), A(0.30, 0.35, 0.28, 0.3075, 90, -90)])
        case "E": (w, s) = (0.58, [L(0.50, c, 0.10, c, 0.10, b, 0.50, b), L(0.10, 0.36, 0.44, 0.36)])
        case "F": (w, s) = (0.56, [L(0.50, c, 0.10, c, 0.10, b), L(0.10, 0.36, 0.42, 0.36)])
        case "G": (w, s) = (0.68, [A(0.36, 0.35, 0.27, 0.3075, 40, 360), L(0.63, 0.35, 0.63, 0.32, 0.39, 0.32)])
        case "H": (w, s) = (0.70, [L(0.10, b, 0.10, c), L(0.60, b, 0.60, c), L(0.10, 0.36, 0.60, 0.36)])
        case "I": (w, s) = (0.30, [L(0.15, b, 0.15, c), L(0.07, c, 0.23, c), L(0.07, b, 0.23, b)])
        case "J": (w, s) = (0.50, [L(0.40, c, 0.40, 0.20), A(0.24, 0.20, 0.16, 0.1575, 0, -180)])
        case "K": (w, s) = (0.64, [L(0.10, b, 0.10, c), L(0.56, c, 0.10, 0.26), L(0.26, 0.40, 0.58, b)])
        case "L": (w, s) = (0.54, [L(0.10, c, 0.10, b, 0.48, b)])
        case "M": (w, s) = (0.80, [L(0.10, b, 0.10, c, 0.40, 0.18, 0.70, c, 0.70, b)])
        case "N": (w, s) = (0.70, [L(0.10, b, 0.10, c, 0.60, b, 0.60, c)])
        case "O": (w, s) = (0.74, [O(0.37, 0.35, 0.27, 0.3075)])
        case "P": (w, s) = (0.60, [L(0.10, b, 0.10, c, 0.32, c), A(0.32, 0.4975, 0.18, 0.16, 90, -90),
                                   L(0.32, 0.3375, 0.10, 0.3375)])
        case "Q": (w, s) = (0.74, [O(0.37, 0.35, 0.27, 0.3075), L(0.42, 0.16, 0.64, -0.02)])
        case "R": (w, s) = (0.62, [L(0.10, b, 0.10, c, 0.32, c), A(0.32, 0.4975, 0.18, 0.16, 90, -90),
                                   L(0.32, 0.3375, 0.10, 0.3375), L(0.30, 0.3375, 0.54, b)])
        case "S": (w, s) = (0.60, [A(0.30, 0.50, 0.18, 0.1575, 20, 270), A(0.30, 0.1925, 0.20, 0.15, 90, -160)])
        case "T": (w, s) = (0.62, [L(0.06, c, 0.56, c), L(0.31, c, 0.31, b)])
        case "U": (w, s) = (0.70, [L(0.10, c, 0.10, 0.25), A(0.35, 0.25, 0.25, 0.2075, 180, 360), L(0.60, 0.25, 0.60, c)])
        case "V": (w, s) = (0.64, [L(0.07, c, 0.32, b, 0.57, c)])
        case "W": (w, s) = (0.90, [L(0.07, c, 0.25, b, 0.45, 0.50, 0.65, b, 0.83, c)])
        case "X": (w, s) = (0.64, [L(0.08, c, 0.56, b), L(0.56, c, 0.08, b)])
        case "Y": (w, s) = (0.62, [L(0.07, c, 0.31, 0.33, 0.55, c), L(0.31, 0.33, 0.31, b)])
        case "Z": (w, s) = (0.60, [L(0.08, c, 0.52, c, 0.08, b, 0.53, b)])
        case "[": (w, s) = (0.34, [L(0.26, 0.74, 0.12, 0.74, 0.12, -0.10, 0.26, -0.10)])
        case "\\": (w, s) = (0.40, [L(0.07, 0.74, 0.33, -0.10)])
        case "]": (w, s) = (0.34, [L(0.08, 0.74, 0.22, 0.74, 0.22, -0.10, 0.08, -0.10)])
        case "^": (w, s) = (0.56, [L(0.10, 0.36, 0.28, c, 0.46, 0.36)])
        case "_": (w, s) = (0.56, [L(0.05, -0.12, 0.51, -0.12)])
        case "`": (w, s) = (0.34, [L(0.12, 0.70, 0.22, 0.58)])
        case "a": (w, s) = (0.56, [O(0.27, 0.155, 0.16, 0.1125), L(0.44, 0.32, 0.44, b),
                                   A(0.28, 0.32, 0.16, 0.1375, 0, 155)])
        case "b": (w, s) = (0.58, [L(0.10, a, 0.10, b), O(0.30, 0.25, 0.20, 0.2075)])
        case "c": (w, s) = (0.52, [A(0.29, 0.25, 0.20, 0.2075, 45, 315)])
        case "d": (w, s) = (0.58, [L(0.48, a, 0.48, b), O(0.28, 0.25, 0.20, 0.2075)])
        case "e": (w, s) = (0.56, [L(0.09, 0.25, 0.47, 0.25), A(0.28, 0.25, 0.19, 0.2075, 0, 320)])
        case "f": (w, s) = (0.40, [L(0.16, b, 0.16, 0.58), A(0.27, 0.58, 0.11, 0.12, 180, 45), L(0.05, x, 0.31, x)])
        case "g": (w, s) = (0.58, [O(0.28, 0.25, 0.19, 0.2075), L(0.47, x, 0.47, 0.0),
                                   A(0.28, 0.0, 0.19, 0.1575, 0, -160)])
        case "h": (w, s) = (0.58, [L(0.10, a, 0.10, b), A(0.29, 0.28, 0.19, 0.1775, 180, 0), L(0.48, 0.28, 0.48, b)])
        case "i": (w, s) = (0.26, [L(0.13, x, 0.13, b), D(0.13, 0.645)])
        case "j": (w, s) = (0.30, [L(0.19, x, 0.19, -0.05), A(0.09, -0.05, 0.10, 0.1075, 0, -110), D(0.19, 0.645)])
        case "k": (w, s) = (0.52, [L(0.10, a, 0.10, b), L(0.44, x, 0.10, 0.16), L(0.22, 0.265, 0.46, b)])
        case "l": (w, s) = (0.26, [L(0.13, a, 0.13, b)])
        case "m": (w, s) = (0.86, [L(0.10, x, 0.10, b), A(0.275, 0.28, 0.175, 0.1775, 180, 0), L(0.45, 0.28, 0.45, b),
                                   A(0.625, 0.28, 0.175, 0.1775, 180, 0), L(0.80, 0.28, 0.80, b)])
        case "n": (w, s) = (0.58, [L(0.10, x, 0.10, b), A(0.29, 0.28, 0.19, 0.1775, 180, 0), L(0.48, 0.28, 0.48, b)])
        case "o": (w, s) = (0.58, [O(0.29, 0.25, 0.20, 0.2075)])
        case "p": (w, s) = (0.58, [L(0.10, x, 0.10, d), O(0.30, 0.25, 0.20, 0.2075)])
        case "q": (w, s) = (0.58, [L(0.48, x, 0.48, d), O(0.28, 0.25, 0.20, 0.2075)])
        case "r": (w, s) = (0.42, [L(0.10, x, 0.10, b), A(0.28, 0.25, 0.18, 0.2075, 180, 60)])
        case "s": (w, s) = (0.50, [A(0.25, 0.35, 0.15, 0.1075, 20, 270), A(0.25, 0.1425, 0.16, 0.10, 90, -160)])
        case "t": (w, s) = (0.38, [L(0.17, 0.62, 0.17, 0.12), A(0.27, 0.12, 0.10, 0.0775, 180, 300), L(0.05, x, 0.33, x)])
        case "u": (w, s) = (0.58, [L(0.10, x, 0.10, 0.22), A(0.29, 0.22, 0.19, 0.1775, 180, 360), L(0.48, x, 0.48, b)])
        case "v": (w, s) = (0.52, [L(0.07, x, 0.26, b, 0.45, x)])
        case "w": (w, s) = (0.78, [L(0.06, x, 0.21, b, 0.39, 0.38, 0.57, b, 0.72, x)])
        case "x": (w, s) = (0.52, [L(0.08, x, 0.44, b), L(0.44, x, 0.08, b)])
        case "y": (w, s) = (0.52, [L(0.07, x, 0.266, 0.06), L(0.45, x, 0.16, d)])
        case "z": (w, s) = (0.50, [L(0.08, x, 0.42, x, 0.08, b, 0.43, b)])
        case "{": (w, s) = (0.38, [L(0.30, 0.74, 0.22, 0.70, 0.20, 0.40, 0.10, 0.32, 0.20, 0.24, 0.22, -0.06, 0.30, -0.10)])
        case "|": (w, s) = (0.26, [L(0.13, 0.78, 0.13, -0.16)])
        case "}": (w, s) = (0.38, [L(0.08, 0.74, 0.16, 0.70, 0.18, 0.40, 0.28, 0.32, 0.18, 0.24, 0.16, -0.06, 0.08, -0.10)])
        case "~": (w, s) = (0.58, [A(0.19, 0.28, 0.10, 0.06, 180, 0), A(0.39, 0.28, 0.10, 0.06, 180, 360)])
        default: preconditionFailure("not printable ASCII: \(scalar)")
        }
        return GlyphDesign(advance: w, strokes: s)
    }
}
