/* bench RUNS WARMUP CMD [ARGS...]: runs CMD WARMUP + RUNS times (no shell), and prints
 * "MEDIAN_MS PEAK_RSS_KB EXIT_STATUS" over the timed runs (the last non-zero status seen,
 * else 0). Standard input is /dev/null, or the file named by BENCH_STDIN; standard output
 * and error go to /dev/null. Used by Benchmarks/run.sh. */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: bench RUNS WARMUP CMD [ARGS...]\n"); return 2; }
    int runs = atoi(argv[1]), warmup = atoi(argv[2]), status = 0;
    char **cmd = argv + 3;
    double *ms = calloc(runs, sizeof *ms);
    long peak = 0;
    posix_spawn_file_actions_t io;
    posix_spawn_file_actions_init(&io);
    const char *input = getenv("BENCH_STDIN");
    posix_spawn_file_actions_addopen(&io, 0, input ? input : "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&io, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&io, 2, "/dev/null", O_WRONLY, 0);
    for (int i = -warmup; i < runs; i++) {
        struct timespec start, end;
        struct rusage usage;
        pid_t pid;
        int wstatus, err;
        clock_gettime(CLOCK_MONOTONIC, &start);
        if ((err = posix_spawnp(&pid, cmd[0], &io, NULL, cmd, environ)) != 0) {
            fprintf(stderr, "bench: cannot run %s: %s\n", cmd[0], strerror(err));
            return 127;
        }
        if (wait4(pid, &wstatus, 0, &usage) < 0) { perror("bench: wait4"); return 1; }
        clock_gettime(CLOCK_MONOTONIC, &end);
        if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) != 0) status = WEXITSTATUS(wstatus);
        if (WIFSIGNALED(wstatus)) status = 128 + WTERMSIG(wstatus);
        if (i < 0) continue; /* warm-up run */
        ms[i] = (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
        if (usage.ru_maxrss > peak) peak = usage.ru_maxrss; /* kilobytes on Linux */
    }
    qsort(ms, runs, sizeof *ms, compare);
    double median = runs % 2 ? ms[runs / 2] : (ms[runs / 2 - 1] + ms[runs / 2]) / 2;
    printf("%.2f %ld %d\n", median, peak, status);
    return 0;
}
