#!/usr/bin/env bash
# Benchmarks/watch.sh — what `assoc watch` costs while it runs, in the Debian corpus's world.
#
# What it measures, one watcher process, the release build `make install` ships:
#   latency   the time from a change of the user's mimeapps.list (a new list renamed over it, as
#             GLib writes it) to the journal's record of it: BENCH_WATCH_ROUNDS rounds (default
#             31), each a separate burst, timed by helpers/watchlatency.c with inotify on the
#             journal's directory (no polling); the median. Goal: ≤ 50 ms.
#   memory    the resident set (VmRSS of /proc/PID/status) after 10,000 inotify events (the list
#             rewritten 10,000 times in a row, plus a desktop entry touched between) and then a
#             minute idle. Goal: ≤ 15 MB.
#   idle CPU  the clock ticks (utime + stime of /proc/PID/stat) the watcher uses over that idle
#             minute: it blocks in poll with no time-out, so the goal is 0.
#
# The world: the corpus's 370 desktop entries as a data directory (with mimeinfo.cache, and stubs
# for the programs they run: helpers/world.sh), the system's /usr/share after it, a throwaway HOME,
# XDG_*_HOME and XDG_RUNTIME_DIR, no session bus (the watcher then records without notifying, and
# says so once), LC_ALL=C. The watcher runs through `env -i` so the user's own files never matter.
#
# Only a quiet machine gives figures worth quoting: run it alone, never beside builds, fuzzers or
# another benchmark. Like run.sh it waits (up to BENCH_WAIT seconds, default 240) for the 1-minute
# load to fall to 0.5 and refuses a busy machine (exit 3) unless BENCH_NOISY=1.
#
#     bash Benchmarks/watch.sh
#     BENCH_WATCH_ROUNDS=101 bash Benchmarks/watch.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/helpers/world.sh
source Benchmarks/helpers/shipped.sh

ROUNDS=${BENCH_WATCH_ROUNDS:-31}
WAIT=${BENCH_WAIT:-240}
NOISY=${BENCH_NOISY:-0}

load() { cut -d' ' -f1 /proc/loadavg; }
quiet() { awk -v load="$(load)" 'BEGIN { exit !(load <= 0.5) }'; }
waited=0
until quiet; do
    if [[ $NOISY == 1 ]]; then echo "load $(load): noisy (BENCH_NOISY=1)"; break; fi
    if ((waited >= WAIT)); then echo "load $(load) after ${WAIT}s: the machine is busy; BENCH_NOISY=1 runs anyway" >&2; exit 3; fi
    sleep 10
    waited=$((waited + 10))
done
echo "load before: $(load)"
# A function order older than the code makes the watcher's resident code larger: said first.
bash Release/text-order-age.sh

tmp=$(mktemp -d /tmp/assoc-watch-bench.XXXXXX)
watcher=
cleanup() {
    [[ -n $watcher ]] && kill "$watcher" 2>/dev/null && wait "$watcher" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

# What `make install` ships: the static `assoc`, and beside it `assoc-portal`, the executable
# `assoc watch` becomes, with the Swift runtime linked in.
bin=$tmp/bin
build_shipped print-build-flags assoc "$bin" "$tmp/build.log"
build_shipped print-portal-build-flags assoc-portal "$bin" "$tmp/build.log"

gcc -O2 -o "$tmp/watchlatency" Benchmarks/helpers/watchlatency.c

make_watcher_world "$tmp" || echo "note: ../shared/corpus absent; the world is /usr/share only" >&2
# Two applications of the corpus's world for text/plain (any two entries that list it).
mapfile -t apps < <(grep -l '^MimeType=.*text/plain;' "$tmp/world/applications"/*.desktop /usr/share/applications/*.desktop 2>/dev/null |
    xargs -n1 basename | sort -u | head -2)
((${#apps[@]} == 2)) || { echo "no two applications for text/plain" >&2; exit 2; }

mapfile -t variables < <(watcher_variables "$tmp")
env -i "${variables[@]}" "$bin/assoc" watch --verbose 2>"$tmp/watch.log" &
watcher=$!
for _ in $(seq 600); do grep -q 'assoc watch: ready' "$tmp/watch.log" && break; sleep 0.1; done
grep -q 'assoc watch: ready' "$tmp/watch.log" || { cat "$tmp/watch.log" >&2; exit 2; }

echo "latency: $ROUNDS changes of text/plain between ${apps[0]} and ${apps[1]}"
"$tmp/watchlatency" "$tmp/config/mimeapps.list" "$tmp/state/assoc/history.jsonl" "$ROUNDS" text/plain "${apps[0]}" "${apps[1]}" |
    tail -1 | sed 's/^median /latency median ms: /'

# 10,000 events: rewrites of the list in place (each at least a modify and a close-write event).
for i in $(seq 5000); do
    printf '[Default Applications]\ntext/plain=%s;\n' "${apps[i % 2]}" >"$tmp/config/mimeapps.list"
done
sleep 2
ticks() { awk '{ sub(/.*\) /, ""); print $12 + $13 }' "/proc/$watcher/stat"; }
before=$(ticks)
sleep 60
after=$(ticks)
rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$watcher/status")
megabytes() { echo "$(($1 / 1024)).$((($1 % 1024) * 10 / 1024)) MB"; }
anon=$(awk '/^RssAnon:/ { print $2 }' "/proc/$watcher/status")
file=$(awk '/^RssFile:/ { print $2 }' "/proc/$watcher/status")
echo "resident memory after 10,000 events and a minute idle: $(megabytes "$rss") (goal <= 15 MB)"
echo "  of which anonymous (heap, stacks) $(megabytes "$anon"), mapped from files (code, data) $(megabytes "$file")"
echo "CPU ticks idle over 60 s: $((after - before)) (goal 0)"
echo "records in the journal: $(wc -l <"$tmp/state/assoc/history.jsonl")"
echo "load after: $(load)"
