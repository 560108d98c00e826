import Raster

/// Rounded-rectangle coverage the renderer has computed, by shape (pixel size, radius in pixels,
/// corners), kept across frames within `capacity` bytes, because the same few shapes are drawn
/// every frame (docs/cost-model.md §1, "Rounded coverage"). An entry is a shape's corner tiles
/// (O(r²) bytes), a whole mask (an off-screen buffer's clip, as large anyway) or a border's pieces,
/// charged its bytes plus `entryOverhead`, so many tiny entries are bounded too. A store past
/// `capacity` evicts the least recently used entries first, and one larger than `capacity` is
/// handed out unstored. What is cached changes no pixel: an evicted shape is computed again.
struct CoverageCache {
    /// The most `bytes` may reach.
    let capacity: Int
    /// The bytes held now, overheads included.
    private(set) var bytes = 0
    /// The bytes of the largest coverage computed so far (corner tiles or a whole mask), stored or
    /// not: what one shape cost at once.
    private(set) var largestComputed = 0
    /// What an entry costs besides its coverage: the dictionary slot, the arrays' headers and the
    /// tile list (an estimate).
    static let entryOverhead = Renderer.coverageEntryOverhead

    private struct Key: Hashable {
        var size: PixelSize
        var radius: Double
        var corners: Corners
        var kind: Kind
    }

    /// What an entry holds of its shape.
    private enum Kind: Hashable {
        /// The corner tiles.
        case corners
        /// The whole mask.
        case whole
        /// A border of `width` pixels, its outer edge square or rounded.
        case border(width: Double, squareOuter: Bool)
    }

    private enum Value {
        case corners(RoundedRectCoverage)
        case mask(CoverageMask)
        case border(BorderCoverage)
    }

    /// An entry, linked into the recency list by slot index (`none` at either end).
    private struct Node {
        var key: Key
        var value: Value?
        var bytes: Int
        var older: Int
        var newer: Int
    }

    private static let none = -1
    /// Each key's slot in `nodes`.
    private var slots: [Key: Int] = [:]
    /// The entries, and freed slots (`value` nil) listed in `free` for reuse.
    private var nodes: [Node] = []
    private var free: [Int] = []
    /// The ends of the recency list: the entry used last, and the one evicted next.
    private var newest = CoverageCache.none
    private var oldest = CoverageCache.none

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The number of entries held.
    var count: Int { slots.count }

    /// The corner tiles of the rectangle filling `size` rounded by `radius` pixels, or nil when
    /// `size` is empty or the tiles alone would not fit in the capacity (a corner larger than a
    /// few screens: the caller then computes the visible part's coverage itself).
    mutating func corners(_ size: PixelSize, radius: Double, corners: Corners) -> RoundedRectCoverage? {
        let key = Key(size: size, radius: radius, corners: corners, kind: .corners)
        if case .corners(let shape)? = lookup(key) { return shape }
        guard size.area > 0,
              RoundedRectCoverage.byteCount(size: size, radius: radius, corners: corners) + Self.entryOverhead <= capacity,
              let shape = RoundedRectCoverage(size: size, radius: radius, corners: corners) else { return nil }
        largestComputed = max(largestComputed, shape.byteCount)
        store(.corners(shape), bytes: shape.byteCount, for: key)
        return shape
    }

    /// The whole mask of the rectangle filling `size` rounded by `radius` pixels, and whether it
    /// was held already (made for an earlier frame, so reading it reads memory) rather than made
    /// now; nil when `size` is empty. Stored when it fits in the capacity.
    mutating func mask(_ size: PixelSize, radius: Double, corners: Corners) -> (mask: CoverageMask, kept: Bool)? {
        let key = Key(size: size, radius: radius, corners: corners, kind: .whole)
        if case .mask(let mask)? = lookup(key) { return (mask, true) }
        let d = (Double(size.width), Double(size.height))
        guard let mask = CoverageMask(size: size, roundedRect: (0, 0, d.0, d.1), radius: radius, corners: corners) else {
            return nil
        }
        largestComputed = max(largestComputed, mask.width * mask.height)
        store(.mask(mask), bytes: mask.width * mask.height, for: key)
        return (mask, false)
    }

    /// The pieces of the border of `width` pixels of the box `size` rounded by `radius` pixels
    /// (`BorderCoverage`), and whether they were held already (made for an earlier frame); nil
    /// when the border is empty or its pieces alone would not fit in the capacity (the caller then
    /// computes the visible part's coverage itself).
    mutating func border(_ size: PixelSize, width: Double, radius: Double, corners: Corners,
                         squareOuter: Bool) -> (border: BorderCoverage, kept: Bool)? {
        let key = Key(size: size, radius: radius, corners: corners, kind: .border(width: width, squareOuter: squareOuter))
        if case .border(let border)? = lookup(key) { return (border, true) }
        let rects = BorderCoverage.rects(size: size, width: width, radius: radius, corners: corners)
        let bytes = rects.reduce(0) { $0 + $1.area }
        guard bytes > 0, bytes + Self.entryOverhead <= capacity else { return nil }
        let border = BorderCoverage(size: size, width: width, radius: radius, corners: corners, squareOuter: squareOuter)
        largestComputed = max(largestComputed, bytes)
        store(.border(border), bytes: bytes, for: key)
        return (border, false)
    }

    /// True when the corner tiles (`whole` false) or the whole mask of the shape are held; not a
    /// use of the entry.
    func holds(_ size: PixelSize, radius: Double, corners: Corners, whole: Bool) -> Bool {
        slots[Key(size: size, radius: radius, corners: corners, kind: whole ? .whole : .corners)] != nil
    }

    /// The value held for `key`, which becomes the most recently used entry; nil when not held.
    private mutating func lookup(_ key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        unlink(slot)
        linkNewest(slot)
        return nodes[slot].value
    }

    /// Stores `value` if it fits, evicting the least recently used entries to make room.
    private mutating func store(_ value: Value, bytes coverage: Int, for key: Key) {
        let cost = coverage + Self.entryOverhead
        guard cost <= capacity else { return }
        while bytes + cost > capacity, oldest != Self.none {
            evict(oldest)
        }
        let node = Node(key: key, value: value, bytes: cost, older: Self.none, newer: Self.none)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        slots[key] = slot
        linkNewest(slot)
        bytes += cost
    }

    private mutating func evict(_ slot: Int) {
        unlink(slot)
        slots[nodes[slot].key] = nil
        bytes -= nodes[slot].bytes
        nodes[slot].value = nil  // release the coverage now
        free.append(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let older = nodes[slot].older, newer = nodes[slot].newer
        if older == Self.none { oldest = newer } else { nodes[older].newer = newer }
        if newer == Self.none { newest = older } else { nodes[newer].older = older }
        nodes[slot].older = Self.none
        nodes[slot].newer = Self.none
    }

    private mutating func linkNewest(_ slot: Int) {
        nodes[slot].older = newest
        nodes[slot].newer = Self.none
        if newest == Self.none { oldest = slot } else { nodes[newest].newer = slot }
        newest = slot
    }
}
