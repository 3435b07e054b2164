/* readfloor THREADS LIST: opens each newline-separated path of LIST and reads its first
 * 4 KiB, the paths dealt out to THREADS threads in turn. The least any content-typing tool
 * must do for the same list; Benchmarks/run.sh times it as the floor of the bulk rows. */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char **paths;
static long count, threads;

static void *work(void *arg) {
    char buffer[4096];
    for (long i = (long)arg; i < count; i += threads) {
        int fd = open(paths[i], O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
        if (fd < 0) continue;
        ssize_t got = read(fd, buffer, sizeof buffer);
        (void)got; /* an unreadable file costs its open, as it does for the tools */
        close(fd);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: readfloor THREADS LIST\n"); return 2; }
    threads = atol(argv[1]);
    if (threads < 1 || threads > 64) { fprintf(stderr, "readfloor: THREADS must be 1 to 64\n"); return 2; }
    FILE *list = fopen(argv[2], "r");
    if (!list) { perror(argv[2]); return 2; }
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    long allocated = 0;
    while ((length = getline(&line, &capacity, list)) > 0) {
        if (line[length - 1] == '\n') line[length - 1] = 0;
        if (count == allocated) paths = realloc(paths, (allocated = allocated * 2 + 1024) * sizeof *paths);
        paths[count++] = strdup(line);
    }
    pthread_t ids[64];
    for (long t = 0; t < threads; t++) pthread_create(&ids[t], NULL, work, (void *)t);
    for (long t = 0; t < threads; t++) pthread_join(ids[t], NULL);
    return 0;
}
