#!/bin/bash
# Release/text-order.sh: writes Release/text-order.txt, the functions a release build of assoc runs
# for its common queries, for the linker to lay out first and together (gold's
# --section-ordering-file; see the Makefile), so that a short query's code lies in a few pages
# instead of being spread over the whole executable, each page of which costs it a fault.
#
# Then Release/portal-text-order.txt, the same for assoc-portal running `assoc watch` (every
# function it runs, by name): the watcher lives for the whole session and runs under a megabyte of
# the executable's code, but laid out as the compiler leaves it that code is spread over all of
# it, and the kernel maps the pages around each one run (fault-around), so most of the executable
# stayed resident. Listed, those functions lie together.
#
# The queries, most important first: `type -b` on a binary, a text, an SVG and an OpenDocument file
# of shared-mime-info's suite, `type`, `--version`, and `default` and `apps` over the Debian corpus's
# desktop entries, and `query default` through a link named xdg-mime, as `make install-xdg-utils`
# installs it. Each function is listed once, under the first query that runs it (by name within
# a query, whose profile does not say in which order they ran). Bulk typing
# is left out: it starts once for many files, and its code keeps the compiler's layout (listed,
# it was no faster). Needs valgrind (callgrind) and ../shared/corpus.
# Rerun it when the code a query runs has changed much: a function it does not list is only laid
# out after the listed ones, and a name that no longer exists is passed over.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v valgrind >/dev/null || { echo "text-order: valgrind is needed (apt install valgrind)" >&2; exit 1; }
suite=../shared/corpus/shared-mime-info/tests/mime-detection
entries=../shared/corpus/freedesktop-debian/applications
[[ -d $suite && -d $entries ]] || { echo "text-order: ../shared/corpus is needed" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/assoc-text-order.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# The build links with the order it has (none the first time: an empty one); what a query runs
# does not depend on where the functions lie.
[[ -f Release/text-order.txt ]] || : >Release/text-order.txt
make -s release-requirements || exit 1
read -r -a flags < <(make -s print-build-flags)
swift build "${flags[@]}" >"$tmp/build.log" 2>&1 ||
    { cat "$tmp/build.log" >&2; echo "text-order: swift build failed" >&2; exit 1; }
assoc=$(swift build "${flags[@]}" --show-bin-path)/assoc

mkdir -p "$tmp/world"
cp -r "$entries" "$tmp/world/applications"
# Hashing seeded alike in every run, so that the same code runs and the list comes out the same.
clean=(env -i "HOME=$tmp" PATH=/usr/bin:/bin "XDG_DATA_HOME=$tmp/data" "XDG_CONFIG_HOME=$tmp/config" LC_ALL=C
    SWIFT_DETERMINISTIC_HASHING=1)

# Appends to $tmp/functions the symbols of the functions that assoc runs with the arguments after
# the first, which is XDG_DATA_DIRS, by name; fails when callgrind wrote no profile. PROGRAM, when
# set, is what is run instead of $assoc (a link to it).
profile() {
    local dirs=$1
    shift
    rm -f "$tmp/profile"
    "${clean[@]}" "XDG_DATA_DIRS=$dirs" valgrind --tool=callgrind --demangle=no \
        --callgrind-out-file="$tmp/profile" "${PROGRAM:-$assoc}" "$@" >/dev/null 2>&1 || true
    [[ -s $tmp/profile ]] || { echo "text-order: callgrind wrote no profile of assoc $*" >&2; exit 1; }
    grep -oE '^c?fn=\([0-9]+\) .*' "$tmp/profile" | sed -E 's/^c?fn=\([0-9]+\) //' | LC_ALL=C sort -u >>"$tmp/functions"
}

: >"$tmp/functions"
for file in README.pdf helloworld.c dnd-counter.svg ooo-test.odt; do
    profile /usr/share type -b "$suite/$file"
done
profile "$tmp/world:/usr/share" type "$suite/README.pdf"
profile "$tmp/world:/usr/share" --version
profile "$tmp/world:/usr/share" default application/pdf
profile "$tmp/world:/usr/share" apps application/pdf
ln -s "$assoc" "$tmp/xdg-mime"
PROGRAM=$tmp/xdg-mime profile "$tmp/world:/usr/share" query default application/pdf
grep -v '^0x' "$tmp/functions" | awk '!seen[$0]++ { print ".text." $0 }' >"$tmp/order"
mv "$tmp/order" Release/text-order.txt
# SwiftPM does not know the linker reads the file: the executable is removed so that the next
# build links it again, in the new order.
rm -f "$assoc"
echo "text-order: $(wc -l <Release/text-order.txt) functions in Release/text-order.txt" >&2

# The watcher: started in the Debian corpus's world (its entries, with stubs for the programs they
# run), it takes its first snapshot, then records twenty changes of the user's list and a desktop
# entry touched, and is stopped (SIGTERM: it ends normally, and callgrind writes its profile).
[[ -f Release/portal-text-order.txt ]] || : >Release/portal-text-order.txt
read -r -a portal_flags < <(make -s print-portal-build-flags)
swift build "${portal_flags[@]}" >"$tmp/build.log" 2>&1 ||
    { cat "$tmp/build.log" >&2; echo "text-order: swift build of assoc-portal failed" >&2; exit 1; }
portal=$(swift build "${portal_flags[@]}" --show-bin-path)/assoc-portal
source Benchmarks/helpers/world.sh
watched=$tmp/watched
make_watcher_world "$watched"
mapfile -t variables < <(watcher_variables "$watched")
env -i "${variables[@]}" SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --demangle=no --callgrind-out-file="$tmp/watch-profile" \
    "$portal" --watch --verbose 2>"$tmp/watch.log" &
watcher=$!
# Ended whatever way the script ends (a stopped watcher has gone already: nothing to kill).
trap 'kill "$watcher" 2>/dev/null || true; rm -rf "$tmp"' EXIT
for _ in $(seq 1200); do grep -q 'ready' "$tmp/watch.log" && break; sleep 0.1; done
grep -q 'ready' "$tmp/watch.log" || { cat "$tmp/watch.log" >&2; kill "$watcher"; echo "text-order: the watcher did not start" >&2; exit 1; }
mapfile -t apps < <(grep -l '^MimeType=.*text/plain;' "$watched/world/applications"/*.desktop | xargs -n1 basename | sort | head -2)
# The journal's lines so far; none before the watcher writes it.
journal_lines() { { cat "$watched/state/assoc/history.jsonl" 2>/dev/null || true; } | wc -l; }
recorded=$(journal_lines)
for round in $(seq 20); do
    printf '[Default Applications]\ntext/plain=%s;\n' "${apps[round % 2]}" >"$watched/config/mimeapps.list.new"
    mv "$watched/config/mimeapps.list.new" "$watched/config/mimeapps.list"
    # Each change its own burst: the next waits (up to 10 s) until the journal has grown by this
    # one's records (one change of text/plain records its subtypes too).
    for _ in $(seq 100); do (($(journal_lines) > recorded)) && break; sleep 0.1; done
    recorded=$(journal_lines)
done
touch "$watched/world/applications/${apps[0]}"
sleep 2
kill "$watcher"
wait "$watcher" || true
[[ -s $tmp/watch-profile ]] || { echo "text-order: callgrind wrote no profile of the watcher" >&2; exit 1; }
grep -oE '^c?fn=\([0-9]+\) .*' "$tmp/watch-profile" | sed -E 's/^c?fn=\([0-9]+\) //' | grep -v '^0x' |
    LC_ALL=C sort -u | awk '{ print ".text." $0 }' >"$tmp/portal-order"
mv "$tmp/portal-order" Release/portal-text-order.txt
rm -f "$portal"
echo "text-order: $(wc -l <Release/portal-text-order.txt) functions in Release/portal-text-order.txt" >&2
