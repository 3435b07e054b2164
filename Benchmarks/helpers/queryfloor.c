/* queryfloor TYPE: the system calls an exact `xdg-mime query default TYPE` makes, and next to no
 * work between them. Benchmarks/run.sh times it, built static, as the floor of the xdg-mime row:
 * what is left of the script's tenth once the kernel has done what no implementation can skip.
 *
 * It reads every list a resolution reads (the user's and the system's mimeapps.list, and each
 * data directory's mimeapps.list, defaults.list and mimeinfo.cache), maps the type database's
 * mime.cache, lists each applications/ directory with its subdirectories and stats every entry
 * (a mimeinfo.cache answers for its directory only while no entry is newer than it: an entry
 * edited in place changes no directory's time), takes the first ID of the type's line in the
 * first mimeinfo.cache that has one, reads that entry, looks its program up on PATH and prints
 * the ID. It parses nothing else: no aliases, no parents, no key-file grammar, no checks. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The file at `path`, whole and NUL-terminated, or NULL when it cannot be read. */
static char *read_file(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) return NULL;
    struct stat info;
    char *text = NULL;
    if (fstat(fd, &info) == 0 && (text = malloc(info.st_size + 1))) {
        ssize_t got = read(fd, text, info.st_size);
        text[got > 0 ? got : 0] = 0;
    }
    close(fd);
    return text;
}

/* Stats every .desktop file below the open directory `fd` (closed here); the newest time. */
static long long newest_entry(int fd) {
    long long newest = 0;
    DIR *directory = fdopendir(fd);
    if (!directory) { close(fd); return 0; }
    struct dirent *entry;
    while ((entry = readdir(directory))) {
        const char *name = entry->d_name;
        size_t length = strlen(name);
        struct stat info;
        if (name[0] == '.') continue;
        if (entry->d_type == DT_DIR) {
            int below = openat(fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            if (below >= 0) {
                long long time = newest_entry(below);
                if (time > newest) newest = time;
            }
        } else if (length > 8 && strcmp(name + length - 8, ".desktop") == 0 && fstatat(fd, name, &info, 0) == 0) {
            long long time = info.st_mtim.tv_sec * 1000000000LL + info.st_mtim.tv_nsec;
            if (time > newest) newest = time;
        }
    }
    closedir(directory);
    return newest;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: queryfloor TYPE\n"); return 2; }
    const char *home = getenv("XDG_DATA_HOME"), *dirs = getenv("XDG_DATA_DIRS");
    const char *config = getenv("XDG_CONFIG_HOME"), *config_dirs = getenv("XDG_CONFIG_DIRS");
    char path[8192], key[512], answer[8192] = "", data[8192];
    snprintf(path, sizeof path, "%s/mimeapps.list", config ? config : "");
    free(read_file(path));
    snprintf(path, sizeof path, "%s/mimeapps.list", config_dirs ? config_dirs : "/etc/xdg");
    free(read_file(path));
    snprintf(data, sizeof data, "%s:%s", home ? home : "", dirs ? dirs : "/usr/local/share:/usr/share");
    snprintf(key, sizeof key, "\n%s=", argv[1]);
    for (char *dir = strtok(data, ":"); dir; dir = strtok(NULL, ":")) {
        snprintf(path, sizeof path, "%s/mime/mime.cache", dir);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        struct stat info;
        if (fd >= 0 && fstat(fd, &info) == 0) mmap(NULL, info.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (fd >= 0) close(fd);
        const char *lists[] = {"mimeapps.list", "defaults.list"};
        for (int i = 0; i < 2; i++) {
            snprintf(path, sizeof path, "%s/applications/%s", dir, lists[i]);
            free(read_file(path));
        }
        snprintf(path, sizeof path, "%s/applications", dir);
        int applications = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (applications < 0) continue;
        long long newest = newest_entry(applications);
        snprintf(path, sizeof path, "%s/applications/mimeinfo.cache", dir);
        char *cache = read_file(path);
        char *line = cache && stat(path, &info) == 0 ? strstr(cache, key) : NULL;
        if (line && !answer[0] && newest <= info.st_mtim.tv_sec * 1000000000LL + info.st_mtim.tv_nsec) {
            line += strlen(key);
            snprintf(answer, sizeof answer, "%s/applications/%.*s", dir, (int)strcspn(line, ";\n"), line);
        }
        free(cache);
    }
    char *entry = answer[0] ? read_file(answer) : NULL;
    char *exec = entry ? strstr(entry, "\nExec=") : NULL;
    if (exec) {
        exec += strlen("\nExec=");
        char search[8192];
        snprintf(search, sizeof search, "%s", getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
        for (char *dir = strtok(search, ":"); dir; dir = strtok(NULL, ":")) {
            snprintf(path, sizeof path, "%s/%.*s", dir, (int)strcspn(exec, " \n"), exec);
            if (access(path, X_OK) == 0) break;
        }
    }
    free(entry);
    if (answer[0]) printf("%s\n", strrchr(answer, '/') + 1);
    return 0;
}
