// openat2(2) with RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_XDEV |
// RESOLVE_NO_MAGICLINKS, which Swift cannot call itself: glibc has no
// wrapper and syscall(2) is variadic. Cascade opens every path in its
// output folder through it, so no path string is resolved again through a
// link or a mount point placed there.
#ifndef CASCADE_OPEN_BENEATH_H
#define CASCADE_OPEN_BENEATH_H
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/// O_PATH, which glibc declares only under _GNU_SOURCE (Swift's Glibc
/// module leaves it out): an open that only names a place.
#define CASCADE_O_PATH 010000000

#ifndef SYS_openat2
#define SYS_openat2 437
#endif

/// Opens `path` relative to the folder `folder`, never leaving it, never
/// following a link (the last component included) and never crossing a
/// mount point. -1 with errno: ELOOP for a link, EXDEV for a mount point or
/// `..` out of the folder, ENOSYS where the kernel has no openat2 (before
/// Linux 5.6) and EPERM where a sandbox refuses it.
static inline int cascade_open_beneath(int folder, const char *path, int flags, unsigned int mode) {
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)(unsigned int)flags;
    // A mode only with O_CREAT or O_TMPFILE (whose bits include O_DIRECTORY's).
    how.mode = ((flags & O_CREAT) || (flags & __O_TMPFILE) == __O_TMPFILE) ? mode : 0;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_XDEV | RESOLVE_NO_MAGICLINKS;
    long result;
    int tries = 0;
    // EAGAIN: a rename raced the `..` check; the kernel asks for a retry.
    do {
        result = syscall(SYS_openat2, folder, path, &how, sizeof how);
    } while (result < 0 && (errno == EINTR || errno == EAGAIN) && ++tries < 64);
    return (int)result;
}
#endif
