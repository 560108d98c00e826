#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcess

/// What an interrupt handler needs to leave no temporary file behind and to say which outputs were
/// already written, kept in fixed C buffers the handler reads with async-signal-safe calls only
/// (`unlink`, `write`), never allocating. While child processes run (`ChildProcess`), the handler
/// forwards the signal to them and records it instead of ending `bench`; the wait for the child
/// returns, sees it (`throwIfInterrupted`), unwinds (removing the temporary directories), and
/// `main` exits with 128 + the signal. `prepare()` must run before the handler is installed, so
/// that no buffer is created inside it.
///
/// Why its statics are `nonisolated(unsafe)`, the only ones in the package: a signal handler runs
/// on whatever thread the signal interrupts, at any instruction, and may call only
/// async-signal-safe functions, so neither an actor nor a lock (which the interrupted thread may
/// hold) can guard what it reads. The main thread alone writes the state, each length after its
/// bytes; the handler only reads it (and sets the signal word).
public enum InterruptState {
    private static let capacity = 8192
    /// The temporary files of the outputs being written, each NUL-terminated, back to back;
    /// `temporariesLength` bytes are valid. Several outputs are one transaction (`AtomicFile`):
    /// every one is complete before any is renamed, so all may be waiting at once.
    nonisolated(unsafe) private static let temporaries: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        buffer.initialize(repeating: 0, count: capacity)
        return buffer
    }()
    nonisolated(unsafe) private static var temporariesLength = 0
    /// The outputs written so far, as "'a.json', 'b.csv'"; `writtenLength` bytes are valid.
    nonisolated(unsafe) private static let written: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        buffer.initialize(repeating: 0, count: capacity)
        return buffer
    }()
    nonisolated(unsafe) private static var writtenLength = 0
    nonisolated(unsafe) private static var writtenOverflow = false

    /// How many children can be recorded at once: more than `bench` ever starts together.
    static let childCapacity = 256
    /// The pids of the running children; 0 marks a free slot.
    nonisolated(unsafe) private static let children: UnsafeMutablePointer<pid_t> = {
        let buffer = UnsafeMutablePointer<pid_t>.allocate(capacity: childCapacity)
        buffer.initialize(repeating: 0, count: childCapacity)
        return buffer
    }()
    /// Three words the handler reads: the signal that interrupted `bench` while children could
    /// run (0 when none did), how many sections with children are open (`whileChildrenRun`),
    /// and 1 in a child of another `bench`, whose parent's message covers both.
    nonisolated(unsafe) private static let flags: UnsafeMutablePointer<Int32> = {
        let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: 3)
        buffer.initialize(repeating: 0, count: 3)
        return buffer
    }()
    private static var signalReceived: UnsafeMutablePointer<Int32> { flags }
    private static var openSections: UnsafeMutablePointer<Int32> { flags + 1 }
    private static var silent: UnsafeMutablePointer<Int32> { flags + 2 }

    /// In a child of another `bench`: the parent's pid, and the parent's temporary directory
    /// (`ChildDirectory`, NUL-terminated; empty when none), which the child removes if its parent
    /// has died (`watchParent`).
    nonisolated(unsafe) private static let parent: UnsafeMutablePointer<pid_t> = {
        let buffer = UnsafeMutablePointer<pid_t>.allocate(capacity: 1)
        buffer.initialize(to: 0)
        return buffer
    }()
    nonisolated(unsafe) private static let parentDirectory: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
        buffer.initialize(repeating: 0, count: Int(PATH_MAX) + 1)
        return buffer
    }()

    /// Creates the buffers; call once before installing a handler that uses `handleInterrupt`.
    /// A `quiet` process (a child of another `bench`) removes its temporary file on an
    /// interrupt but prints nothing: its parent says what happened.
    public static func prepare(quiet: Bool = false) {
        _ = temporaries
        _ = written
        _ = children
        _ = parent
        _ = parentDirectory
        flags[2] = quiet ? 1 : 0
    }

    /// Makes this process, a child of the `bench` whose pid is `pid`, end when that parent dies
    /// (a `kill -9` it cannot catch): the kernel then sends SIGTERM, and the interrupt handler
    /// removes the child's temporary file and, when `directory` is the parent's temporary
    /// directory (`cornerbench-KIND-PID-…`), that directory, which nobody else would remove
    /// until a later run. Set in the child itself, so that it holds under valgrind too. Returns
    /// false when the parent has already died (before the request could be made): the caller
    /// must then end as the handler would.
    public static func watchParent(_ pid: pid_t, directory: String?) -> Bool {
        if let directory, directory.utf8.count <= Int(PATH_MAX),
           let name = directory.split(separator: "/").last, name.hasPrefix("cornerbench-"), name.contains("-\(pid)-") {
            for (i, byte) in (Array(directory.utf8) + [0]).enumerated() { parentDirectory[i] = CChar(bitPattern: byte) }
        }
        parent.pointee = pid
        _ = cprocess_set_parent_death_signal(SIGTERM)
        // Checked after the request: a parent that died before it sent nothing.
        return getppid() == pid
    }

    /// Thrown on the main thread when an interrupt arrived while children ran, so that the work
    /// unwinds (removing its temporary directories) before `main` exits with 128 + `signal`.
    struct Interrupted: Error {
        /// The signal received.
        let signal: Int32
    }

    /// The signal that interrupted `bench` while children ran; nil when none did.
    static var receivedSignal: Int32? {
        signalReceived.pointee == 0 ? nil : signalReceived.pointee
    }

    /// Throws `Interrupted` when an interrupt has arrived while children ran.
    static func throwIfInterrupted() throws {
        if let signal = receivedSignal { throw Interrupted(signal: signal) }
    }

    /// Records a running child; false when every slot is taken.
    static func recordChild(_ pid: pid_t) -> Bool {
        for slot in 0..<childCapacity where children[slot] == 0 {
            children[slot] = pid
            return true
        }
        return false
    }

    /// Forgets a child that has been reaped.
    static func forgetChild(_ pid: pid_t) {
        for slot in 0..<childCapacity where children[slot] == pid { children[slot] = 0 }
    }

    /// Runs `body`, which starts children and owns a temporary directory, so that an interrupt
    /// during it is left to the main thread: `body` sees it at its next start or wait of a child
    /// and unwinds, removing its directory; an interrupt after its last check is thrown here.
    static func whileChildrenRun<T>(_ body: () throws -> T) throws -> T {
        openSections.pointee += 1
        defer { openSections.pointee -= 1 }
        let result = try body()
        try throwIfInterrupted()
        return result
    }

    /// The interrupt handler's first step: inside `whileChildrenRun`, sends `signal` to every
    /// running child (SIGKILL on a second interrupt, for a child that would not stop), records
    /// it and returns true, leaving the exit to the main thread; false otherwise, when the
    /// handler itself must end `bench`. Async-signal-safe.
    public static func deferToMainThread(_ signal: Int32) -> Bool {
        guard openSections.pointee > 0 else { return false }
        let repeated = signalReceived.pointee != 0
        if !repeated { signalReceived.pointee = signal }
        for slot in 0..<childCapacity where children[slot] > 0 {
            kill(children[slot], repeated ? SIGKILL : signal)
        }
        return true
    }

    /// Records a temporary file that an interrupt must remove (a path too long for the buffer is
    /// left to the next run, which removes leftovers of its target).
    @discardableResult
    static func addTemporary(_ path: String) -> Bool {
        let bytes = Array(path.utf8) + [0]
        guard temporariesLength + bytes.count <= capacity else { return false }
        for (i, byte) in bytes.enumerated() { temporaries[temporariesLength + i] = CChar(bitPattern: byte) }
        // The length last, so the handler never reads a half-copied path.
        temporariesLength += bytes.count
        return true
    }

    /// Forgets `path`, the temporary file added last (`addTemporary` returned true for it): it was
    /// never created, or has been removed.
    static func forgetLastTemporary(_ path: String) {
        temporariesLength = max(0, temporariesLength - (path.utf8.count + 1))
    }

    /// Forgets every temporary file: they have been renamed into place or removed.
    static func clearTemporaries() {
        temporariesLength = 0
    }

    /// Records that `path` was written, for the interrupt message.
    static func recordWritten(_ path: String) {
        let entry = (writtenLength == 0 ? "" : ", ") + "'" + path + "'"
        let bytes = Array(entry.utf8)
        guard writtenLength + bytes.count < capacity else {
            writtenOverflow = true
            return
        }
        for (i, byte) in bytes.enumerated() { written[writtenLength + i] = CChar(bitPattern: byte) }
        writtenLength += bytes.count
    }

    /// The interrupt handler's work: removes the temporary files of the outputs being written,
    /// clears a progress line on a terminal, and says which outputs were written before the
    /// interrupt (or that none was). Async-signal-safe.
    public static func handleInterrupt() {
        var offset = 0
        while offset < temporariesLength {
            unlink(temporaries + offset)
            offset += strlen(temporaries + offset) + 1
        }
        // A child whose parent died: nobody else is left to remove the parent's directory.
        if parent.pointee != 0, getppid() != parent.pointee, parentDirectory.pointee != 0 {
            cprocess_remove_flat_directory(parentDirectory)
        }
        if silent.pointee != 0 { return }
        if isatty(2) == 1 { say("\r\u{1B}[K") }
        if writtenLength == 0 {
            say("Interrupted; no output file was changed.\n")
        } else {
            say("Interrupted after writing ")
            _ = write(2, written, writtenLength)
            say(writtenOverflow ? " and more; no other output file was changed.\n" : "; no other output file was changed.\n")
        }
    }

    private static func say(_ text: StaticString) {
        _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
    }
}
