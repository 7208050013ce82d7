#define _GNU_SOURCE
#include "COpenBeneath.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int cascade_open_beneath(int directory, const char *path) {
#ifdef SYS_openat2
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_XDEV | RESOLVE_NO_MAGICLINKS;
    long fd = -1;
    /* EAGAIN: a rename elsewhere raced the lookup and the kernel could not
       prove the result beneath; a few tries, never a spin. */
    for (int attempt = 0; attempt < 8; attempt++) {
        fd = syscall(SYS_openat2, directory, path, &how, sizeof how);
        if (fd >= 0 || (errno != EINTR && errno != EAGAIN)) break;
    }
    return (int)fd;
#else
    (void)directory;
    (void)path;
    errno = ENOSYS;
    return -1;
#endif
}
