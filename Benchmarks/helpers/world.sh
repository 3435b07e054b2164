# Benchmarks/helpers/world.sh — the corpus world the benchmarks share, sourced by run.sh and watch.sh.
#
# make_corpus_world DIR: DIR/world/applications holds the Debian corpus's desktop entries (with
# their mimeinfo.cache), and DIR/world-bin a stub for every program the entries run that this
# machine lacks, so that the entries count as installed for assoc and its peers alike. A program
# the machine has (sh, env, bash, …) is never stubbed: a stub first on PATH would stand in for it
# in every command the benchmark times. Returns 1 when the corpus is absent.
make_corpus_world() {
    local dir=$1 corpus=../shared/corpus/freedesktop-debian program
    [[ -d $corpus/applications ]] || return 1
    mkdir -p "$dir/world" "$dir/world-bin"
    cp -r "$corpus/applications" "$dir/world/applications"
    if command -v update-desktop-database >/dev/null; then
        update-desktop-database "$dir/world/applications" 2>/dev/null
    fi
    grep -rhE '^(Try)?Exec=' "$dir/world/applications" | sed 's/^[A-Za-z]*=//; s/"//g' | awk '{print $1}' |
        grep -v / | sort -u | while read -r program; do
            PATH=/usr/bin:/bin command -v "$program" >/dev/null && continue
            printf '#!/bin/sh\nexit 0\n' >"$dir/world-bin/$program" && chmod +x "$dir/world-bin/$program"
        done
}
