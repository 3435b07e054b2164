#!/usr/bin/env bash
# Benchmarks/compare-gio-types.sh — how often `assoc type` agrees with GLib's content-type guess.
#
# A measurement, not a test. It takes every STRIDE-th regular readable file of `find /usr -type f`
# (sorted, so the sample is the same each time), adds renamed copies of every 11th of them (no
# extension or a misleading one), and types each file with `assoc type -b --no-xattr` and with
# GLib's guess on the name and first 4096 bytes (../shared/tools/gio-content-type.c -m F, built with
# gcc and libglib2.0-dev). Both answers are unaliased through /usr/share/mime/aliases. It prints the
# agreement and, for each difference, the line of `assoc explain` that names it.
#
#     bash Benchmarks/compare-gio-types.sh            # STRIDE=20: about 5,600 files + 500 copies
#     STRIDE=1 bash Benchmarks/compare-gio-types.sh   # every file under /usr
set -euo pipefail
cd "$(dirname "$0")/.."
STRIDE=${STRIDE:-20}
tool=../shared/tools/gio-content-type.c
[[ -f $tool ]] || { echo "no $tool: the shared folder is absent" >&2; exit 2; }
pkg-config --exists gio-2.0 || { echo "libglib2.0-dev is needed to build $tool" >&2; exit 2; }
swift build -c release >/dev/null
assoc=.build/release/assoc
tmp=$(mktemp -d "${TMPDIR:-/tmp}/assoc-gio.XXXXXX"); trap 'rm -rf "$tmp"' EXIT
gcc -O2 "$tool" -o "$tmp/gio-content-type" $(pkg-config --cflags --libs gio-2.0)

find /usr -type f -print0 2>/dev/null | LC_ALL=C sort -z |
    awk -v RS='\0' -v ORS='\0' -v s="$STRIDE" '(NR - 1) % s == 0' > "$tmp/candidates"
: > "$tmp/list"
n=0
while IFS= read -r -d '' path; do
    [[ -r $path && ! -L $path ]] || continue
    printf '%s\0' "$path" >> "$tmp/list"
    if (( n % 11 == 0 )); then
        exts=("" .txt .png .html .pdf .xml .jpg .c); copy="$tmp/renamed/r$n${exts[(n / 11) % 8]}"
        mkdir -p "$tmp/renamed"; cp -- "$path" "$copy" 2>/dev/null && printf '%s\0' "$copy" >> "$tmp/list"
    fi
    n=$((n + 1))
done < "$tmp/candidates"

export XDG_DATA_HOME=/nonexistent XDG_DATA_DIRS=/usr/share
xargs -0 -n 500 "$assoc" type -b --no-xattr < "$tmp/list" > "$tmp/assoc" 2>/dev/null || true
# With -0 the oracle prints PATH<TAB>TYPE; keep the type (the last field).
"$tmp/gio-content-type" -m F -0 < "$tmp/list" 2>/dev/null | awk -F'\t' '{ print $NF }' > "$tmp/gio"
tr '\0' '\n' < "$tmp/list" > "$tmp/paths"
paste "$tmp/paths" "$tmp/assoc" "$tmp/gio" | awk -F'\t' -v aliases=/usr/share/mime/aliases '
    BEGIN { while ((getline line < aliases) > 0) { split(line, f, " "); canon[f[1]] = f[2] } }
    function c(t) { return (t in canon) ? canon[t] : t }
    { total++; if (c($2) == c($3)) same++; else print $1 "\t" c($2) "\t" c($3) > "/dev/stderr" }
    END { printf "files %d, agree %d (%.2f%%), differ %d\n", total, same, 100 * same / total, total - same }
' 2> "$tmp/differences"
while IFS=$'\t' read -r path ours theirs; do
    why=$("$assoc" explain --no-resolve --no-xattr "$path" 2>/dev/null | grep -m1 'GIO would say\|GIO agrees' || echo "  (explain names no difference)")
    printf '%s\n  assoc %s, GLib %s\n%s\n' "$path" "$ours" "$theirs" "$why"
done < "$tmp/differences"
