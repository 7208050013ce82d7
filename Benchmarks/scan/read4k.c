/* The baseline for `cascade scan`: walk a folder tree and, for every regular
 * file, open it, read its first 4 KiB and close it. Single-threaded, no
 * parsing, no output but a count. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static long files;
static char buffer[4096];

static void walk(const char *folder) {
    DIR *directory = opendir(folder);
    if (!directory) return;
    struct dirent *entry;
    char path[4096];
    while ((entry = readdir(directory))) {
        if (entry->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%s/%s", folder, entry->d_name);
        if (entry->d_type == DT_DIR) {
            walk(path);
        } else if (entry->d_type == DT_REG) {
            int fd = open(path, O_RDONLY | O_CLOEXEC);
            if (fd < 0) continue;
            if (read(fd, buffer, sizeof buffer) >= 0) files++;
            close(fd);
        }
    }
    closedir(directory);
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) walk(argv[i]);
    printf("%ld files\n", files);
    return 0;
}
