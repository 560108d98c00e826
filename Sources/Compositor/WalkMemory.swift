internal import CIntrinsics

/// The heap blocks a frame's tree walk read (layers, their sublayer lists, contents and the
/// contents' pixel storage), by address, so that the next frame asks the cache for all of them
/// before it walks. Why: between two frames of a strategy the other strategies' frames pass through
/// the caches, and the walk then reads its tree a miss at a time, one pointer after another (14 µs
/// of the iPhone SE's 180 µs composite of `none`); the blocks barely change from frame to frame,
/// so asking first lets the misses overlap. Addresses are integers, never dereferenced: a hint for
/// a block freed since is harmless.
struct WalkMemory {
    private var objects: [UInt] = []
    private var storages: [UInt] = []

    /// Notes that the walk read `object`'s stored properties.
    mutating func note(_ object: AnyObject) {
        objects.append(UInt(bitPattern: ObjectIdentifier(object)))
    }

    /// Notes that the walk read a layer's sublayer list (its count, and its first elements).
    mutating func note(storageOf sublayers: [Layer]) {
        sublayers.withUnsafeBufferPointer { note(base: $0.baseAddress) }
    }

    /// Notes that the walk read an image's pixel storage (its count, and its first pixels).
    /// (One method per element type, not a generic: the renderer, compiled apart from this file in
    /// the debug configuration, called the generic unspecialized, looking up type metadata.)
    mutating func note(storageOf pixels: [UInt32]) {
        pixels.withUnsafeBufferPointer { note(base: $0.baseAddress) }
    }

    private mutating func note(base: UnsafeRawPointer?) {
        if let base { storages.append(UInt(bitPattern: base)) }
    }

    /// Asks the cache for every block noted since the last call, and forgets them.
    /// - Complexity: O(blocks noted).
    mutating func prefetchNoted() {
        // An object's first 256 bytes hold every property the walk reads (a `Layer` is about 200).
        for address in objects { cprefetch_block(address, 256) }
        // An array's count lies in the 32-byte header before its first element.
        for address in storages { cprefetch_block(address &- 32, 64) }
        objects.removeAll(keepingCapacity: true)
        storages.removeAll(keepingCapacity: true)
    }
}
