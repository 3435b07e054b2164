#!/usr/bin/env bash
# Benchmarks/run.sh — how long assoc takes, next to its peers, on the same inputs in one run.
#
# What it measures: the wall time of complete processes (start, load the MIME
# database, answer, exit), as the median of BENCH_RUNS runs after 3 warm-up runs,
# and the peak resident set size (ru_maxrss, the largest over the timed runs) of
# each command. The rows of a group are timed in turn, one run of each per round, so
# that the machine's speed, which drifts from one minute to the next, weighs on all
# of them alike. The peers (`file`, `gio`, `xdg-mime`, GLib's content-type guess
# through ../shared/tools/gio-content-type.c) run on the same inputs in the same
# run; each group of rows is divided by its reference row (the one marked "= 1"):
#
#   sample    the one-file query over a fixed, representative sample: BENCH_SAMPLE files
#             (default 400) of shared-mime-info's detection suite (../shared/corpus),
#             binary, text and XML, one whole process per file, the total time of the
#             pass (median of BENCH_SAMPLE_RUNS passes, default 5, after one warm-up
#             pass): `file --mime-type -b` = 1; next to it `gio info` and `assoc type -b`
#   binary    the same on one binary file (the suite's README.pdf), for reference
#   big XML   the same on freedesktop.org.xml (2.7 MB of text, `file`'s worst case), and
#             `assoc mime` from the cache and from the XML packages
#   default   `gio mime application/pdf`; next to it `xdg-mime query default`,
#             `assoc default` and `assoc apps`, over the Debian corpus's desktop entries
#   xdg-mime  `xdg-mime query default application/pdf` in the same world: Debian's script
#             (/usr/bin/xdg-mime) = 1; next to it assoc answering as xdg-mime through a link
#             named xdg-mime (its default resolution), the drop-in's goal being a tenth;
#             and the floors: `assoc --version` (the static executable started and ended),
#             `assoc type -b` on a small file, and the query's system calls alone
#             (helpers/queryfloor.c, static: every list read, every entry stat'ed, next to no
#             work between them) beside a static C program that does nothing (helpers/nothing.c)
#   bulk      80,000 files under /usr/share and /usr/lib in one process: the read floor
#             (open + read the first 4 KiB of each file, a small C program, on 1 and 2
#             threads; the 2-thread floor is the reference), `assoc type --files-from`,
#             GLib's guess with 4 KiB, and `file -f` on every 10th file of the list
#   types     compiling Debian's database (a copy of /usr/share/mime/packages, each tool its
#             own): `update-mime-database DIR` = 1 and `assoc types update DIR`, both syncing
#             each file; then the same two with PKGSYSTEM_ENABLE_FSYNC=0, neither syncing; each
#             compiles in place over its last run's files. Then both pairs after a package came
#             or went (`sh -c` first adds a one-type package, or removes it; the shell alone is a
#             row), as a package manager's trigger compiles; then from nothing (`sh -c` first
#             removes everything in DIR but packages/; that shell alone is a row)
#   new-ext   the default for an extension no type claims, from nothing each run (`sh -c`
#             removes the user's mime/ and config first; that shell alone is a row): GIO's way,
#             the package GIO writes copied in + `update-mime-database` + `gio mime TYPE APP`,
#             = 1; `assoc set .benchext APP` (defines the type, compiles the user's
#             directory, sets the default); and `assoc set` of a type that exists
#   profile   `assoc profile apply` of a 500-entry profile over the Debian corpus's desktop
#             entries (each entry a type an entry declares, a missing candidate first): from
#             nothing each run (`sh -c` removes the config and state first; the shell alone is a
#             row), = 1; a second apply that has nothing to change; `--check`. Goal: ≤ 1 s
#
# The bulk list is made the same way every time: `find /usr/share /usr/lib -type f`,
# sorted in the C locale, then 80,000 entries at a fixed stride. Bulk rows are timed
# BENCH_BULK_RUNS times (default 9: the floor moves by a tenth from one round to the next, and
# three rounds gave medians as far apart) after one warm-up run that fills the page cache.
# The bulk check then compares the output of `assoc type --files-from` with one
# `assoc type PATH` process per path over the whole list (BENCH_CHECK_STRIDE=N checks
# every Nth path only), and with `--jobs 1`: a difference is printed and the script
# exits 1.
#
# The sample is made the same way every time: the file names of the suite's list, once
# each, sorted in the C locale, then BENCH_SAMPLE of them at a fixed stride; the script
# prints how many of them are binary, text and XML.
#
# Only a quiet machine gives figures worth quoting (never benchmark while fuzzers, builds or
# another benchmark run). The 1-minute load average counts the script's own build and runs
# too, and decays slowly (about 40 s to halve), so before each group the script waits until
# it is at most 0.5, up to BENCH_WAIT seconds (default 240), printing what it waits for; it
# prints the load before and after each group. A group that still starts on a busy machine
# is run anyway and only its figures are marked "noisy". When the machine is busy at the
# start and stays so for BENCH_WAIT seconds, the script refuses to run (exit 3) unless
# BENCH_NOISY=1, which also skips the waiting: every group that starts busy is then marked.
#
# How to run it, from the package root:
#     bash Benchmarks/run.sh                        # 30 timed runs per row
#     BENCH_RUNS=100 bash Benchmarks/run.sh         # more runs, steadier medians
#     BENCH_CHECK_STRIDE=20 bash Benchmarks/run.sh  # a quicker bulk check
#     BENCH_GROUPS="sample default" bash Benchmarks/run.sh   # only some groups
#                   (of: sample binary big-xml default xdg-mime bulk types new-ext profile; the bulk check
#                   needs bulk)
#
# It builds the release build first, with the Makefile's flags (`make print-build-flags`:
# a static executable; docs/performance.md says why) and times that assoc; when
# Release/text-order.txt, the order in which that build lays out its functions, is older than the
# code it orders, it says so in a warning line and in the report's "text order" line
# (Release/text-order-age.sh). Timing uses a tiny C
# helper compiled with gcc: it posix_spawn()s the command directly (no shell in
# between), with stdout and stderr on /dev/null, reads CLOCK_MONOTONIC around
# spawn + wait4, and takes the peak RSS from wait4's rusage. Every command runs in
# a controlled environment (env -i, a throwaway HOME and XDG_*_HOME,
# XDG_DATA_DIRS=/usr/share, LC_ALL=C), so the user's own files do not matter.
#
# This is a benchmark, not a test: nothing is pass or fail but the bulk check. It
# exits 0 unless a build fails or the bulk check finds a difference. A command that
# exits non-zero is still timed, and its row says so.
set -euo pipefail

