/// How numbers are written for people: one rule per kind of number, shared by the console table,
/// the reports, the gate and the comparison, so the same value reads the same everywhere.
public enum Format {
    /// `value` with `digits` decimals, halves away from zero (`fixed(2.345, 2)` is `2.35`).
    public static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if digits == 0 { text = String(text[..<dot]) } else if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        } else if digits > 0 {
            text += "." + String(repeating: "0", count: digits)
        }
        return text
    }

    /// An integer with thousands separators: `1,308,773`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(ch)
        }
        return value < 0 ? "-" + out : out
    }

    /// `value` rounded to `digits` decimals (halves away from zero) with thousands separators;
    /// "–" when not finite.
    public static func decimal(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "–" }
        var text = fixed(abs(value), digits)
        let integerEnd = text.firstIndex(of: ".") ?? text.endIndex
        if let integer = Int(text[..<integerEnd]) { text = grouped(integer) + text[integerEnd...] }
        // A value that rounds to zero prints without a minus sign.
        let isZero = !text.contains { $0 != "0" && $0 != "." && $0 != "," }
        return value < 0 && !isZero ? "-" + text : text
    }

    /// An upper limit as a message shows it: a whole number as `number` does, any other rounded
    /// down to two decimals (8,192 pixels at 3× is "2,730.66" points, not 2730.6666666666665),
    /// so the number shown is always within the limit and a user can type it back.
    public static func limit(_ x: Double) -> String {
        guard x.isFinite, abs(x) < 1e15 else { return "\(x)" }
        if let whole = whole(x) { return grouped(whole) }
        let hundredths = (x * 100).rounded(.down)
        var text = decimal(hundredths / 100, 2)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `count` things with the noun made plural after any count but one: `1 row`, `18 rows`,
    /// `1,000 rows` (`plural` when it is not the noun and an s).
    public static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(grouped(count)) \(count == 1 ? noun : plural ?? noun + "s")"
    }

    /// Names in a sentence: "a", "a and b", "a, b and c".
    public static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// Two numbers a message compares (a value and its limit), written with the same number of
    /// decimals, the fewest from `least` up that tell them apart, so that "0.02940 > 0.02939"
    /// never reads "0.029 > 0.029394700000000002"; whole numbers both, without decimals.
    public static func apart(_ a: Double, _ b: Double, least: Int = 2) -> (String, String) {
        guard a.isFinite, b.isFinite else { return (number(a), number(b)) }
        if let a = whole(a), let b = whole(b) { return (grouped(a), grouped(b)) }
        var digits = least
        while digits < 17, decimal(a, digits) == decimal(b, digits), a != b { digits += 1 }
        return (decimal(a, digits), decimal(b, digits))
    }

    /// `x`, a value above the `limit` it breaks, as a message shows it: with thousands separators
    /// and the fewest decimals (up to six) that still read above the limit, so 8,192.01 pixels
    /// is not shown as the 8,192 it exceeds; as Swift prints it when even six do not.
    public static func above(_ x: Double, limit: Double) -> String {
        guard x.isFinite, abs(x) < 1e15 else { return "\(x)" }
        for digits in 0...6 {
            let text = decimal(x, digits)
            if let shown = Double(text.filter { $0 != "," }), shown > limit { return text }
        }
        return "\(x)"
    }

    /// A number as a message shows it: a whole number without a fraction and with thousands
    /// separators (`1,000`; `grouped: false`, as a definition or a label holds it: `1000`), any
    /// other as Swift prints it (0.5, 1e-308).
    public static func number(_ x: Double, grouped: Bool = true) -> String {
        guard let whole = whole(x) else { return "\(x)" }
        return grouped ? Format.grouped(whole) : String(whole)
    }

    /// `x` as an integer when it is a whole number small enough to be written without exponent
    /// (under 10^15), else nil: the one test of every formatter that writes whole numbers whole.
    static func whole(_ x: Double) -> Int? {
        x == x.rounded() && abs(x) < 1e15 ? Int(x) : nil
    }

    /// Nanoseconds as microseconds with one decimal: `1185.2`.
    public static func micros(_ nanos: Int) -> String { fixed(Double(nanos) / 1000, 1) }

    /// A fraction as an unsigned percentage: `12.5 %`.
    public static func magnitude(_ fraction: Double) -> String { fixed(abs(fraction) * 100, 1) + " %" }

    /// A change as a signed percentage: `+12.5 %`.
    public static func percent(_ fraction: Double, digits: Int = 1) -> String {
        (fraction >= 0 ? "+" : "") + fixed(fraction * 100, digits) + " %"
    }
}
