/* watchlatency LIST JOURNAL ROUNDS TYPE APP_A APP_B: the time from a change of the user's list to
 * its record in the journal of a running `assoc watch`. Each round writes LIST anew (to LIST.new,
 * then renamed over LIST, as GLib writes it) with TYPE's default alternating between APP_A and
 * APP_B, reads CLOCK_MONOTONIC after the rename, and waits with inotify (no polling) until JOURNAL
 * is written; then it waits 300 ms so that rounds are separate bursts. Prints one line per round
 * ("round N: MS"), then "median MS". Exits 1 when a round sees no record within 10 s. Used by
 * Benchmarks/watch.sh. */
#include <fcntl.h>
#include <libgen.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec * 1e3 + time.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Waits until the file named `name` in the directory watched by `watch` is written; 0 when it is. */
static int wait_for_write(int descriptor, const char *name, int timeout_ms) {
    char buffer[16 * 1024] __attribute__((aligned(8)));
    double deadline = now_ms() + timeout_ms;
    for (;;) {
        int left = (int)(deadline - now_ms());
        if (left <= 0) return -1;
        struct pollfd wanted = {descriptor, POLLIN, 0};
        if (poll(&wanted, 1, left) <= 0) continue;
        ssize_t count = read(descriptor, buffer, sizeof buffer);
        for (ssize_t offset = 0; offset < count;) {
            struct inotify_event *event = (struct inotify_event *)(buffer + offset);
            if (event->len && strcmp(event->name, name) == 0) return 0;
            offset += sizeof *event + event->len;
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: watchlatency LIST JOURNAL ROUNDS TYPE APP_A APP_B\n");
        return 2;
    }
    const char *list = argv[1];
    int rounds = atoi(argv[3]);
    char *journal_copy = strdup(argv[2]), *name_copy = strdup(argv[2]);
    const char *directory = dirname(journal_copy), *name = basename(name_copy);
    int descriptor = inotify_init1(IN_CLOEXEC);
    if (descriptor < 0 || inotify_add_watch(descriptor, directory, IN_MODIFY | IN_CREATE | IN_MOVED_TO) < 0) {
        perror(directory);
        return 2;
    }
    char staged[4096];
    snprintf(staged, sizeof staged, "%s.new", list);
    double *times = calloc(rounds, sizeof *times);
    for (int round = 0; round < rounds; round++) {
        FILE *file = fopen(staged, "w");
        if (!file) { perror(staged); return 2; }
        fprintf(file, "[Default Applications]\n%s=%s;\n", argv[4], round % 2 ? argv[5] : argv[6]);
        fclose(file);
        /* Events of the previous round's late writes are not this round's record. */
        char drain[16 * 1024];
        int flags = fcntl(descriptor, F_GETFL);
        fcntl(descriptor, F_SETFL, flags | O_NONBLOCK);
        while (read(descriptor, drain, sizeof drain) > 0) {}
        fcntl(descriptor, F_SETFL, flags);
        if (rename(staged, list) != 0) { perror(list); return 2; }
        double start = now_ms();
        if (wait_for_write(descriptor, name, 10000) != 0) {
            fprintf(stderr, "round %d: no record within 10 s\n", round);
            return 1;
        }
        times[round] = now_ms() - start;
        printf("round %d: %.1f\n", round, times[round]);
        usleep(300 * 1000);
    }
    qsort(times, rounds, sizeof *times, compare);
    printf("median %.1f\n", rounds % 2 ? times[rounds / 2] : (times[rounds / 2 - 1] + times[rounds / 2]) / 2);
    return 0;
}