cd "$(dirname "$0")/.."
source Benchmarks/helpers/world.sh
source Benchmarks/helpers/shipped.sh

RUNS=${BENCH_RUNS:-30}
WAIT=${BENCH_WAIT:-240}
BULK_RUNS=${BENCH_BULK_RUNS:-9}
CHECK_STRIDE=${BENCH_CHECK_STRIDE:-1}
SAMPLE_SIZE=${BENCH_SAMPLE:-400}
SAMPLE_RUNS=${BENCH_SAMPLE_RUNS:-5}
GROUPS_WANTED=${BENCH_GROUPS:-sample binary big-xml default xdg-mime bulk types new-ext profile}
BULK_FILES=80000
WARMUP=3
MAX_LOAD=0.5
for setting in "BENCH_RUNS=$RUNS" "BENCH_BULK_RUNS=$BULK_RUNS" "BENCH_CHECK_STRIDE=$CHECK_STRIDE" \
    "BENCH_SAMPLE=$SAMPLE_SIZE" "BENCH_SAMPLE_RUNS=$SAMPLE_RUNS" "BENCH_WAIT=$WAIT"; do
    case ${setting#*=} in '' | *[!0-9]* | 0) echo "${setting%%=*} must be a positive integer, not '${setting#*=}'" >&2; exit 2 ;; esac
done
for wanted in $GROUPS_WANTED; do
    case $wanted in sample | binary | big-xml | default | xdg-mime | bulk | types | new-ext | profile) ;;
        *) echo "BENCH_GROUPS: unknown group '$wanted'" >&2; exit 2 ;; esac
done

# wants GROUP: whether BENCH_GROUPS asks for GROUP.
wants() { [[ " $GROUPS_WANTED " == *" $1 "* ]]; }

# The 1-minute load average, and whether it is above MAX_LOAD.
load1() { cut -d' ' -f1 /proc/loadavg; }
too_loaded() { awk -v load="$(load1)" -v max="$MAX_LOAD" 'BEGIN { exit !(load > max) }'; }

# wait_for_quiet WHAT: waits (at most WAIT seconds, not at all with BENCH_NOISY=1) until the
# 1-minute load is at most MAX_LOAD, saying what it waits for; fails when it is still above.
wait_for_quiet() {
    too_loaded || return 0
    [[ ${BENCH_NOISY:-} == 1 ]] && return 1
    local waited=0
    echo "benchmark: the 1-minute load is $(load1), above $MAX_LOAD; waiting (at most ${WAIT} s) before $1" >&2
    while too_loaded && ((waited < WAIT)); do
        sleep 10
        waited=$((waited + 10))
        echo "benchmark: ... ${waited} s, load $(load1)" >&2
    done
    ! too_loaded
}

