/// "Did you mean ...?" for mistyped commands, options and values.
public enum Suggestion {
    /// The largest edit distance still offered as a suggestion: two typos, or a swapped pair and
    /// one more; beyond that the "nearest" name is rarely what was meant.
    public static let maximumDistance = 2

    /// The candidate nearest to `input`: the one candidate that `input` begins up to a dash
    /// (`a17` for `a17-pro`), else the nearest within `maximumDistance` edits (the first on a
    /// tie), else the one it abbreviates; nil when none is.
    public static func nearest(to input: String, in candidates: [String]) -> String? {
        if let whole = extended(input, in: candidates) { return whole }
        var best: (name: String, distance: Int)?
        let length = input.count
        for candidate in candidates {
            // The distance is at least the difference in length: skip the O(a × b) table when
            // that alone is too far, so an input of a megabyte costs one count, not a table.
            guard abs(candidate.count - length) <= maximumDistance else { continue }
            let distance = editDistance(input, candidate)
            if distance <= maximumDistance, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name ?? abbreviated(input, in: candidates)
    }

    /// The one candidate that starts with `input` and a dash, so that `input` is its first words
    /// (`a17` for `a17-pro`, `iphone-se` for `iphone-se-2020`): a name cut short at a word is
    /// nearer to what was meant than one a digit away (`a7`). Nil when none or several do, or the
    /// input has no letter or digit.
    /// - Complexity: O(n) per candidate of n characters.
    static func extended(_ input: String, in candidates: [String]) -> String? {
        guard input.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        let stem = input + "-"
        let matches = candidates.filter { $0.hasPrefix(stem) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The one candidate that `input` abbreviates — its letters in order, the first one first,
    /// dashes aside (`--reps` for `--repetitions`, `comp` for `compare`) — or nil when none or
    /// several do, or the input is under 3 letters, too short to say what was meant.
    /// - Complexity: O(n) per candidate of n characters.
    static func abbreviated(_ input: String, in candidates: [String]) -> String? {
        let letters = Array(input.drop { $0 == "-" })
        guard letters.count >= 3 else { return nil }
        let matches = candidates.filter { candidate in
            let name = Array(candidate.drop { $0 == "-" })
            guard name.count > letters.count, name.first == letters.first else { return false }
            var next = 0
            for character in name where next < letters.count && character == letters[next] { next += 1 }
            return next == letters.count
        }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions, and swaps of two
    /// adjacent characters each cost 1, so "rnu" is one edit from "run" (typing errors are often
    /// swaps, which plain Levenshtein distance counts as two).
    /// - Complexity: O(a × b) time, O(b) memory.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
