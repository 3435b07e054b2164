# Benchmarks/helpers/world.sh — the corpus world the benchmarks share, sourced by run.sh, watch.sh
# and Release/text-order.sh.
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

# make_watcher_world DIR: the corpus world (make_corpus_world) and a throwaway user's directories
# beside it, DIR/home, config, state, data and run (mode 0700, as XDG_RUNTIME_DIR must be), for a
# watcher to run in. Returns 1 when the corpus is absent (the directories are made all the same).
make_watcher_world() {
    local dir=$1
    mkdir -p "$dir/home" "$dir/config" "$dir/state" "$dir/data" "$dir/run"
    chmod 700 "$dir/run"
    make_corpus_world "$dir"
}

# watcher_variables DIR: the whole environment of a watcher in DIR's world, one NAME=VALUE a line,
# for `env -i`: every XDG directory in DIR (the corpus world's data before /usr/share), no session
# bus (the watcher then records without notifying), the C locale, the world's stubs first on PATH.
watcher_variables() {
    local dir=$1
    printf '%s\n' "HOME=$dir/home" "XDG_CONFIG_HOME=$dir/config" "XDG_CONFIG_DIRS=$dir/etc-xdg" \
        "XDG_DATA_HOME=$dir/data" "XDG_DATA_DIRS=$dir/world:/usr/share" "XDG_STATE_HOME=$dir/state" \
        "XDG_CACHE_HOME=$dir/cache" "XDG_RUNTIME_DIR=$dir/run" "DBUS_SESSION_BUS_ADDRESS=unix:path=$dir/no-bus" \
        LC_ALL=C "PATH=$dir/world-bin:/usr/bin:/bin"
}
