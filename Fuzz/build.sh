#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ with the toolchain's `swiftc -sanitize=fuzzer,address`,
# outside SwiftPM, so that `swift build` never sees them.
#
#   bash Fuzz/build.sh              # every target (each Fuzz/Targets/<name>.swift)
#   bash Fuzz/build.sh glob magic   # only these
#
# The library modules a target needs are the package's targets that it and Fuzz/Support import,
# with everything they depend on, in the order Package.swift gives (read through
# `swift package dump-package` by Fuzz/module-graph.awk, so there is no second copy of the module
# graph here). Each is compiled from its sources directly (instrumented, with -enable-testing so
# a target can reach internal readers through @testable import) into .build/fuzz/modules, again
# only when one of its sources or a module it depends on is newer than its object; the system
# library targets among them give their include directories and pkg-config flags. Each fuzz
# target is Fuzz/Targets/<name>.swift plus Fuzz/Support/*.swift, linked into
# .build/fuzz/bin/fuzz-<name>, again only when one of these or a module is newer than it. Run one
# with Fuzz/run.sh. Needs libxml2-dev and pkg-config.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${FUZZ_BUILD_DIR:-.build/fuzz}
# How the modules and targets are optimised: -O -g for fuzzing (the default); `make check`, which
# only proves that every target still compiles and links, asks for -Onone, about a third of the
# compile time, into a directory of its own so that the two never mix.
read -r -a optimisation <<<"${FUZZ_OPTIMIZATION:--O -g}"
modules=$out/modules
bin=$out/bin
mkdir -p "$modules" "$bin"

all_targets=()
for file in Fuzz/Targets/*.swift; do all_targets+=("$(basename "$file" .swift)"); done
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")

# The module graph: each target's type, directory, pkg-config name and dependencies. SwiftPM's own
# scratch directory here, so that reading the manifest never waits for a `swift build` that holds
# the lock on .build (`make check` builds the release executable beside this).
declare -A kind=() directory=() pkgconfig=() dependencies=()
graph=$(swift package --scratch-path "$out/manifest" dump-package | awk -f Fuzz/module-graph.awk)
while read -r name type path pkg plain deps; do
    kind[$name]=$type
    directory[$name]=$([ "$path" = - ] && echo "Sources/$name" || echo "$path")
    pkgconfig[$name]=$([ "$pkg" = - ] || echo "$pkg")
    dependencies[$name]=$deps
    if [ "$type" = regular ] && [ "$plain" != plain ]; then
        echo "fuzz: Package.swift gives $name sources, exclusions or settings, which Fuzz/build.sh does not follow" >&2
        exit 70
    fi
done <<<"$graph"

common=(-sanitize=fuzzer,address "${optimisation[@]}" -swift-version 6 -package-name assoc -parse-as-library -I "$modules")

# closure NAME...: the package targets NAME depend on, and NAME, each after its dependencies.
closure() {
    local -A seen=()
    local -a order=()
    visit() {
        [ -n "${seen[$1]:-}" ] && return
        seen[$1]=1
        local dependency
        for dependency in ${dependencies[$1]}; do visit "$dependency"; done
        order+=("$1")
    }
    local name
    for name in "$@"; do visit "$name"; done
    echo "${order[@]}"
}

# system_flags NAME...: the include directories and pkg-config compiler flags of the system
# library targets among NAME (for swiftc, through -Xcc).
system_flags() {
    local name flag
    for name in "$@"; do
        [ "${kind[$name]}" = system ] || continue
        echo "-I ${directory[$name]}"
        if [ -n "${pkgconfig[$name]}" ]; then
            for flag in $(pkg-config --cflags "${pkgconfig[$name]}"); do echo "-Xcc $flag"; done
        fi
    done
}

# Compiles one module unless its object is newer than its sources and the modules it depends on.
build_module() {
    local name=$1 object=$modules/$1.o dependency stale=""
    local -a needed
    read -r -a needed <<<"$(closure "$name")"
    if [ ! -f "$object" ] || [ -n "$(find "${directory[$name]}" -name '*.swift' -newer "$object")" ]; then
        stale=1
    fi
    for dependency in ${dependencies[$name]}; do
        [ "${kind[$dependency]}" = regular ] && [ "$modules/$dependency.o" -nt "$object" ] && stale=1
    done
    [ -z "$stale" ] && return
    echo "fuzz: compiling $name" >&2
    # shellcheck disable=SC2046
    swiftc "${common[@]}" $(system_flags "${needed[@]}") -suppress-warnings -enable-testing -wmo -module-name "$name" \
        -emit-module -emit-module-path "$modules/$name.swiftmodule" \
        -c -o "$object" $(find "${directory[$name]}" -name '*.swift' | sort)
}

for target in "${targets[@]}"; do
    source=Fuzz/Targets/$target.swift
    if [ ! -f "$source" ]; then
        echo "fuzz: unknown target '$target' (one of: ${all_targets[*]})" >&2
        exit 64
    fi
    # The package targets the fuzz target and the support files import.
    imported=()
    for module in $(sed -n 's/^\(@testable \)\{0,1\}import \([A-Za-z_][A-Za-z0-9_]*\).*/\2/p' "$source" Fuzz/Support/*.swift | sort -u); do
        [ -n "${kind[$module]:-}" ] && imported+=("$module")
    done
    read -r -a needed <<<"$(closure "${imported[@]}")"
    objects=()
    libraries=()
    for module in "${needed[@]}"; do
        case ${kind[$module]} in
            regular)
                build_module "$module"
                objects+=("$modules/$module.o")
                ;;
            system)
                # shellcheck disable=SC2207
                [ -n "${pkgconfig[$module]}" ] && libraries+=($(pkg-config --libs "${pkgconfig[$module]}"))
                ;;
        esac
    done
    if [ -x "$bin/fuzz-$target" ] && [ -z "$(find "$source" Fuzz/Support "${objects[@]}" -newer "$bin/fuzz-$target")" ]; then
        continue  # newer than its sources and every module it links
    fi
    echo "fuzz: linking fuzz-$target (${needed[*]})" >&2
    # shellcheck disable=SC2046
    swiftc "${common[@]}" $(system_flags "${needed[@]}") -module-name "Fuzz_${target//-/_}" \
        "$source" Fuzz/Support/*.swift "${objects[@]}" \
        "${libraries[@]}" -o "$bin/fuzz-$target" 2> >(grep -v "Cannot export local symbol" >&2)
done
echo "fuzz: built ${targets[*]} in $bin" >&2
