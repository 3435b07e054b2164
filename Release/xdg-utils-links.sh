#!/bin/sh
# Release/xdg-utils-links.sh: puts in, or takes out, assoc's xdg-open, xdg-mime and xdg-settings:
# symbolic links to the assoc executable, which runs as the command it is started as. Run by
# `make install-xdg-utils` and `make uninstall-xdg-utils`.
#
#   xdg-utils-links.sh install DIR TARGET [own-directory]
#   xdg-utils-links.sh uninstall DIR TARGET [own-directory]
#
# A file of one of those names that is not its own link (a symbolic link whose text is TARGET) is
# never replaced nor removed: install stops before making any link and says what is there;
# uninstall leaves it and says so. With own-directory (assoc's own directory under LIBEXECDIR),
# install creates DIR and uninstall removes it (and LIBEXECDIR/assoc) when left empty; any other DIR must exist
# already (a directory on someone's PATH is theirs) and stays.
set -u

action=${1:-}
dir=${2:-}
target=${3:-}
own_directory=${4:-}
names="xdg-open xdg-mime xdg-settings"

if [ -z "$dir" ] || [ -z "$target" ] || { [ "$action" != install ] && [ "$action" != uninstall ]; }; then
    echo "usage: $0 install|uninstall DIR TARGET [own-directory]" >&2
    exit 2
fi

# Whether $1 is one of the links this script makes.
is_own_link() {
    [ -L "$1" ] && [ "$(readlink "$1")" = "$target" ]
}

# What is at $1, in words.
describe() {
    if [ -L "$1" ]; then
        echo "a symbolic link to $(readlink "$1")"
    elif [ -d "$1" ]; then
        echo "a directory"
    else
        echo "a file that is not assoc's link"
    fi
}

if [ "$action" = install ]; then
    if [ -z "$own_directory" ] && [ ! -d "$dir" ]; then
        echo "$dir does not exist; create it first (nothing was installed)" >&2
        exit 1
    fi
    refused=0
    for name in $names; do
        path="$dir/$name"
        if { [ -e "$path" ] || [ -L "$path" ]; } && ! is_own_link "$path"; then
            echo "$path is already there ($(describe "$path")); not replacing it" >&2
            refused=1
        fi
    done
    if [ "$refused" -ne 0 ]; then
        echo "nothing was installed: remove what is there, or choose another XDG_UTILS_LINK_DIR" >&2
        exit 1
    fi
    mkdir -p "$dir" || exit 1
    for name in $names; do
        if ! is_own_link "$dir/$name"; then
            ln -s "$target" "$dir/$name" || exit 1
            echo "$dir/$name -> $target"
        fi
    done
    exit 0
fi

for name in $names; do
    path="$dir/$name"
    if is_own_link "$path"; then
        rm -f "$path" || exit 1
    elif [ -e "$path" ] || [ -L "$path" ]; then
        echo "$path is $(describe "$path"); left as it is" >&2
    fi
done
# assoc's own directory, and LIBEXECDIR/assoc above it, go when nothing is left in them.
if [ -n "$own_directory" ] && [ -d "$dir" ]; then
    rmdir "$dir" 2>/dev/null && rmdir "$(dirname "$dir")" 2>/dev/null
fi
exit 0
