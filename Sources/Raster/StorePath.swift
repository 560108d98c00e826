/// How the span kernels write runs of one colour (fills) and copy runs of pixels (opaque image
/// copies): the only kernels whose instructions, not their bytes, depend on a choice.
///
/// The C library's `memset`/`memmove` and `rep stos` are the fastest way a CPU writes long runs
/// (fast-string microcode writes whole cache lines without reading them first). Under valgrind
/// they are the worst way to count: valgrind executes a `rep` string instruction one element at a
/// time, so a `rep stosb` over a row counts one instruction and one data write per byte, where a
/// loop of 16-byte vector stores counts about two instructions and one write per 16 bytes, for
/// the same cache lines missed (docs/cost-model.md, "What valgrind counts"). Which string routine
/// the C library picks also depends on the CPU it runs on. So time is measured on the fast path
/// and the deterministic host-free cost on the vector path, chosen once per process.
public enum StorePath: String, Sendable, CaseIterable {
    /// `memset`, `memmove` and `rep stosl`: the fast path, used when timing.
    case string
    /// Loops of vector stores, the same instructions on every x86-64 host: used when counting
    /// under valgrind (`InstructionCount.measure`), so counts follow the bytes, not the routine.
    case vector

    /// The path this process's kernels use. Set once, before anything is drawn (a counting
    /// child sets `.vector` first thing); read by every fill and copy.
    public nonisolated(unsafe) static var current: StorePath = .string
}
