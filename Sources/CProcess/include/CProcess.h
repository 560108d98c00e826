#ifndef CPROCESS_H
#define CPROCESS_H

// System calls BenchCLI needs and Swift cannot call: prctl(2) and getdents64(2) are variadic or
// hidden behind _GNU_SOURCE in the C library's headers, which Swift does not import.

/// Asks the kernel to send `signal` to this process when the thread that started it ends
/// (prctl(PR_SET_PDEATHSIG)): a child of `bench` must not run on after a `kill -9` of its parent.
/// Returns 0, or -1 where the system has no such request (not Linux) or refuses it.
int cprocess_set_parent_death_signal(int signal);

/// Removes every entry of the directory at `path` that is not a directory, then the directory
/// itself; best effort, errors ignored. Async-signal-safe (open, getdents64, unlinkat, rmdir and
/// close only, no allocation), so that a signal handler can call it.
void cprocess_remove_flat_directory(const char *path);

#endif
