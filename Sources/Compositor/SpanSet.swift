import Raster

/// A set of pixel columns as sorted, disjoint, non-adjacent spans: the part of a band of rows
/// already hidden by opaque operations in front.
struct SpanSet {
    private(set) var spans: [Span] = []

    mutating func removeAll() { spans.removeAll(keepingCapacity: true) }

    /// Appends to `out` the parts of `x0 ..< x1` not in the set, left to right.
    /// - Complexity: O(spans in the set).
    func subtract(_ x0: Int, _ x1: Int, into out: inout [Span]) {
        var x = x0
        for s in spans {
            if s.x1 <= x { continue }
            if s.x0 >= x1 { break }
            if s.x0 > x { out.append(Span(x, s.x0)) }
            x = max(x, s.x1)
            if x >= x1 { return }
        }
        if x < x1 { out.append(Span(x, x1)) }
    }

    /// Adds `x0 ..< x1`, merging it with the spans it overlaps or touches.
    /// - Complexity: O(spans in the set).
    mutating func insert(_ x0: Int, _ x1: Int) {
        guard x1 > x0 else { return }
        var lo = x0, hi = x1
        var i = 0
        while i < spans.count && spans[i].x1 < lo { i += 1 }
        var j = i
        while j < spans.count && spans[j].x0 <= hi {
            lo = min(lo, spans[j].x0)
            hi = max(hi, spans[j].x1)
            j += 1
        }
        spans.replaceSubrange(i..<j, with: CollectionOfOne(Span(lo, hi)))
    }
}
