#!/usr/bin/env bash
# Runs one fuzz campaign, seeded from ../shared/corpus/, at the lowest CPU priority.
#
#   bash Fuzz/run.sh TARGET [LIBFUZZER OPTIONS...]
#   bash Fuzz/run.sh glob -runs=1000000
#   bash Fuzz/run.sh mime-cache -max_total_time=1800
#
# Defaults: -timeout=1 -rss_limit_mb=2048 -runs=1000000, which the options given override. The
# campaign runs in libFuzzer's fork mode (-fork=1 -ignore_timeouts=1): on a machine shared with
# builds a process at nice 19 can be starved for over a second, so a timeout is recorded and the
# campaign goes on; Fuzz/replay.sh then runs each recorded input alone, where it must finish
# within the second. A crash or a leak ends the campaign.
# The growing corpus is kept in .build/fuzz/corpus/TARGET; crashes, leaks and timeouts are written
# to .build/fuzz/findings/TARGET/. A finding becomes a test: copy it to Tests/Fixtures/fuzz/ and
# replay it from Tests/FuzzRegressionTests (see Fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Fuzz/run.sh TARGET [LIBFUZZER OPTIONS...]}
shift
out=${FUZZ_BUILD_DIR:-.build/fuzz}
corpus=../shared/corpus
binary=$out/bin/fuzz-$target
[ -x "$binary" ] || bash Fuzz/build.sh "$target"

seeds=$out/seeds/$target
if [ ! -d "$seeds" ]; then
    mkdir -p "$seeds"
    bash Fuzz/seeds.sh "$target" "$corpus" "$seeds"
fi
work=$out/corpus/$target
findings=$out/findings/$target
mkdir -p "$work" "$findings"

export FUZZ_MIME_PACKAGE=$corpus/shared-mime-info/data/freedesktop.org.xml
# The Swift runtime's own backtracer trips AddressSanitizer; libFuzzer prints the stack instead.
export SWIFT_BACKTRACE=enable=no
# Inputs big enough for real files, small enough for speed (the seeds above are cut to fit).
case $target in
    mime-cache) max_len=65536 ;;
    text-files) max_len=32768 ;;
    mimeapps | glob) max_len=4096 ;;
    *) max_len=8192 ;;
esac
exec nice -n 19 "$binary" -fork=1 -ignore_timeouts=1 -timeout=1 -rss_limit_mb=2048 -runs=1000000 -max_len=$max_len \
    -artifact_prefix="$findings/" -print_final_stats=1 "$@" "$work" "$seeds"
