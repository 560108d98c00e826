import Raster

/// A surface the renderer draws into and keeps between frames: a colour buffer (`Pixmap`) or an
/// 8-bit alpha attachment (`CoverageMask`).
protocol PooledSurface {
    /// A new surface of `size`, every value zero; nil for an empty size.
    init?(poolSize size: PixelSize)
    var size: PixelSize { get }
}

extension Pixmap: PooledSurface {
    init?(poolSize size: PixelSize) { self.init(size: size) }
}

extension CoverageMask: PooledSurface {
    init?(poolSize size: PixelSize) { self.init(size: size) }
}

/// Off-screen surfaces kept between frames, by size, so the renderer's steady state allocates
/// none (a GPU driver keeps its render targets the same way). Surfaces come back dirty; every
/// user clears or overwrites what it does not cover.
///
/// `take` and `give` are specialized for both surfaces here: the debug configuration compiles the
/// renderer file by file, so it called them generically, and every call looked up the
/// dictionary's type metadata at run time (3 % of a masked strategy's composite).
struct BufferPool<Surface: PooledSurface> {
    private var free: [PixelSize: [Surface]] = [:]
    private var held = 0
    /// Surfaces allocated because none of the size was free (a counter for the speed work).
    private(set) var allocations = 0
    /// The most surfaces kept.
    let capacity = Renderer.pooledSurfaceLimit

    @_specialize(where Surface == Pixmap)
    @_specialize(where Surface == CoverageMask)
    mutating func take(_ size: PixelSize) -> Surface? {
        if let buffer = free[size]?.popLast() {
            held -= 1
            return buffer
        }
        allocations += 1
        return Surface(poolSize: size)
    }

    @_specialize(where Surface == Pixmap)
    @_specialize(where Surface == CoverageMask)
    mutating func give(_ buffer: Surface) {
        guard held < capacity else { return }
        free[buffer.size, default: []].append(buffer)
        held += 1
    }
}

extension Renderer {
    /// The most surfaces of each kind (colour buffers, 8-bit attachments) the renderer keeps
    /// between frames: what a memory estimate counts when surfaces change size from frame to
    /// frame and so are not reused.
    public static let pooledSurfaceLimit = 64
}
