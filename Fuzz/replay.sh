#!/usr/bin/env bash
# Replays what a campaign recorded, one input at a time: bash Fuzz/replay.sh TARGET
#
# Each input of .build/fuzz/findings/TARGET must run without a crash and within the one-second
# limit when the machine is not starving the process; the script prints each input's time and
# exits 1 when one fails. Crash inputs that fail here belong in Tests/Fixtures/fuzz/ once fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: Fuzz/replay.sh TARGET}
out=${FUZZ_BUILD_DIR:-.build/fuzz}
export FUZZ_MIME_PACKAGE=../shared/corpus/shared-mime-info/data/freedesktop.org.xml SWIFT_BACKTRACE=enable=no
status=0
shopt -s nullglob
for input in "$out/findings/$target"/*; do
    start=$(date +%s.%N)
    if "$out/bin/fuzz-$target" -timeout=1 -rss_limit_mb=2048 "$input" > /dev/null 2>&1; then
        printf 'ok      %6.3fs %s\n' "$(echo "$(date +%s.%N) - $start" | bc)" "$input"
    else
        printf 'FAILED  %6.3fs %s\n' "$(echo "$(date +%s.%N) - $start" | bc)" "$input"
        status=1
    fi
done
exit $status
