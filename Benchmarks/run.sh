#!/usr/bin/env bash
# Benchmarks/run.sh — how long one whole `assoc` process takes, next to its peers.
#
# What it measures: the wall time of complete processes (start, load the MIME
# database, answer, exit), as the median of BENCH_RUNS runs after 3 warm-up runs,
# and the peak resident set size (ru_maxrss, the largest over the timed runs) of
# each command. `gio` and `file` are measured the same way, as peers; the last
# column divides each median by the gio median.
#
# How to run it, from the package root:
#     bash Benchmarks/run.sh                 # 30 timed runs per row
#     BENCH_RUNS=100 bash Benchmarks/run.sh  # more runs, steadier medians
#
# It builds `swift build -c release` first and then times .build/release/assoc.
# Timing uses a tiny C helper compiled with gcc into a temporary directory: it
# posix_spawn()s the command directly (no shell in between), with stdin, stdout
# and stderr on /dev/null, reads CLOCK_MONOTONIC around spawn + wait4, and takes
# the peak RSS from wait4's rusage. Every command runs in a controlled
# environment (env -i, a throwaway HOME and XDG_*_HOME, XDG_DATA_DIRS=/usr/share,
# LC_ALL=C), so the user's own files and settings do not matter.
#
# This is a benchmark, not a test: there is no pass or fail. It exits 0 unless
# a build (the package or the timing helper) fails. A command that exits
# non-zero is still timed, and its row says so.
set -euo pipefail

cd "$(dirname "$0")/.."

RUNS=${BENCH_RUNS:-30}
WARMUP=3
case $RUNS in '' | *[!0-9]* | 0) echo "BENCH_RUNS must be a positive integer, not '$RUNS'" >&2; exit 2 ;; esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/assoc-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/data" "$tmp/config"

# The environment every measured command runs in.
CLEAN_ENV=(env -i "HOME=$tmp" PATH=/usr/bin:/bin XDG_DATA_DIRS=/usr/share
           "XDG_DATA_HOME=$tmp/data" "XDG_CONFIG_HOME=$tmp/config" LC_ALL=C)

# Build the package; show the build log only when it fails.
build_assoc() {
    echo "building: swift build -c release ..." >&2
    if ! swift build -c release >"$tmp/build.log" 2>&1; then
        cat "$tmp/build.log" >&2
        echo "benchmark: swift build failed" >&2
        exit 1
    fi
    ASSOC=$PWD/.build/release/assoc
}

# Compile the timing helper: `bench RUNS WARMUP CMD [ARGS...]` prints
# "MEDIAN_MS PEAK_RSS_KB EXIT_STATUS" (the last non-zero status seen, else 0).
build_helper() {
    cat >"$tmp/bench.c" <<'EOF'
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
    posix_spawn_file_actions_addopen(&io, 0, "/dev/null", O_RDONLY, 0);
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
EOF
    if ! gcc -O2 -o "$tmp/bench" "$tmp/bench.c"; then
        echo "benchmark: cannot compile the timing helper (is gcc installed?)" >&2
        exit 1
    fi
}

# Variables added to CLEAN_ENV for the rows that follow (set by with_world).
EXTRA_ENV=()

# Installs the Debian corpus's 370 desktop entries as a data directory (with mimeinfo.cache when
# update-desktop-database is there), so that default-application rows resolve over real data.
with_world() {
    local corpus=../shared/corpus/freedesktop-debian
    [[ -d $corpus/applications ]] || { echo "note: ../shared/corpus absent; default rows use /usr/share only" >&2; return; }
    mkdir -p "$tmp/world"
    cp -r "$corpus/applications" "$tmp/world/applications"
    command -v update-desktop-database >/dev/null && update-desktop-database "$tmp/world/applications" 2>/dev/null
    # A stub for every program the entries run, so that they count as installed for both tools.
    mkdir -p "$tmp/world-bin"
    grep -rhE '^(Try)?Exec=' "$tmp/world/applications" | sed 's/^[A-Za-z]*=//; s/"//g' | awk '{print $1}' |
        grep -v / | sort -u | while read -r program; do
            printf '#!/bin/sh\nexit 0\n' > "$tmp/world-bin/$program" && chmod +x "$tmp/world-bin/$program"
        done
    EXTRA_ENV=("XDG_DATA_DIRS=$tmp/world:/usr/share" "PATH=$tmp/world-bin:/usr/bin:/bin")
}

