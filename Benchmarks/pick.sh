#!/usr/bin/env bash
# Benchmarks/pick.sh — the picker's speed goal: a folder of 20,000 files opens to its first screen
# in at most 150 ms, and a key press redraws in at most 16 ms.
#
# What it measures: `assoc __pick-benchmark` (hidden) does what `assoc pick` does without the
# terminal: loads the database, lists the folder by name with DocumentLister, builds the rows
# and draws the first screen as lines (typing only the rows drawn); then handles 200 key presses (↓, PgDn, Tab, a search typed
# and cleared), drawing after each. The time ncurses takes to write the lines to the terminal is
# not included (it writes one screen, 30 × 100 cells, whatever the folder's size).
#
# The folder: 20,000 files with the names and contents of a mixed download folder (PDFs, images,
# text, archives, files with no extension that need magic), made once in $BENCH_PICK_DIR
# (default /tmp/assoc-pick-20000).
#
# How to run it, from the package root, on a quiet machine, after `swift build -c release`:
#     bash Benchmarks/pick.sh                          # wall-clock, 5 runs
#     BENCH_CALLGRIND=1 bash Benchmarks/pick.sh        # instruction counts (valgrind), while others build
#     BENCH_PRESS=sa bash Benchmarks/pick.sh           # also time s (sort by date) and a (hide unavailable) once
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${ASSOC:-.build/release/assoc}
dir=${BENCH_PICK_DIR:-/tmp/assoc-pick-20000}
if [ ! -d "$dir" ] || [ "$(ls "$dir" | wc -l)" -lt 20000 ]; then
  mkdir -p "$dir"
  for i in $(seq 0 19999); do
    case $((i % 8)) in
      0) printf '%%PDF-1.4\n%%%s\n' "$i" >"$dir/report-$i.pdf" ;;
      1) printf '\x89PNG\r\n\x1a\n%s' "$i" >"$dir/photo-$i.png" ;;
      2) printf 'notes %s\n' "$i" >"$dir/notes-$i.txt" ;;
      3) printf 'PK\x03\x04%s' "$i" >"$dir/archive-$i.zip" ;;
      4) printf '%%PDF-1.7\n%s' "$i" >"$dir/scan-$i" ;;
      5) printf '#!/bin/sh\necho %s\n' "$i" >"$dir/script-$i.sh" ;;
      6) printf '<html><body>%s</body></html>\n' "$i" >"$dir/page-$i.html" ;;
      7) printf 'GIF89a%s' "$i" >"$dir/anim-$i.gif" ;;
    esac
  done
fi
env="env -i HOME=/tmp XDG_DATA_DIRS=/usr/share PATH=/usr/bin:/bin"
if [ "${BENCH_CALLGRIND:-0}" = 1 ]; then
  $env valgrind --tool=callgrind --callgrind-out-file=/tmp/assoc-pick.callgrind "$binary" __pick-benchmark \
    --type application/pdf --type public.image --keys 50 ${BENCH_PRESS:+--press "$BENCH_PRESS"} "$dir" 2>&1 | grep -E "rows|Collected"
  callgrind_annotate /tmp/assoc-pick.callgrind 2>/dev/null | head -30
  exit 0
fi
for run in 1 2 3 4 5; do
  $env "$binary" __pick-benchmark --type application/pdf --type public.image ${BENCH_PRESS:+--press "$BENCH_PRESS"} "$dir"
done
