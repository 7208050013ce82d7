#ifndef C_OPEN_BENEATH_H
#define C_OPEN_BENEATH_H

/// Opens `path` (relative, no "..") read-only beneath the folder `directory`
/// with openat2(2): no symbolic link is followed at any step, nothing outside
/// the folder or on another mount is reached, and a FIFO does not block.
/// Returns the descriptor, or -1 with errno set (ENOSYS: the kernel has no
/// openat2, before Linux 5.6; the caller then walks the path itself).
int cascade_open_beneath(int directory, const char *path);

#endif