# Results, one entry per row, printed together at the end.
LABELS=() MEDIANS=() PEAKS=() NOTES=()
REFERENCE="peer: gio info"   # the row every median is divided by, when measured

# row LABEL -- COMMAND [ARGS...]: measure one command, or record why it was skipped.
row() {
    local label=$1; shift
    [[ ${1-} == -- ]] && shift
    local median=- peak=- note=""
    if ! PATH=/usr/bin:/bin command -v "$1" >/dev/null; then
        note="skipped ($1 not installed)"
    else
        echo "measuring: $label" >&2
        local status=""
        read -r median peak status < <("${CLEAN_ENV[@]}" "${EXTRA_ENV[@]}" "$tmp/bench" "$RUNS" "$WARMUP" "$@") || true
        if [[ -z $status ]]; then median=- peak=- note="could not be run"
        elif [[ $status != 0 ]]; then note="exited with status $status"; fi
    fi
    LABELS+=("$label") MEDIANS+=("$median") PEAKS+=("$peak") NOTES+=("$note")
}

# The median of the REFERENCE row, or nothing when it was skipped.
reference_median() {
    local i
    for i in "${!LABELS[@]}"; do
        [[ ${LABELS[i]} == "$REFERENCE" && ${MEDIANS[i]} != - ]] && echo "${MEDIANS[i]}"
    done
    return 0
}

print_table() {
    local ref i ratio
    ref=$(reference_median)
    printf '\n%-28s %10s %14s %8s  %s\n' "command" "median ms" "peak RSS KB" "/ gio" ""
    for i in "${!LABELS[@]}"; do
        ratio=-
        if [[ -n $ref && ${MEDIANS[i]} != - ]]; then
            ratio=$(awk -v a="${MEDIANS[i]}" -v b="$ref" 'BEGIN { printf "%.2f", a / b }')
        fi
        printf '%-28s %10s %14s %8s  %s\n' "${LABELS[i]}" "${MEDIANS[i]}" "${PEAKS[i]}" "$ratio" "${NOTES[i]}"
    done
    [[ -n $ref ]] || echo "(no ratio column: the $REFERENCE row was not measured)"
}

print_machine() {
    local commit=unknown
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        commit=$(git rev-parse --short HEAD)
        git diff --quiet HEAD 2>/dev/null || commit+=" (with uncommitted changes)"
    fi
    echo "assoc commit: $commit"
    echo "nproc:        $(nproc)"
    echo "runs:         $RUNS timed + $WARMUP warm-up per row"
}

build_assoc
build_helper
print_machine
echo "load (start): $(cat /proc/loadavg)"

XML=/usr/share/mime/packages/freedesktop.org.xml
row "assoc --database cache mime" -- "$ASSOC" --database cache mime application/pdf
row "assoc --database xml mime"   -- "$ASSOC" --database xml mime application/pdf
row "assoc --database auto mime"  -- "$ASSOC" --database auto mime application/pdf
row "peer: gio info"              -- gio info -a standard::content-type "$XML"
row "peer: file --mime-type"      -- file --mime-type -b "$XML"
row "assoc type -b"               -- "$ASSOC" type -b "$XML"

with_world
row "assoc default (spec)"        -- "$ASSOC" default application/pdf
row "assoc default --as gio"      -- "$ASSOC" default --as gio application/pdf
row "peer: gio mime"              -- gio mime application/pdf
EXTRA_ENV=()

echo "load (end):   $(cat /proc/loadavg)"
print_table
