#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Problems
import Text
import Raster
import Results

/// Frame-sized buffers are the largest allocations of a run (a 2048 × 2732 screen is 22 MB a
/// buffer) and, in Swift, a failed allocation stops the process with a trap. A run therefore asks
/// for the frame buffers it will hold at once before it starts, with `malloc`, which can fail:
/// under an address-space limit (`ulimit -v`) or an exhausted machine, `bench` then ends with a
/// sentence and exit code 2 instead of SIGABRT.
public enum FrameMemory {
    /// Allocates `count` buffers of a frame of `size` at once (address space only: the pages are
    /// never touched) and frees them again.
    /// - Throws: `shortage(size)` when one cannot be allocated.
    public static func require(_ count: Int, framesOf size: PixelSize) throws {
        let bytes = max(1, size.width) * max(1, size.height) * 4
        var held: [UnsafeMutableRawPointer] = []
        defer { for buffer in held { free(buffer) } }
        for _ in 0..<max(0, count) {
            guard let buffer = malloc(bytes) else { throw shortage(size) }
            held.append(buffer)
        }
    }

    /// The error for a frame buffer of `size` that could not be allocated: what was asked for and
    /// the address-space limit, which is the usual cause.
    public static func shortage(_ size: PixelSize) -> BenchError {
        var limit = rlimit()
        let limited = getrlimit(Self.addressSpace, &limit) == 0 && limit.rlim_cur != rlim_t.max
        return BenchError.resource(.frameBufferRefused(width: size.width, height: size.height,
                                                       addressSpaceLimit: limited ? UInt64(limit.rlim_cur) : nil))
    }

    /// What a run of `plan` needs in memory at its peak (`MemoryNeed`), counted from the buffers
    /// it holds at once: per scenario, in turn, each strategy's framebuffer and an allowance of
    /// one frame for its off-screen surfaces, the memory floor's frames (`MemoryFloor.frames`) and
    /// one more frame, for the warm-up table that lives beside them; over the whole run, the step
    /// records of every scenario; and the program's own fixed share (`MemoryNeed.programBytes`).
    ///
    /// Measured on the 12.9-inch iPad (the address space's peak, `VmPeak`): 244 MB for `none` and
    /// 468 MB for the nine strategies, which this counts as 324 MB and 682 MB; the off-screen
    /// surfaces measured up to 0.63 frames a strategy (rasterized-mask).
    ///
    /// A scenario's table and a user's cells add what `WorkEstimate` counts: the table's geometry
    /// once, and each strategy's table's cell bitmaps and off-screen buffers.
    public static func need(for plan: RunPlan, steps: Int?, rounds: Int) -> MemoryNeed {
        var need = MemoryNeed(frameSize: PixelSize(width: 0, height: 0), frames: 0, recordBytes: 0)
        var largest = 0
        for item in plan.items {
            let frames = 2 * item.strategies.count + MemoryFloor.frames + 1
            let tables = WorkEstimate.tableBytes(item.scenario) + item.strategies.count * WorkEstimate.cellBytes(item.scenario)
            if frames * item.scenario.device.pixelSize.area * 4 + tables > largest {
                largest = frames * item.scenario.device.pixelSize.area * 4 + tables
                need.frames = frames
                need.frameSize = item.scenario.device.pixelSize
                need.tableBytes = tables
            }
            let records = max(0, steps ?? item.scenario.steps) * max(1, rounds) * item.strategies.count
            need.recordBytes += records * MemoryNeed.bytesPerStep
        }
        return need
    }

    /// Throws unless the process's limits leave room for `need`: the address-space limit
    /// (RLIMIT_AS, `ulimit -v`) and the data limit (RLIMIT_DATA, `ulimit -d`), which Linux counts
    /// over every private writable mapping, frames included. Checked before any work, because in
    /// Swift an allocation that fails stops the process with a trap and a crash dump.
    /// - Throws: `BenchError.resource` saying what the run needs, the limit found and what to
    ///   raise it to.
    public static func check(_ need: MemoryNeed) throws {
        for (resource, kind) in [(addressSpace, ResourceProblem.MemoryLimit.addressSpace), (dataSegment, .data)] {
            var limit = rlimit()
            guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max,
                  limit.rlim_cur < rlim_t(clamping: need.bytes) else { continue }
            throw BenchError.resource(.runNeedsMemory(need: shown(need), limit: kind, limitBytes: UInt64(limit.rlim_cur)))
        }
        // Without a limit, the machine's memory is the bound: a run needing more would be killed
        // by the system part-way, or swap for hours.
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), pageSize = sysconf(Int32(_SC_PAGESIZE))
        if pages > 0, pageSize > 0, need.bytes / pageSize > pages {
            throw BenchError.resource(.runNeedsMemory(need: shown(need), limit: .physical, limitBytes: UInt64(pages) * UInt64(pageSize)))
        }
    }

    /// `need` as the message shows it.
    private static func shown(_ need: MemoryNeed) -> ResourceProblem.RunMemory {
        ResourceProblem.RunMemory(bytes: need.bytes, frames: need.frames, frameWidth: need.frameSize.width,
                                  frameHeight: need.frameSize.height, recordBytes: need.recordBytes,
                                  programBytes: MemoryNeed.programBytes, tableBytes: need.tableBytes,
                                  pictureBytes: need.pictureBytes)
    }

    /// RLIMIT_AS as getrlimit(2) takes it: an enum case in Glibc's import, an Int32 in Darwin's.
    #if canImport(Glibc)
    private static let addressSpace = __rlimit_resource_t(RLIMIT_AS.rawValue)
    private static let dataSegment = __rlimit_resource_t(RLIMIT_DATA.rawValue)
    #else
    private static let addressSpace = RLIMIT_AS
    private static let dataSegment = RLIMIT_DATA
    #endif
}

/// What a run needs in memory at its peak (`FrameMemory.need(for:steps:rounds:)`): its
/// frame-sized buffers, its step records and the program's fixed share.
public struct MemoryNeed: Equatable, Sendable {
    /// The frame whose buffers weigh most (the plan's largest screen times its count).
    public var frameSize: PixelSize
    /// The frame-sized buffers held at once on that screen, allowances included.
    public var frames: Int
    /// The step records kept until the results are made, over the whole run.
    public var recordBytes: Int
    /// The tables and cells of that scenario (`WorkEstimate.tableBytes`, `.cellBytes`): the
    /// table's geometry, and each strategy's cell bitmaps and off-screen buffers.
    public var tableBytes = 0
    /// The picture `bench render` makes of a frame (Pictures' `FramePicture.bytesBound`): its
    /// overlay, legend and PNG; 0 for a run.
    public var pictureBytes = 0

    /// The program's fixed share of the address space: its code and libraries (Foundation, the
    /// Swift runtime), stacks, and heap before any frame. `bench run` on a scenario of a 40 × 40
    /// screen ran in 74 MB (`ulimit -v`, debug build, x86-64 Linux); this leaves room for other
    /// builds and C libraries.
    public static let programBytes = 100_000_000

    /// The bytes a step of one strategy keeps until the results are made: its record, and the
    /// results' copies of its times. 20,000 steps of the nine strategies on a 40 × 40 screen took
    /// 82 MB more than 2 steps, 455 bytes a step and strategy.
    public static let bytesPerStep = 2 * MemoryLayout<StepRecord>.stride + 256

    /// Everything, in bytes.
    public var bytes: Int { MemoryNeed.programBytes + frames * frameSize.area * 4 + recordBytes + tableBytes + pictureBytes }
}
