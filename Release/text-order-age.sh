#!/usr/bin/env bash
# Release/text-order-age.sh — says, in one warning line a list, when Release/text-order.txt (assoc's
# function order) or Release/portal-text-order.txt (assoc-portal's, for the watcher) is older than
# the code it orders: when a commit after the list's last one changed a Swift source under
# Sources/. A stale list costs speed and memory, never a build (a function it leaves out is laid
# out after the listed ones, a name that no longer exists is passed over), so this only warns; the
# benchmarks print it, since their figures are then those of a partly ordered executable. The
# portal's list is checked only where the tree has it.
#
#   bash Release/text-order-age.sh [PACKAGE_ROOT]    prints nothing when the list is current
#
# Only commits are compared: changes not yet committed are not counted. Outside a git checkout
# nothing is said.
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"

git rev-parse --is-inside-work-tree >/dev/null 2>&1 || exit 0
# Warns about `list` when it is older than the last change of a Swift source.
check() {
    local list=$1 written changes latest noun
    written=$(git log -1 --format=%H -- "$list")
    if [[ -z $written ]]; then
        echo "warning: $list is not committed: the release build lays out its functions in an order of unknown age"
        return
    fi
    # A pathspec's * matches across directories: every Swift file at any depth under Sources/,
    # but the tests' support library, which no release executable links.
    local code=('Sources/*.swift' ':(exclude)Sources/AssocTestSupport')
    changes=$(git rev-list --count "$written..HEAD" -- "${code[@]}")
    if ((changes > 0)); then
        latest=$(git log -1 --format='%h, %cs' -- "${code[@]}")
        noun=commits
        ((changes == 1)) && noun=commit
        echo "warning: $list (written in $(git log -1 --format='%h, %cs' "$written")) is older than the code it orders:" \
            "Sources/ changed in $changes $noun since (the last $latest); an old list costs speed and memory, never a build;" \
            "\`bash Release/text-order.sh\` writes it anew"
    fi
}

check Release/text-order.txt
if [[ -e Release/portal-text-order.txt ]]; then check Release/portal-text-order.txt; fi
