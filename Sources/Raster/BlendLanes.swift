internal import CIntrinsics

/// How wide the lanes of the blend kernels (`Kernels.blend`, `over`, `shape`, `multiply`,
/// `masked`) are: with `StoreKernel`, the kernel choices whose instructions and speed follow the
/// host, not the pixels. Both give bit-identical pixels. `.portable` is Swift's `SIMD16<UInt16>`,
/// pairs of 128-bit SSE2 instructions on every x86-64 host; `.wide` is the same kernels in C on
/// 256-bit AVX2 lanes (`CWideLanes.c`), about half the instructions, where the host has AVX2.
/// Counting under valgrind always uses `.portable` (`KernelChoice.counted`), so instruction counts
/// are the same on every host.
public enum BlendLanes: String, Sendable, CaseIterable {
    /// Swift's portable `SIMD16<UInt16>` (SSE2 on x86-64).
    case portable
    /// 256-bit AVX2 lanes, where the CPU has them (`wideIsAvailable`).
    case wide

    /// Whether this CPU can run `.wide`.
    public static let wideIsAvailable: Bool = cwide_supported()

    /// The lanes a timing run uses unless `--blend-lanes` says otherwise: `.wide` where the CPU
    /// has them, decided by the processor's features alone, so every run on one machine times
    /// the same instructions (the same bits in half the instructions; a choice timed at start-up
    /// flipped between runs).
    public static var preferred: BlendLanes { wideIsAvailable ? .wide : .portable }
}