if ! wait_for_quiet "starting"; then
    if [[ ${BENCH_NOISY:-} != 1 ]]; then
        echo "benchmark: the 1-minute load is still $(load1), above $MAX_LOAD: figures would be noise." >&2
        echo "benchmark: wait for a quiet machine (no builds, fuzzers or benchmarks), or set BENCH_NOISY=1" \
            "to run anyway with the groups that start on a busy machine marked noisy." >&2
        exit 3
    fi
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/assoc-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/data" "$tmp/config"
cp Benchmarks/helpers/*.c "$tmp/"

# The environment every measured command runs in.
CLEAN_ENV=(env -i "HOME=$tmp" PATH=/usr/bin:/bin XDG_DATA_DIRS=/usr/share
           "XDG_DATA_HOME=$tmp/data" "XDG_CONFIG_HOME=$tmp/config" LC_ALL=C)

# Build the package (the build log shown only when it fails) and install the binary in the
# scratch directory, as `make install` does, so that what is timed is the tool as it is run.
# The linker writes its output through a memory mapping, and until those pages leave the page
# cache every start of the binary maps them more slowly: 0.4 to 0.5 ms more a run of
# `type -b README.pdf` than the same bytes copied, or read back from disk. (Measured here,
# the two in turn, 60 rounds; after evicting the linked file and reading it again, the two
# took the same time.)
build_assoc() {
    build_shipped print-build-flags assoc "$tmp/bin" "$tmp/build.log"
    ASSOC=$tmp/bin/assoc
}

# Compile the C helpers: `bench` (the timer), `readfloor` (the read floor), `queryfloor` (the
# xdg-mime query's system calls) and `nothing` (a process's start alone), the last two static as
# assoc is, and, when GLib's headers are here, GLib's guess from ../shared/tools (GCT stays empty
# otherwise).
GCT=""
build_helpers() {
    if ! gcc -O2 -o "$tmp/bench" "$tmp/bench.c" || ! gcc -O2 -pthread -o "$tmp/readfloor" "$tmp/readfloor.c" ||
        ! gcc -O2 -static -o "$tmp/queryfloor" "$tmp/queryfloor.c" || ! gcc -O2 -static -o "$tmp/nothing" "$tmp/nothing.c"; then
        echo "benchmark: cannot compile the C helpers (is gcc installed, with libc6-dev?)" >&2
        exit 1
    fi
    local source=../shared/tools/gio-content-type.c
    if [[ -f $source ]] && pkg-config --exists gio-2.0 2>/dev/null; then
        # shellcheck disable=SC2046
        gcc -O2 "$source" -o "$tmp/gio-content-type" $(pkg-config --cflags --libs gio-2.0) && GCT=$tmp/gio-content-type
    fi
    return 0
}

# Variables added to CLEAN_ENV for the rows that follow (set by with_world).
EXTRA_ENV=()

# Installs the Debian corpus's 370 desktop entries as a data directory, with stubs for the programs
# they run (helpers/world.sh), so that default-application rows resolve over real data. Once: a
# later group finds it made.
with_world() {
    [[ -d $tmp/world ]] || make_corpus_world "$tmp" ||
        { echo "note: ../shared/corpus absent; default rows use /usr/share only" >&2; return; }
    EXTRA_ENV=("XDG_DATA_DIRS=$tmp/world:/usr/share" "PATH=$tmp/world-bin:/usr/bin:/bin")
}

# The bulk list: every regular file under /usr/share and /usr/lib, sorted, then BULK_FILES of
# them at a fixed stride; also NUL-separated, and every 10th for the slow `file -f`.
make_bulk_list() {
    LC_ALL=C find /usr/share /usr/lib -type f 2>/dev/null | LC_ALL=C sort >"$tmp/all-files"
    awk -v total="$(wc -l <"$tmp/all-files")" -v wanted="$BULK_FILES" '
        BEGIN { pick = 0; taken = 0 }
        taken < wanted && NR - 1 == int(pick) { print; taken++; pick = taken * total / wanted }
    ' "$tmp/all-files" >"$tmp/bulk-list"
    tr '\n' '\0' <"$tmp/bulk-list" >"$tmp/bulk-list0"
    awk 'NR % 10 == 1' "$tmp/bulk-list" >"$tmp/bulk-list-tenth"
    BULK_COUNT=$(wc -l <"$tmp/bulk-list")
}

# The sample: the suite's file names, once each, sorted, then SAMPLE_SIZE of them at a fixed
# stride, as absolute paths (one a line, for bench's BENCH_EACH); SAMPLE_COUNT is how many.
SAMPLE_COUNT=0
make_sample() {
    local suite=../shared/corpus/shared-mime-info/tests/mime-detection
    [[ -f $suite/list ]] || { echo "note: ../shared/corpus absent; no sample rows" >&2; return; }
    suite=$(cd "$suite" && pwd)
    awk '!/^#/ && NF { print $1 }' "$suite/list" | LC_ALL=C sort -u |
        while read -r name; do [[ -f $suite/$name ]] && printf '%s\n' "$suite/$name"; done >"$tmp/suite-files"
    awk -v total="$(wc -l <"$tmp/suite-files")" -v wanted="$SAMPLE_SIZE" '
        BEGIN { pick = 0; taken = 0 }
        taken < wanted && NR - 1 == int(pick) { print; taken++; pick = taken * total / wanted }
    ' "$tmp/suite-files" >"$tmp/sample"
    SAMPLE_COUNT=$(wc -l <"$tmp/sample")
    # What the sample holds: XML (an XML declaration at the start), binary (a control byte
    # other than tab, line feed and carriage return in the first 4 KiB), or text.
    local path xml=0 text=0 binary=0
    while read -r path; do
        if head -c 256 "$path" | grep -qa '<?xml'; then xml=$((xml + 1))
        elif [[ $(head -c 4096 "$path" | LC_ALL=C tr -d '\011\012\015\040-\176\200-\377' | wc -c) -gt 0 ]]; then
            binary=$((binary + 1))
        else text=$((text + 1)); fi
    done <"$tmp/sample"
    SAMPLE_MIX="$binary binary, $text text, $xml XML"
    ((SAMPLE_COUNT >= 300)) || echo "note: a sample of $SAMPLE_COUNT files (under 300) is not representative" >&2
}

# Results, one entry per row, printed together at the end.
LABELS=() MEDIANS=() PEAKS=() NOTES=() GROUPS_=() REFERENCES=()
GROUP=""
# The rows of the current group still to measure, and how to run each (by row index).
PENDING=()
ROW_TIMER=() ROW_COMMAND=() ROW_RUNS=() ROW_WARMUP=() ROW_SCALE=()

# The groups that started on a busy machine, whose figures are marked noisy.
declare -A NOISY_GROUPS=()

# group NAME: the rows that follow belong to NAME; the first `reference` row is its "= 1".
# Ends the group before, then waits for a quiet machine and prints the load.
group() {
    end_group
    GROUP=$1
    wait_for_quiet "the $GROUP group" || NOISY_GROUPS[$GROUP]=1
    echo "load before $GROUP: $(cat /proc/loadavg)${NOISY_GROUPS[$GROUP]:+ (busy: its figures are marked noisy)}"
}

# end_group: measures the current group's rows, if any, and prints the load after them.
end_group() {
    measure_group
    [[ -n $GROUP ]] && echo "load after $GROUP:  $(cat /proc/loadavg)"
    return 0
}

# row [--reference] [--runs N] [--stdin FILE] [--each LIST] [--scale K] LABEL -- COMMAND [ARGS...]:
# one command of the group (with --each, one pass of it over every path of LIST; with --scale, its
# time multiplied by K), or why it was skipped. The rows of a group are measured together when it
# ends (`measure_group`).
row() {
    local reference=0 runs=$RUNS warmup=$WARMUP input="" each="" scale=1
    while [[ $1 == --* ]]; do
        case $1 in
            --reference) reference=1; shift ;;
            --runs) runs=$2; warmup=1; shift 2 ;;
            --stdin) input=$2; shift 2 ;;
            --each) each=$2; runs=$SAMPLE_RUNS; warmup=1; shift 2 ;;
            --scale) scale=$2; shift 2 ;;
            *) break ;;
        esac
    done
    local label=$1; shift
    [[ ${1-} == -- ]] && shift
    local note="" index=${#LABELS[@]}
    if [[ -z ${1-} ]] || ! PATH=/usr/bin:/bin command -v "$1" >/dev/null; then
        note="skipped (${1:-the program} not installed)"
    else
        # The timer and its environment, then the command, each quoted for `eval`.
        ROW_TIMER[index]=$(printf '%q ' "${CLEAN_ENV[@]}" "${EXTRA_ENV[@]}" ${input:+BENCH_STDIN=$input} \
            ${each:+BENCH_EACH=$each} "$tmp/bench")
        ROW_COMMAND[index]=$(printf '%q ' "$@")
        ROW_RUNS[index]=$runs ROW_WARMUP[index]=$warmup ROW_SCALE[index]=$scale
        PENDING+=("$index")
    fi
    LABELS+=("$label") MEDIANS+=(-) PEAKS+=(-) NOTES+=("$note") GROUPS_+=("$GROUP") REFERENCES+=("$reference")
}

# timed_run INDEX RUNS WARMUP: runs row INDEX's command through the timer; prints its
# "MEDIAN_MS PEAK_RSS_KB EXIT_STATUS".
timed_run() {
    eval "${ROW_TIMER[$1]} $2 $3 ${ROW_COMMAND[$1]}"
}

# measure_group: measures the group's rows in turn, one timed run of each row per round, after
# each row's warm-up runs, so that the machine's speed, which drifts from one minute to the next,
# weighs on every row of a group alike and their ratios do not depend on which row ran first.
# Each row's figure is the median of its runs, its peak RSS the largest, its status the last
# non-zero one.
measure_group() {
    ((${#PENDING[@]})) || return 0
    local index round rounds=0 time peak status
    local -A times=() peaks=() statuses=()
    for index in "${PENDING[@]}"; do
        echo "measuring: ${LABELS[index]} (warm-up)" >&2
        timed_run "$index" 1 $((ROW_WARMUP[index] - 1)) >/dev/null || true
        ((ROW_RUNS[index] > rounds)) && rounds=${ROW_RUNS[index]}
    done
    echo "measuring: the ${#PENDING[@]} rows in turn, $rounds rounds" >&2
    for ((round = 0; round < rounds; round++)); do
        for index in "${PENDING[@]}"; do
            ((round < ROW_RUNS[index])) || continue
            status=""
            read -r time peak status < <(timed_run "$index" 1 0) || true
            if [[ -z $status ]]; then statuses[$index]=unrun; continue; fi
            times[$index]+="$time "
            ((peak > ${peaks[$index]:-0})) && peaks[$index]=$peak
            [[ $status != 0 && ${statuses[$index]:-} != unrun ]] && statuses[$index]=$status
        done
    done
    for index in "${PENDING[@]}"; do
        if [[ ${statuses[$index]:-} == unrun || -z ${times[$index]:-} ]]; then
            NOTES[index]="could not be run"
            continue
        fi
        MEDIANS[index]=$(printf '%s\n' ${times[$index]} | LC_ALL=C sort -g | awk -v scale="${ROW_SCALE[index]}" '
            { value[NR] = $1 }
            END { m = NR % 2 ? value[(NR + 1) / 2] : (value[NR / 2] + value[NR / 2 + 1]) / 2; printf "%.2f", m * scale }')
        PEAKS[index]=${peaks[$index]}
        [[ -n ${statuses[$index]:-} ]] && NOTES[index]="exited with status ${statuses[$index]}"
    done
    PENDING=()
}

print_table() {
    local i j ref ratio
    printf '\n%-9s %-40s %11s %12s %8s  %s\n' "group" "command" "median ms" "peak RSS KB" "ratio" ""
    for i in "${!LABELS[@]}"; do
        ref=""
        for j in "${!LABELS[@]}"; do
            [[ ${GROUPS_[j]} == "${GROUPS_[i]}" && ${REFERENCES[j]} == 1 && ${MEDIANS[j]} != - ]] && ref=${MEDIANS[j]}
        done
        ratio=-
        if [[ -n $ref && ${MEDIANS[i]} != - ]]; then
            ratio=$(awk -v a="${MEDIANS[i]}" -v b="$ref" 'BEGIN { printf "%.2f", a / b }')
        fi
        [[ ${REFERENCES[i]} == 1 ]] && ratio="= 1"
        [[ -n ${NOISY_GROUPS[${GROUPS_[i]}]:-} ]] && NOTES[i]="noisy${NOTES[i]:+; ${NOTES[i]}}"
        printf '%-9s %-44s %11s %12s %8s  %s\n' "${GROUPS_[i]}" "${LABELS[i]}" "${MEDIANS[i]}" "${PEAKS[i]}" "$ratio" "${NOTES[i]}"
    done
}

print_machine() {
    local commit=unknown
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        commit=$(git rev-parse --short HEAD)
        git diff --quiet HEAD 2>/dev/null || commit+=" (with uncommitted changes)"
    fi
    echo "assoc commit: $commit"
    echo "text order:   ${TEXT_ORDER_AGE:-current}"
    echo "nproc:        $(nproc)"
    echo "runs:         $RUNS timed + $WARMUP warm-up per row; bulk rows $BULK_RUNS timed + 1 warm-up;" \
        "sample rows $SAMPLE_RUNS passes + 1 warm-up pass"
}

# bulk_check: `assoc type --files-from` must print what one process per path prints, and what
# `--jobs 1` prints. Returns non-zero on a difference.
bulk_check() {
    echo "checking: bulk output against one process per path (every ${CHECK_STRIDE}th) and --jobs 1" >&2
    "${CLEAN_ENV[@]}" "$ASSOC" type --files-from "$tmp/bulk-list" >"$tmp/bulk.out" 2>"$tmp/bulk.err" || true
    "${CLEAN_ENV[@]}" "$ASSOC" type --jobs 1 --files-from "$tmp/bulk-list" >"$tmp/bulk-j1.out" 2>/dev/null || true
    awk -v stride="$CHECK_STRIDE" '(NR - 1) % stride == 0' "$tmp/bulk-list" >"$tmp/check-list"
    tr '\n' '\0' <"$tmp/check-list" |
        "${CLEAN_ENV[@]}" xargs -0 -r -n 1 -P "$(nproc)" sh -c '"$0" type -- "$1" 2>/dev/null || true' "$ASSOC" |
        LC_ALL=C sort >"$tmp/single.out"
    # The paths in the list are absolute and contain no ": " before the type, so the check
    # compares the same lines of the bulk output, sorted the same way.
    awk -v stride="$CHECK_STRIDE" '(NR - 1) % stride == 0' "$tmp/bulk.out" | LC_ALL=C sort >"$tmp/bulk-sampled.out"
    local failed=0
    if ! cmp -s "$tmp/bulk.out" "$tmp/bulk-j1.out"; then
        echo "bulk check: --jobs 1 differs:" >&2; diff "$tmp/bulk-j1.out" "$tmp/bulk.out" | head -20 >&2; failed=1
    fi
    if ! cmp -s "$tmp/single.out" "$tmp/bulk-sampled.out"; then
        echo "bulk check: one process per path differs:" >&2; diff "$tmp/single.out" "$tmp/bulk-sampled.out" | head -20 >&2; failed=1
    fi
    CHECKED=$(wc -l <"$tmp/single.out")
    echo "bulk check: $(wc -l <"$tmp/bulk.out") lines from --files-from; $CHECKED paths compared with one process each;" \
        "$(wc -l <"$tmp/bulk.err") paths unreadable (reported on standard error by both);" \
        "$( ((failed)) && echo DIFFERENCES FOUND || echo identical)"
    return $failed
}

# A stale Release/text-order.txt slows the release build's start: said before the run and in
# the report, so that figures from a partly ordered executable are not taken for the code's.
TEXT_ORDER_AGE=$(bash Release/text-order-age.sh)
[[ -n $TEXT_ORDER_AGE ]] && echo "$TEXT_ORDER_AGE" >&2
build_assoc
build_helpers
wants bulk && make_bulk_list
wants sample && make_sample
print_machine
wants bulk && echo "bulk list:    $BULK_COUNT of $(wc -l <"$tmp/all-files") files under /usr/share and /usr/lib"
((SAMPLE_COUNT)) && echo "sample:       $SAMPLE_COUNT of $(wc -l <"$tmp/suite-files") files of the detection suite ($SAMPLE_MIX)"
echo "load (start): $(cat /proc/loadavg)"

if wants sample && ((SAMPLE_COUNT)); then
    group "sample"
    row --each "$tmp/sample" --reference "peer: file --mime-type -b, $SAMPLE_COUNT files" -- file --mime-type -b
    row --each "$tmp/sample" "peer: gio info content-type, $SAMPLE_COUNT files" -- gio info -a standard::content-type
    row --each "$tmp/sample" "assoc type -b, $SAMPLE_COUNT files" -- "$ASSOC" type -b
fi

BINARY=../shared/corpus/shared-mime-info/tests/mime-detection/README.pdf
if wants binary && [[ -f $BINARY ]]; then
    group "binary"
    row --reference "peer: file --mime-type -b"  -- file --mime-type -b "$BINARY"
    row "peer: gio info content-type"            -- gio info -a standard::content-type "$BINARY"
    row "assoc type -b"                          -- "$ASSOC" type -b "$BINARY"
fi

ONE=/usr/share/mime/packages/freedesktop.org.xml
if wants big-xml; then
    group "big XML"
    row --reference "peer: file --mime-type -b"  -- file --mime-type -b "$ONE"
    row "peer: gio info content-type"            -- gio info -a standard::content-type "$ONE"
    row "assoc type -b"                          -- "$ASSOC" type -b "$ONE"
    row "assoc --database cache mime"            -- "$ASSOC" --database cache mime application/pdf
    row "assoc --database xml mime"              -- "$ASSOC" --database xml mime application/pdf
fi

if wants default; then
    with_world
    group "default"
    row --reference "peer: gio mime"             -- gio mime application/pdf
    row "peer: xdg-mime query default"           -- xdg-mime query default application/pdf
    row "assoc default (spec)"                   -- "$ASSOC" default application/pdf
    row "assoc default --as gio"                 -- "$ASSOC" default --as gio application/pdf
    row "assoc apps"                             -- "$ASSOC" apps application/pdf
    EXTRA_ENV=()
fi

if wants xdg-mime; then
    # assoc answers as xdg-mime when started by that name: a link, as `make install-xdg-utils` makes.
    mkdir -p "$tmp/xdg-utils"
    ln -sf "$ASSOC" "$tmp/xdg-utils/xdg-mime"
    with_world
    group "xdg-mime"
    row --reference "peer: xdg-mime query default (Debian's script)" -- /usr/bin/xdg-mime query default application/pdf
    row "assoc as xdg-mime query default"        -- "$tmp/xdg-utils/xdg-mime" query default application/pdf
    # What no query can go below: the static executable started and ended, doing nothing else
    # (`--version`); and a query that reads one small file (`type -b`) for scale.
    row "floor: assoc --version"                 -- "$ASSOC" --version
    row "floor: assoc type -b (one small file)"  -- "$ASSOC" type -b "$tmp/bench.c"
    # What no exact answer can go below: the same lists read, directories listed and entries
    # stat'ed, with next to no work between the calls, by a static C program.
    row "floor: the query's system calls (C)"    -- "$tmp/queryfloor" application/pdf
    row "floor: a C program doing nothing"       -- "$tmp/nothing"
    EXTRA_ENV=()
fi

if wants bulk; then
    group "bulk"
    row --runs "$BULK_RUNS" "read floor, 1 thread"             -- "$tmp/readfloor" 1 "$tmp/bulk-list"
    row --runs "$BULK_RUNS" --reference "read floor, 2 threads" -- "$tmp/readfloor" 2 "$tmp/bulk-list"
    row --runs "$BULK_RUNS" "assoc type --files-from"          -- "$ASSOC" type --files-from "$tmp/bulk-list"
    row --runs "$BULK_RUNS" "assoc type --files-from --jobs 1" -- "$ASSOC" type --jobs 1 --files-from "$tmp/bulk-list"
    row --runs "$BULK_RUNS" --stdin "$tmp/bulk-list0" "peer: GLib guess, 4 KiB (gio-content-type)" -- "${GCT:-gio-content-type}" -m F -0
    # The `file -f` row covers a tenth of the list: scaled to the whole list for the ratio.
    row --runs 1 --scale 10 "peer: file -f, 1/10 of the list (x10 below)" -- file --mime-type -f "$tmp/bulk-list-tenth"
fi

if wants types && [[ -d /usr/share/mime/packages ]]; then
    # Each tool compiles its own copy of Debian's packages, in place, every run.
    for tool in umd assoc; do
        mkdir -p "$tmp/types-$tool/mime"
        cp -r /usr/share/mime/packages "$tmp/types-$tool/mime/packages"
    done
    group "types (fsync)"
    row --reference "peer: update-mime-database"  -- update-mime-database "$tmp/types-umd/mime"
    row "assoc types update"                      -- "$ASSOC" types update "$tmp/types-assoc/mime"
    EXTRA_ENV=(PKGSYSTEM_ENABLE_FSYNC=0)
    group "types (no fsync)"
    row --reference "peer: update-mime-database"  -- update-mime-database "$tmp/types-umd/mime"
    row "assoc types update"                      -- "$ASSOC" types update "$tmp/types-assoc/mime"
    end_group
    EXTRA_ENV=()
    # What a package manager's trigger does: compile after a package came or went. Each run,
    # `sh -c` first adds a small package of one type, or removes it when the last run added it;
    # the shell alone is a row, toggling the package in a directory of its own.
    cat >"$tmp/toggled-package.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="application/x-assoc-benchmark">
    <comment>assoc benchmark document</comment>
    <glob pattern="*.assocbench"/>
  </mime-type>
</mime-info>
XML
    mkdir -p "$tmp/types-toggle-only/mime/packages"
    toggle='p="$0"/packages/zz-toggled.xml; if [ -e "$p" ]; then rm "$p"; else cp "$1" "$p"; fi'
    for sync in fsync "no fsync"; do
        [[ $sync == fsync ]] || EXTRA_ENV=(PKGSYSTEM_ENABLE_FSYNC=0)
        group "types after a package came or went ($sync)"
        row --reference "peer: update-mime-database" -- sh -c "$toggle"'; exec update-mime-database "$0"' "$tmp/types-umd/mime" "$tmp/toggled-package.xml"
        row "assoc types update"                     -- sh -c "$toggle"'; exec "$2" types update "$0"' "$tmp/types-assoc/mime" "$tmp/toggled-package.xml" "$ASSOC"
        row "the shell and the package alone"        -- sh -c "$toggle" "$tmp/types-toggle-only/mime" "$tmp/toggled-package.xml"
        end_group
        EXTRA_ENV=()
    done
    rm -f "$tmp/types-umd/mime/packages/zz-toggled.xml" "$tmp/types-assoc/mime/packages/zz-toggled.xml"
    # The first compile: each run, `sh -c` first removes everything in DIR but packages/ (the
    # names that do not begin with "pa"), then compiles from nothing. The shell and rm alone are
    # a row, run on a directory with nothing generated in it.
    mkdir -p "$tmp/types-none/mime/packages"
    reset='rm -rf "$0"/[!p]* "$0"/p[!a]*'
    for sync in fsync "no fsync"; do
        [[ $sync == fsync ]] || EXTRA_ENV=(PKGSYSTEM_ENABLE_FSYNC=0)
        group "types from nothing ($sync)"
        row --reference "peer: update-mime-database" -- sh -c "$reset"'; exec update-mime-database "$0"' "$tmp/types-umd/mime"
        row "assoc types update"                     -- sh -c "$reset"'; exec "$1" types update "$0"' "$tmp/types-assoc/mime" "$ASSOC"
        row "the shell and rm alone"                 -- sh -c "$reset" "$tmp/types-none/mime"
        end_group
        EXTRA_ENV=()
    done
fi

if wants new-ext; then
    # A user of their own (data, config, one application) whose mime/ and settings each run
    # removes first, so that every run defines the type anew. GIO's way is what
    # g_app_info_set_as_default_for_extension does: write user-extension-EXT.xml (the text GIO
    # writes, which assoc writes too), run update-mime-database on the user's mime/, set the
    # default.
    mkdir -p "$tmp/ext-apps/applications"
    printf '[Desktop Entry]\nType=Application\nName=Bench Editor\nExec=true %%f\nMimeType=text/plain;\n' \
        >"$tmp/ext-apps/applications/bench-editor.desktop"
    cat >"$tmp/user-extension-benchext.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
 <mime-type type="application/x-extension-benchext">
  <comment>benchext document</comment>
  <glob pattern="*.benchext"/>
 </mime-type>
</mime-info>
XML
    EXTRA_ENV=("XDG_DATA_HOME=$tmp/ext-data" "XDG_CONFIG_HOME=$tmp/ext-config" "XDG_DATA_DIRS=$tmp/ext-apps:/usr/share")
    reset='rm -rf "$XDG_DATA_HOME/mime" "$XDG_CONFIG_HOME"'
    group "new-ext"
    row --reference "peer: GIO's way (package, update-mime-database, gio mime)" -- sh -c "$reset"'
        mkdir -p "$XDG_DATA_HOME/mime/packages" && cp "$0" "$XDG_DATA_HOME/mime/packages/" &&
        update-mime-database "$XDG_DATA_HOME/mime" &&
        exec gio mime application/x-extension-benchext bench-editor.desktop' "$tmp/user-extension-benchext.xml"
    row "assoc set .benchext (a new type)"        -- sh -c "$reset"'; exec "$0" set .benchext bench-editor.desktop' "$ASSOC"
    row "assoc set text/plain (no new type)"      -- sh -c "$reset"'; exec "$0" set text/plain bench-editor.desktop' "$ASSOC"
    row "the shell and rm alone"                  -- sh -c "$reset"
    end_group
    EXTRA_ENV=()
fi

if wants profile; then
    with_world
    # PROFILE_SIZE types that the world's entries declare, each with the first entry (by name)
    # that declares it and whose programs are stubbed, after a candidate that is not installed.
    if [[ -d $tmp/world/applications ]]; then
        PROFILE_SIZE=500
        for entry in "$tmp/world/applications"/*.desktop; do
            program=$(sed -n '/^Exec=/{s///p;q}' "$entry" | awk '{print $1}' | tr -d '"')
            tryexec=$(sed -n '/^TryExec=/{s///p;q}' "$entry")
            [[ -n $program && $program != */* && $tryexec != */* ]] || continue
            sed -n '/^MimeType=/{s///p;q}' "$entry" | tr ';' '\n' | sed '/^$/d' |
                while read -r type; do printf '%s %s\n' "$type" "${entry##*/}"; done
        done | LC_ALL=C sort -k1,1 -s | awk -v size="$PROFILE_SIZE" '!seen[$1]++ && kept++ < size' >"$tmp/profile-pairs"
        {
            printf '[Profile]\nName=bench\nVersion=1\n\n[Enforce]\n'
            awk '{ printf "%s=not-installed-%d.desktop;%s;\n", $1, NR, $2 }' "$tmp/profile-pairs"
        } >"$tmp/bench.profile"
        echo "profile:      $(wc -l <"$tmp/profile-pairs") entries" >&2
        profile_env=("XDG_CONFIG_HOME=$tmp/profile-config" "XDG_STATE_HOME=$tmp/profile-state")
        applied_env=("XDG_CONFIG_HOME=$tmp/profile-applied" "XDG_STATE_HOME=$tmp/profile-applied-state")
        # The second-apply and --check rows read lists that one apply already made.
        "${CLEAN_ENV[@]}" "${EXTRA_ENV[@]}" "${applied_env[@]}" "$ASSOC" profile apply "$tmp/bench.profile" >/dev/null 2>&1 || true
        reset='rm -rf "$XDG_CONFIG_HOME" "$XDG_STATE_HOME"'
        EXTRA_ENV+=("${profile_env[@]}")
        group "profile"
        row --reference "assoc profile apply, 500 entries, from nothing" -- sh -c "$reset"'; exec "$0" profile apply "$1"' \
            "$ASSOC" "$tmp/bench.profile"
        row "assoc profile apply again: nothing to change" -- env "${applied_env[@]}" "$ASSOC" profile apply "$tmp/bench.profile"
        row "assoc profile apply --check, complying"       -- env "${applied_env[@]}" "$ASSOC" profile apply --check "$tmp/bench.profile"
        row "the shell and rm alone"                       -- sh -c "$reset"
        end_group
    fi
    EXTRA_ENV=()
fi

end_group
print_table
if wants bulk; then
    echo
    bulk_check
fi
