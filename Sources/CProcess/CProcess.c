#define _GNU_SOURCE
#include "CProcess.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

int cprocess_set_parent_death_signal(int signal) {
#if defined(__linux__)
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
#else
    (void)signal;
    return -1;
#endif
}

void cprocess_remove_flat_directory(const char *path) {
#if defined(__linux__)
    int directory = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
    if (directory < 0) return;
    // A buffer on the stack: no allocation in a signal handler.
    char buffer[4096] __attribute__((aligned(8)));
    // Removing entries while reading the directory may make a file system skip some, so it is
    // read again from the start until a pass removes nothing (a few passes at most).
    for (int pass = 0; pass < 8; pass++) {
        int removed = 0;
        if (lseek(directory, 0, SEEK_SET) != 0) break;
        for (;;) {
            ssize_t count = getdents64(directory, buffer, sizeof buffer);
            if (count <= 0) break;
            for (ssize_t offset = 0; offset < count;) {
                struct dirent64 *entry = (struct dirent64 *)(buffer + offset);
                offset += entry->d_reclen;
                const char *name = entry->d_name;
                if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
                // unlinkat without AT_REMOVEDIR refuses a directory, which this never empties.
                if (unlinkat(directory, name, 0) == 0) removed++;
            }
        }
        if (removed == 0) break;
    }
    close(directory);
    rmdir(path);
#else
    (void)path;
#endif
}
