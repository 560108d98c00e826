/// How the span kernels write runs of one colour (fills) and copy runs of pixels (opaque image
/// copies): the only kernels whose instructions, not their bytes, depend on a choice. The C
/// library's `memset`, `memmove` and `rep stos` write long runs fastest (whole lines unread), but
/// valgrind executes a `rep` string instruction one element at a time (docs/cost-model.md, "What
/// valgrind counts"), and the routine the C library picks follows the CPU. A timing run uses
/// `preferred` unless told otherwise and records the path with the host
/// (`HostFingerprint.storePath`); the host-free cost is counted on the vector path.
///
/// A kernel choice, not a path: the option `--store-path` and the results key `storePath` keep
/// their older word, so command lines and old results files still work.
public enum StoreKernel: String, Sendable, CaseIterable {
    /// `memset`, `memmove` and `rep stosl`: the C library's routines and string stores.
    case string
    /// Loops of vector stores, the same instructions on every x86-64 host: always used when
    /// counting under valgrind (`CountedPairs.measure`), so counts follow the bytes, not the
    /// routine (`KernelChoice.counted`); and the path timing runs use unless told otherwise (`preferred`).
    case vector

    /// The path a timing run uses unless `--store-path` says otherwise: `.vector`, fixed, not timed.
    /// It composited real frames faster on every host measured (the string path's label blends read
    /// back lines its stores had left out of the cache), and a choice timed at start-up flipped
    /// between two runs a second apart where the paths were close, making one machine two hosts.
    public static let preferred: StoreKernel = .vector
}
