import Raster

/// Core Animation's rasterization cache: bitmaps of `shouldRasterize` layers, keyed by layer
/// identity.
///
/// Rules (docs/cost-model.md §7): an entry is valid while the layer's subtree is
/// unchanged (`Layer.version`) and the bitmap has the same pixel size; moving the layer does not
/// invalidate it; an entry unused for more than `maxIdleSeconds` of simulated time is evicted; the
/// cache holds at most `capacityBytes`, evicting the least recently used entry first.
public struct RasterCache {
    struct Entry {
        weak var layer: Layer?
        var version: UInt64
        var bitmap: Pixmap
        var lastUsed: Double
        /// Order of last use; breaks ties between entries used in the same frame deterministically.
        var sequence: UInt64
        var bytes: Int { bitmap.width * bitmap.height * 4 }
    }

    /// Idle time after which an entry is evicted (Core Animation: 100 ms).
    public let maxIdleSeconds: Double
    /// The most bytes the cache holds (Core Animation: 2.5 × the screen's pixel area).
    public let capacityBytes: Int
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var useSequence: UInt64 = 0
    /// Bytes held now.
    public private(set) var bytes = 0
    /// Bitmaps dropped since the last `reuseDropped(_:)`: the renderer reuses their memory, as a
    /// driver reuses a freed surface's.
    private var released: [Pixmap] = []

    public init(capacityBytes: Int, maxIdleSeconds: Double = 0.1) {
        self.capacityBytes = capacityBytes
        self.maxIdleSeconds = maxIdleSeconds
    }

    /// The number of cached bitmaps.
    public var count: Int { entries.count }

    /// The valid bitmap for `layer` at `size`, marking it used at `time`; nil on a miss.
    mutating func lookup(_ layer: Layer, size: PixelSize, time: Double) -> Pixmap? {
        let key = ObjectIdentifier(layer)
        guard var entry = entries[key] else { return nil }
        guard entry.layer === layer, entry.version == layer.version, entry.bitmap.size == size else {
            remove(key)
            return nil
        }
        entry.lastUsed = time
        useSequence += 1
        entry.sequence = useSequence
        entries[key] = entry
        return entry.bitmap
    }

    /// Stores `bitmap` for `layer`, then evicts down to capacity.
    mutating func store(_ bitmap: Pixmap, for layer: Layer, time: Double) {
        let key = ObjectIdentifier(layer)
        remove(key)
        useSequence += 1
        let entry = Entry(layer: layer, version: layer.version, bitmap: bitmap, lastUsed: time, sequence: useSequence)
        entries[key] = entry
        bytes += entry.bytes
        evictToCapacity()
    }

    /// Evicts entries idle for longer than `maxIdleSeconds` at `time`, and those whose layer is gone.
    public mutating func evictIdle(at time: Double) {
        for (key, entry) in entries where entry.layer == nil || time - entry.lastUsed > maxIdleSeconds + 1e-9 {
            remove(key)
        }
    }

    private mutating func evictToCapacity() {
        while bytes > capacityBytes,
              let oldest = entries.min(by: { $0.value.sequence < $1.value.sequence }) {
            remove(oldest.key)
        }
    }

    private mutating func remove(_ key: ObjectIdentifier) {
        if let old = entries.removeValue(forKey: key) {
            bytes -= old.bytes
            released.append(old.bitmap)
        }
    }

    /// Hands each bitmap dropped since the last call to `reuse`, then forgets them (keeping the
    /// list's storage, so a steady frame allocates nothing). Call it once nothing drawn this
    /// frame still refers to them.
    mutating func reuseDropped(_ reuse: (Pixmap) -> Void) {
        for bitmap in released { reuse(bitmap) }
        released.removeAll(keepingCapacity: true)
    }
}
