/// Objects allocated for layer trees, counted by their initializers (`Layer.init`, `Path.init`,
/// `Image.init`) in the `Ledger` they are created against.
public struct AllocationCounts: Equatable, Sendable {
    /// Layers allocated (`Layer.init`).
    public var layersCreated = 0
    /// Shape paths allocated (`Path.init`).
    public var pathsCreated = 0
    /// Bitmaps allocated for layer contents (`Image.init`).
    public var imagesCreated = 0

    public init() {}
}

/// Where allocations are counted as they happen.
///
/// A table owns one; every `Layer`, `Path` and `Image` is created against it, so the count of
/// objects created is made by the initializers themselves. `take()` hands the counts of a step to
/// the harness and starts afresh. A class, because every object of one table shares it.
public final class Ledger {
    /// The counts since the last `take()`.
    public var counts = AllocationCounts()

    public init() {}

    /// Returns the counts so far and resets them.
    public func take() -> AllocationCounts {
        defer { counts = AllocationCounts() }
        return counts
    }
}
