#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ with the toolchain's `swiftc -sanitize=fuzzer,address`,
# outside SwiftPM, so that `swift build` never sees them.
#
#   bash Fuzz/build.sh              # every target
#   bash Fuzz/build.sh glob magic   # only these
#
# The library modules a target needs are compiled from Sources/ directly (instrumented, with
# -enable-testing so a target can reach internal readers through @testable import) into
# .build/fuzz/modules; each target is Fuzz/Targets/<name>.swift plus Fuzz/Support/*.swift, linked
# into .build/fuzz/bin/fuzz-<name>. Run one with Fuzz/run.sh. Needs libxml2-dev and pkg-config.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${FUZZ_BUILD_DIR:-.build/fuzz}
modules=$out/modules
bin=$out/bin
mkdir -p "$modules" "$bin"

all_targets=(keyfile desktop-entry mimeapps package-xml mime-cache magic glob text-files path-coding url-decoding)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")

xml_flags=()
for flag in $(pkg-config --cflags libxml-2.0); do xml_flags+=(-Xcc "$flag"); done
common=(-sanitize=fuzzer,address -O -g -swift-version 6 -package-name assoc -parse-as-library
        -I "$modules" -I Sources/CLibXML2 -I Sources/CSystem "${xml_flags[@]}")

# Compiles one module of Sources/ unless its object is newer than every source file.
build_module() {
    local name=$1 object=$modules/$1.o
    if [ -f "$object" ] && [ -z "$(find "Sources/$name" -name '*.swift' -newer "$object")" ]; then
        return
    fi
    echo "fuzz: compiling $name" >&2
    # shellcheck disable=SC2046
    swiftc "${common[@]}" -suppress-warnings -enable-testing -wmo -module-name "$name" \
        -emit-module -emit-module-path "$modules/$name.swiftmodule" \
        -c -o "$object" $(find "Sources/$name" -name '*.swift' | sort)
}

# The modules each target links, in dependency order (Fuzz/Support needs MIMEDatabase).
modules_for() {
    case $1 in
        keyfile) echo XDGSupport MIMEDatabase ;;
        desktop-entry) echo XDGSupport DesktopEntry MIMEDatabase Launching ;;
        mimeapps) echo XDGSupport DesktopEntry MIMEDatabase Associations ;;
        package-xml | mime-cache | magic | glob | text-files | path-coding | url-decoding) echo XDGSupport MIMEDatabase ;;
        *) echo "fuzz: unknown target '$1' (one of: ${all_targets[*]})" >&2; exit 64 ;;
    esac
}

for target in "${targets[@]}"; do
    needed=$(modules_for "$target")
    objects=()
    for module in $needed; do
        build_module "$module"
        objects+=("$modules/$module.o")
    done
    echo "fuzz: linking fuzz-$target" >&2
    swiftc "${common[@]}" -module-name "Fuzz_${target//-/_}" \
        "Fuzz/Targets/$target.swift" Fuzz/Support/*.swift "${objects[@]}" \
        $(pkg-config --libs libxml-2.0) -o "$bin/fuzz-$target" 2> >(grep -v "Cannot export local symbol" >&2)
done
echo "fuzz: built ${targets[*]} in $bin" >&2
