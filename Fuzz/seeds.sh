#!/usr/bin/env bash
# Writes the seed inputs of one fuzz target from the shared corpus: Fuzz/seeds.sh TARGET CORPUS DIR.
#
# Targets that read a choice byte or two before the file get each file once per prefix, so the
# seeds reach every operation.
set -euo pipefail
target=$1 corpus=$2 seeds=$3
count=0

# Copies a file into the seeds, after the bytes given as printf escapes.
seed() {
    local file=$1 prefix=${2:-}
    count=$((count + 1))
    { printf "$prefix"; cat "$file"; } > "$seeds/seed-$count"
}

files() { find "$corpus" -type f \( "$@" \) -size -256k | sort; }

case $target in
    keyfile)
        files -name '*.desktop' -o -name '*.desktop.in' -o -name '*.list' -o -name 'mimeinfo.cache' \
            | while read -r file; do seed "$file"; done ;;
    desktop-entry)
        files -name '*.desktop' -o -name '*.desktop.in' | while read -r file; do seed "$file"; done ;;
    mimeapps)
        files -name '*.list' | while read -r file; do
            for prefix in '\x00\x00\x00' '\x01\x81\x01' '\x02\x82\x02' '\x03\x01\x03' '\x04\x83\x00' '\x05\x84\x01' '\x06\x03\x02'; do
                seed "$file" "$prefix"
            done
        done ;;
    package-xml)
        files -name '*.xml' | while read -r file; do seed "$file"; done ;;
    mime-cache)
        # One small cache per package, compiled by update-mime-database (shared-mime-info).
        work=$(mktemp -d)
        trap 'rm -rf "$work"' EXIT
        files -name '*.xml' -path '*mime*' -o -name '*.xml' -path '*qt*' | while read -r file; do
            rm -rf "$work/mime" && mkdir -p "$work/mime/packages" && cp "$file" "$work/mime/packages/"
            if update-mime-database "$work/mime" 2>/dev/null && [ -f "$work/mime/mime.cache" ]; then
                seed "$work/mime/mime.cache"
            fi
        done ;;
    text-files)
        # The text files update-mime-database writes for each package, each after its choice byte
        # and a cut at the middle.
        work=$(mktemp -d)
        trap 'rm -rf "$work"' EXIT
        files -name '*.xml' -path '*mime*' -o -name '*.xml' -path '*qt*' | while read -r file; do
            rm -rf "$work/mime" && mkdir -p "$work/mime/packages" && cp "$file" "$work/mime/packages/"
            update-mime-database "$work/mime" 2>/dev/null || continue
            index=0
            for name in magic globs2 globs aliases subclasses icons generic-icons XMLnamespaces; do
                if [ -s "$work/mime/$name" ]; then seed "$work/mime/$name" "\\x0$index\\x80"; fi
                index=$((index + 1))
            done
        done ;;
    magic)
        find "$corpus/shared-mime-info/tests/mime-detection" -type f -size -64k | sort | while read -r file; do
            seed "$file" '\x00'
        done
        files -name '*.xml' -path '*qt*' | while read -r file; do seed "$file" '\x01'; done
        printf '\x02string\x00\\x89PNG\x00\x30:4\x00\x00 \x89PNG' > "$seeds/compile-1"
        printf '\x02big32\x000xcafebabe\x000\x000xffff0000\x00\xca\xfe\x00\x00' > "$seeds/compile-2" ;;
    glob)
        find "$corpus/shared-mime-info/tests/mime-detection" -type f | sort | while read -r file; do
            count=$((count + 1))
            printf '80:cs:*.C\n30::[a-z]*.bak\n%s' "$(basename "$file")" > "$seeds/seed-$count"
        done ;;
    path-coding)
        # Names: each file's name in the corpus, and the names that collided before U+10FF80 and
        # up were carried as bytes (x + U+10FFFF + .txt against x + 0xFF + .txt), each after a cut.
        find "$corpus" -type f | sort | head -n 2000 | while read -r file; do
            count=$((count + 1))
            printf '\x04%s' "$(basename "$file")" > "$seeds/seed-$count"
        done
        printf '\x09x\xf4\x8f\xbf\xbf.txtx\xff.txt' > "$seeds/collision-1"
        printf '\x02\xf4\x8f\xbe\x80\xff\xc3\x28\xed\xa0\x80' > "$seeds/carried-2" ;;
    url-decoding)
        # Escapes well-formed and not, and the names of the corpus's files as paths.
        for text in '/a%20b/c.txt' '/etc/hostname%00.txt' '/a%2Fb' '/a%2fb' '/bad%FF%fe' '%-0' '%+F' '%' '%4' \
            'localhost/x%23y#frag' '/%25%25%2525'; do
            count=$((count + 1))
            printf '%s' "$text" > "$seeds/seed-$count"
        done
        find "$corpus" -type f | sed -n '1,200p' | while read -r file; do
            count=$((count + 1))
            printf '%s' "$file" > "$seeds/seed-$count"
        done ;;
    *) echo "seeds: unknown target '$target'" >&2; exit 64 ;;
esac
echo "seeds: $(find "$seeds" -type f | wc -l) inputs for $target" >&2
