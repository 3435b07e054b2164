/* bench RUNS WARMUP CMD [ARGS...]: runs CMD WARMUP + RUNS times (no shell), and prints
 * "MEDIAN_MS PEAK_RSS_KB EXIT_STATUS" over the timed runs (the last non-zero status seen,
 * else 0). Standard input is /dev/null, or the file named by BENCH_STDIN; standard output
 * and error go to /dev/null. With BENCH_EACH=LIST, one run is a pass over LIST: CMD is
 * spawned once per line of LIST with that line appended as its last argument, one process
 * after the other, and the run's time is the whole pass. Used by Benchmarks/run.sh. */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

/* The lines of the file at `path` (without their newlines), and their count in *count. */
static char **read_lines(const char *path, int *count) {
    FILE *file = fopen(path, "r");
    if (!file) { perror(path); exit(2); }
    char **lines = NULL, *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    *count = 0;
    while ((length = getline(&line, &capacity, file)) >= 0) {
        if (length > 0 && line[length - 1] == '\n') line[length - 1] = 0;
        lines = realloc(lines, (*count + 1) * sizeof *lines);
        lines[(*count)++] = strdup(line);
    }
    free(line);
    fclose(file);
    return lines;
}

/* Spawns cmd and waits for it; returns 0 or the status to report (128 + signal for a signal). */
static int spawn_and_wait(char **cmd, posix_spawn_file_actions_t *io, long *peak) {
    struct rusage usage;
    pid_t pid;
    int wstatus, err;
    if ((err = posix_spawnp(&pid, cmd[0], io, NULL, cmd, environ)) != 0) {
        fprintf(stderr, "bench: cannot run %s: %s\n", cmd[0], strerror(err));
        exit(127);
    }
    if (wait4(pid, &wstatus, 0, &usage) < 0) { perror("bench: wait4"); exit(1); }
    if (usage.ru_maxrss > *peak) *peak = usage.ru_maxrss; /* kilobytes on Linux */
    if (WIFEXITED(wstatus)) return WEXITSTATUS(wstatus);
    return WIFSIGNALED(wstatus) ? 128 + WTERMSIG(wstatus) : 0;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: bench RUNS WARMUP CMD [ARGS...]\n"); return 2; }
    int runs = atoi(argv[1]), warmup = atoi(argv[2]), status = 0;
    int arguments = argc - 3, each_count = 1;
    const char *each = getenv("BENCH_EACH");
    char **paths = each ? read_lines(each, &each_count) : NULL;
    char **cmd = calloc(arguments + 2, sizeof *cmd);
    memcpy(cmd, argv + 3, arguments * sizeof *cmd);
    double *ms = calloc(runs, sizeof *ms);
    long peak = 0, ignored = 0;
    posix_spawn_file_actions_t io;
    posix_spawn_file_actions_init(&io);
    const char *input = getenv("BENCH_STDIN");
    posix_spawn_file_actions_addopen(&io, 0, input ? input : "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&io, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&io, 2, "/dev/null", O_WRONLY, 0);
    for (int i = -warmup; i < runs; i++) {
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        for (int p = 0; p < each_count; p++) {
            if (paths) cmd[arguments] = paths[p];
            int result = spawn_and_wait(cmd, &io, i < 0 ? &ignored : &peak);
            if (result != 0) status = result;
        }
        clock_gettime(CLOCK_MONOTONIC, &end);
        if (i < 0) continue; /* warm-up run */
        ms[i] = (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
    }
    qsort(ms, runs, sizeof *ms, compare);
    double median = runs % 2 ? ms[runs / 2] : (ms[runs / 2 - 1] + ms[runs / 2]) / 2;
    printf("%.2f %ld %d\n", median, peak, status);
    return 0;
}
