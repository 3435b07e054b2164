#!/usr/bin/env bash
# Release/static-libraries.sh — the C libraries the release build links in statically, and the
# check, before `swift build` compiles for minutes, that everything the static link needs is here.
#
#   bash Release/static-libraries.sh flags          the linker flags (the Makefile's RELEASE_LIBRARIES)
#   bash Release/static-libraries.sh check [FLAG...]  whether gold, pkg-config, the pkg-config files and
#                                                   the static library of each -lNAME are here (of
#                                                   the flags above when none are given)
#
# The flags are what the libraries' own pkg-config files say a static link needs
# (`pkg-config --static --libs`: their Libs.private too): libxml2 (with what it links: ICU,
# zlib, liblzma), ncursesw (with libtinfo; tinfo's file alone when only it is there) and zlib, the
# libraries the C modules link (Sources/CLibXML2, CNcurses, CZlib); then libstdc++, which ICU is
# written in and whose pkg-config file does not say so, and libm after it, as g++ links them. A
# library may come twice: each file's list is in the order its archives need.
#
# `check` looks for `ld.gold` (the linker `-use-ld=gold` asks the toolchain's clang for, from
# binutils) and for each libNAME.a where the linker driver looks (the toolchain's clang,
# `-print-prog-name` and `-print-file-name`, and the -L directories of the flags). When something
# is missing it prints what, and the Debian packages that ship it, and exits 1: a linker error at
# the end of a long build says neither. RELEASE_SEARCH_PATH (directories separated by ':')
# replaces where gold and the libraries are looked for; the tests use it.
set -euo pipefail

# The toolchain's clang, which the Swift driver links with; any C compiler driver otherwise.
linker_driver() {
    local swift
    swift=$(command -v swift 2>/dev/null || true)
    if [[ -n $swift && -x $(dirname "$swift")/clang ]]; then
        echo "$(dirname "$swift")/clang"
    else
        command -v clang 2>/dev/null || command -v cc 2>/dev/null || true
    fi
}

# The flags of `pkg-config --static --libs MODULE`, when its file is there.
pkg_libs() {
    command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$1" 2>/dev/null || return 0
    pkg-config --static --libs "$1"
}

flags() {
    local curses
    curses=$(pkg_libs ncursesw)
    [[ -z $curses ]] && curses=$(pkg_libs tinfo)
    # shellcheck disable=SC2046
    echo $(pkg_libs libxml-2.0) $curses $(pkg_libs zlib) -lstdc++ -lm
}

# The Debian package that ships libNAME.a.
package_of() {
    case $1 in
        xml2) echo libxml2-dev ;;
        icu*) echo libicu-dev ;;
        z) echo zlib1g-dev ;;
        lzma) echo liblzma-dev ;;
        ncursesw | ncurses | tinfo | tinfow | formw | menuw | panelw) echo libncurses-dev ;;
        stdc++)
            # The version of the GCC installation the driver picked, which holds libstdc++.a.
            local version
            version=$("$DRIVER" -v 2>&1 | sed -n 's|^Selected GCC installation: .*/\([0-9][0-9]*\)$|\1|p' | head -1)
            echo "libstdc++-${version:-N}-dev"
            ;;
        m | dl | pthread | rt | c | util | resolv) echo libc6-dev ;;
        *) echo "" ;;
    esac
}

# The path of FILE in the search path, or nothing.
find_in_search_path() {
    local directory
    local -a directories
    IFS=: read -r -a directories <<<"${RELEASE_SEARCH_PATH:-}"
    for directory in "${directories[@]}" "${LIBRARY_DIRECTORIES[@]}"; do
        [[ -n $directory && -e $directory/$1 ]] && { echo "$directory/$1"; return; }
    done
}

# The path of the static library FILE where the linker would find it, or nothing.
find_library() {
    local found
    found=$(find_in_search_path "$1")
    if [[ -z $found && -z ${RELEASE_SEARCH_PATH+set} && -n $DRIVER ]]; then
        found=$("$DRIVER" -print-file-name="$1")
        [[ $found == */* ]] || found=""
    fi
    echo "$found"
}

# The path of gold where the linker driver would find it, or nothing.
find_gold() {
    local found
    if [[ -n ${RELEASE_SEARCH_PATH+set} ]]; then
        found=$(find_in_search_path ld.gold)
    elif [[ -n $DRIVER ]]; then
        found=$("$DRIVER" -print-prog-name=ld.gold)
        [[ $found == */* ]] || found=$(command -v ld.gold 2>/dev/null || true)
    else
        found=$(command -v ld.gold 2>/dev/null || true)
    fi
    [[ -n $found && -x $found ]] && echo "$found"
    return 0
}

check() {
    local -a missing=() packages=()
    # note WHAT PACKAGE [FILE]: notes one missing piece, and the package that ships it when known.
    note() {
        missing+=("$(printf '  %-44s %s' "$1" "${2:-(\`apt-file search $3\` names its package)}")")
        [[ -n $2 && " ${packages[*]} " != *" $2 "* ]] && packages+=("$2")
        return 0
    }
    [[ -n $(find_gold) ]] || note "ld.gold (gold, the linker the build names)" binutils
    if ! command -v pkg-config >/dev/null 2>&1; then
        note "pkg-config (the flags come from it)" pkg-config
    else
        pkg-config --exists libxml-2.0 2>/dev/null || note "libxml-2.0.pc (pkg-config's file of libxml2)" libxml2-dev
        pkg-config --exists ncursesw 2>/dev/null || pkg-config --exists tinfo 2>/dev/null ||
            note "ncursesw.pc (pkg-config's file of ncursesw)" libncurses-dev
    fi
    local flag
    local -a names=()
    for flag in "$@"; do
        case $flag in
            -L*) LIBRARY_DIRECTORIES+=("${flag#-L}") ;;
            -l*) names+=("${flag#-l}") ;;
        esac
    done
    local name
    for name in "${names[@]}"; do
        [[ -n $(find_library "lib$name.a") ]] || note "lib$name.a (for -l$name)" "$(package_of "$name")" "lib$name.a"
    done
    ((${#missing[@]} == 0)) && return 0
    {
        echo "The release build links statically, and this machine lacks what the link needs:"
        printf '%s\n' "${missing[@]}"
        ((${#packages[@]})) && echo "On Debian: apt-get install ${packages[*]}"
    } >&2
    return 1
}

DRIVER=$(linker_driver)
LIBRARY_DIRECTORIES=()
case ${1:-} in
    flags) flags ;;
    check)
        shift
        if (($# == 0)); then
            # shellcheck disable=SC2046
            set -- $(flags)
        fi
        check "$@"
        ;;
    *)
        echo "usage: bash Release/static-libraries.sh flags | check [FLAG...]" >&2
        exit 64
        ;;
esac
