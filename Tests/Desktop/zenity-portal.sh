#!/bin/bash
# The portal set-up followed as a desktop user follows it, under a real X server, with a real
# application: docs/desktop-tests.md says what this proves and how to read its output.
#
#   bash Tests/Desktop/zenity-portal.sh        as root on Debian 12, from anywhere
#
# 1. installs what it needs with apt (xvfb xterm zenity xdotool xdg-desktop-portal dbus
#    python3-dbus python3-gi make) when missing;
# 2. `make install` into a scratch prefix (the built executables, ASSOC_BINARY and
#    ASSOC_PORTAL_BINARY, default .build/debug/, built first when missing);
# 3. runs the set-up commands of the README's portal section, read from README.md itself, in a
#    scratch home ("sudo" dropped: this runs as root; the restart is the new session of step 4);
# 4. starts the session: Xvfb, a private D-Bus session bus, a recording notification server;
# 5. `GTK_USE_PORTAL=1 zenity --file-selection`: the picker must appear in xterm (Terminal=xterm),
#    is driven with keys (xdotool), and zenity must print the chosen path;
# 6. Esc in the picker: zenity sees a cancel;
# 7. the same with Terminal= naming a terminal that does not exist, one that fails, and one that
#    never runs the dialog: the service's log and a desktop notification must say why, and zenity
#    must see a failure, not a cancel.
#
# The link `--register` makes in the frontend's portals directory is removed at the end
# (`assoc portal --unregister`), and every process the session started is ended.
# Exit status: 0 when every check held, 1 when one did not, 2 when it could not run.

set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
checks=0
failures=0

step() { printf '\n== %s\n' "$*"; }
check() { # check DESCRIPTION COMMAND...: one line, ok or FAIL
    checks=$((checks + 1))
    if "${@:2}"; then echo "ok: $1"; else echo "FAIL: $1"; failures=$((failures + 1)); fi
}
# Waits up to $1 seconds for the command after it to succeed.
wait_for() {
    local deadline=$((SECONDS + $1))
    shift
    until "$@"; do
        [ "$SECONDS" -ge "$deadline" ] && return 1
        sleep 0.2
    done
}

[ "$(id -u)" = 0 ] || { echo "run this as root (it installs packages and registers the portal)"; exit 2; }
# One run at a time: each registers its own prefix in the frontend's one portals directory.
exec 9>/run/lock/assoc-zenity-portal.lock
flock -n 9 || { echo "another run of $0 is going on"; exit 2; }

step "packages"
needed=(xvfb xterm zenity xdotool xdg-desktop-portal dbus python3-dbus python3-gi make)
missing=()
for package in "${needed[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
        >/dev/null || { echo "apt-get install failed"; exit 2; }
fi
for package in xdg-desktop-portal zenity xterm xvfb; do
    dpkg-query -W -f='${Package} ${Version}\n' "$package"
done

step "the executables"
assoc_binary=${ASSOC_BINARY:-$root/.build/debug/assoc}
portal_binary=${ASSOC_PORTAL_BINARY:-$(dirname "$assoc_binary")/assoc-portal}
if [ ! -x "$assoc_binary" ] || [ ! -x "$portal_binary" ]; then
    echo "building (swift build) in $root"
    (cd "$root" && swift build) >/dev/null || { echo "swift build failed"; exit 2; }
fi
echo "$assoc_binary"
echo "$portal_binary"

scratch=$(mktemp -d /tmp/assoc-zenity.XXXXXX)
chmod 755 "$scratch"
prefix=$scratch/prefix
bus_pid=
xvfb_pid=
registered=

# Everything the session started carries this variable; cleanup ends those processes.
cleanup() {
    if [ -n "$registered" ]; then
        step "clean-up"
        echo "\$ assoc portal --unregister"
        "$prefix/bin/assoc" portal --unregister
    fi
    [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null
    for attempt in 1 2 3 4 5; do
        local left=()
        for environ in /proc/[0-9]*/environ; do
            grep -qs -z -x "ASSOC_DESKTOP_TEST=$scratch" "$environ" && left+=("$(basename "$(dirname "$environ")")")
        done
        [ ${#left[@]} -eq 0 ] && break
        kill -9 "${left[@]}" 2>/dev/null
        sleep 0.2
    done
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    rm -rf "$scratch"
}
trap cleanup EXIT

# The user's session, as ~/.profile and the display manager would set it up.
inherited=$(env | sed -n 's/^\(DBUS_[A-Z_]*\|XDG_[A-Z_]*\|DISPLAY\|WAYLAND_DISPLAY\|TERMINAL\|GTK_[A-Z_]*\|ZENITY_[A-Z_]*\)=.*/\1/p')
[ -n "$inherited" ] && unset $inherited
export HOME=$scratch/home LANG=C.UTF-8 LC_ALL=C.UTF-8 USER=root
export PATH=$prefix/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export XDG_RUNTIME_DIR=$scratch/run
export XDG_DATA_DIRS=$prefix/share:/usr/local/share:/usr/share
export XDG_CURRENT_DESKTOP=assoc:X-Generic
export NO_AT_BRIDGE=1
export ASSOC_DESKTOP_TEST=$scratch
# xterm writes what it shows to a log (X resources, read through XENVIRONMENT): the only change
# to the terminal, so that this script can read the picker's screen.
export XENVIRONMENT=$scratch/xterm.resources
mkdir -p "$HOME" && mkdir -m 700 "$XDG_RUNTIME_DIR"
printf 'XTerm*logging: true\nXTerm*logFile: %s/xterm.log\n' "$scratch" >"$XENVIRONMENT"
for name in "quarterly report.pdf" notes.txt holiday.png; do : >"$HOME/$name"; done
echo "scratch: $scratch (HOME=$HOME, PREFIX=$prefix, XDG_CURRENT_DESKTOP=$XDG_CURRENT_DESKTOP)"

step "make install, into the scratch prefix"
echo "\$ make install PREFIX=$prefix ASSOC_BINARY=… ASSOC_PORTAL_BINARY=…"
make -s -C "$root" install PREFIX="$prefix" ASSOC_BINARY="$assoc_binary" ASSOC_PORTAL_BINARY="$portal_binary" \
    || { echo "make install failed"; exit 2; }
find "$prefix" -path '*portal*' \( -type f -o -type l \) | sed "s|^$prefix/|  PREFIX/|" | sort

step "the terminal setting (docs/design-notes.md, Setting the portal up)"
mkdir -p "$HOME/.config/assoc"
printf '[Portal]\nTerminal=xterm\n' >"$HOME/.config/assoc/portal.conf"
sed 's/^/  /' "$HOME/.config/assoc/portal.conf"

step "the README's set-up commands, as written there"
# The first sh block of the README's portal section.
readme_commands=$(awk '/^### Use assoc as your desktop.s file chooser/ { section = 1 }
    section && /^```sh/ { block = 1; next }
    block && /^```/ { exit }
    block { print }' "$root/README.md")
[ -n "$readme_commands" ] || { echo "no set-up commands found in README.md"; exit 2; }
while IFS= read -r line; do
    command=${line%%#*}
    command=${command%"${command##*[![:space:]]}"}
    echo "\$ $line"
    case "$command" in
    "systemctl --user restart xdg-desktop-portal")
        echo "  (no session is running yet: the session started below is the README's \"log out and in\")"
        continue ;;
    sudo\ *) command=${command#sudo } ;; # root already
    esac
    bash -c "$command"
    status=$?
    echo "  (exit status $status)"
    case "$command" in "assoc portal --register") [ "$status" = 0 ] && registered=yes ;; esac
done <<<"$readme_commands"
check "assoc portal --register linked the frontend's portals directory to the installed assoc.portal" \
    test "$registered" = yes
check "assoc portal --check says assoc will serve both dialogs" \
    sh -c 'assoc portal --check | grep -q "assoc will serve both dialogs"'
[ "$registered" = yes ] || { echo "$((checks - failures)) passed, $failures failed (stopped: not registered)"; exit 1; }

step "the session: Xvfb, a private session bus, a notification server"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$scratch/display" 2>"$scratch/xvfb.log" &
xvfb_pid=$!
disown "$xvfb_pid"
wait_for 20 test -s "$scratch/display" || { echo "Xvfb did not start"; cat "$scratch/xvfb.log"; exit 2; }
export DISPLAY=:$(head -n1 "$scratch/display")
# The frontend, the backend and the dialogs are started by the bus and get its environment, and
# its standard error, the services' log (DBUS_DEBUG_OUTPUT: kept once forked, not /dev/null).
DBUS_DEBUG_OUTPUT=1 dbus-daemon --session --fork --print-address=1 --print-pid=1 >"$scratch/bus.address" 2>"$scratch/session.log" \
    || { echo "dbus-daemon did not start"; exit 2; }
export DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$scratch/bus.address")
bus_pid=$(sed -n 2p "$scratch/bus.address")
notifications=$scratch/notifications.jsonl
/usr/bin/python3 "$root/Tests/Fixtures/watch/notification-server.py" "$notifications" &
wait_for 20 test -e "$notifications" || { echo "the notification recorder did not start"; exit 2; }
echo "DISPLAY=$DISPLAY, DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS"

# The service's log: what assoc portal wrote on the bus's standard error, from line $1 on.
service_log() { tail -n +"${1:-1}" "$scratch/session.log" | grep '^assoc portal' | sed 's/^/  /' | grep . || echo "  (nothing)"; }
# How many notifications the recording server got.
notification_count() { if [ -e "$notifications" ]; then wc -l <"$notifications"; else echo 0; fi; }
# The descendants of process $1, as "PID COMMAND LINE" lines.
descendants() {
    local child
    for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do
        echo "$child $(tr '\0' ' ' </proc/"$child"/cmdline)"
        descendants "$child"
    done
}
# What xterm showed, escape sequences and control characters removed.
xterm_text() { sed -e 's/\x1b_[^\x1b]*\x1b\\//g' -e 's/\x1b\][^\x07]*\x07//g' -e 's/\x1b\[[0-9;?]*[A-Za-z]//g' -e 's/\x1b[()][A-Z0-9]//g' -e 's/\x1b[=>]//g' \
    -e 's/[[:cntrl:]]/ /g' "$scratch/xterm.log" 2>/dev/null; }
xterm_window() { xdotool search --class xterm 2>/dev/null | head -n1; }

# Starts zenity in the background (its arguments are "$@") and waits for the picker in xterm:
# sets zenity_pid and window (empty when no window opened).
open_picker() {
    rm -f "$scratch/xterm.log"
    env "$@" zenity --file-selection >"$scratch/zenity.out" 2>"$scratch/zenity.err" &
    zenity_pid=$!
    window=
    wait_for 60 sh -c 'xdotool search --class xterm >/dev/null 2>&1' && window=$(xterm_window)
    check "an xterm window opened" test -n "$window"
    [ -n "$window" ] || return 1
    # The window's _NET_WM_PID may come a moment after the window.
    wait_for 10 sh -c "xdotool getwindowpid $window >/dev/null 2>&1"
    xterm_pid=$(xdotool getwindowpid "$window")
    echo "window $window: title '$(xdotool getwindowname "$window")', xterm pid $xterm_pid, running:"
    check "assoc pick --portal-request runs in that xterm" \
        wait_for 20 sh -c "pgrep -P $xterm_pid -f 'pick --portal-request' >/dev/null"
    descendants "$xterm_pid" | sed "s|$scratch|SCRATCH|g; s/^/  /"
    check "the picker drew its screen, listing the home folder's documents" screen_shows 'quarterly report.pdf'
    xdotool mousemove --window "$window" 20 20 windowfocus --sync "$window"
}
# Waits until xterm has shown the text $1.
screen_shows() { wait_for 20 sh -c "$(declare -f xterm_text); scratch=$scratch; xterm_text | grep -qF \"$1\""; }
# Waits for zenity to end; sets zenity_status and prints what it printed.
close_picker() {
    wait_for 30 sh -c "! kill -0 $zenity_pid 2>/dev/null" || { echo "zenity did not end within 30 s"; kill "$zenity_pid"; }
    wait "$zenity_pid" 2>/dev/null
    zenity_status=$?
    echo "zenity exit status $zenity_status; it printed: '$(cat "$scratch/zenity.out")'"
}

step "GTK_USE_PORTAL=1 zenity --file-selection, Terminal=xterm: choose a document"
echo "\$ GTK_USE_PORTAL=1 zenity --file-selection"
if open_picker GTK_USE_PORTAL=1; then
    echo "what the picker showed (xterm's log, escapes removed, blank runs squeezed):"
    xterm_text | tr -s ' ' | fold -w 100 | head -n 12 | sed 's/^/  | /'
    echo "keys: / quarterly Return (the search kept), Return (chosen)"
    # Paced as a person types (the screen is redrawn cell by cell, so the log cannot be waited on
    # for a word typed into it).
    xdotool key --clearmodifiers slash && sleep 0.3
    xdotool type --delay 60 quarterly && sleep 0.5
    xdotool key Return && sleep 0.5
    xdotool key Return
fi
close_picker
check "zenity exits 0 and prints the chosen file's path" \
    test "$zenity_status" = 0 -a "$(cat "$scratch/zenity.out")" = "$HOME/quarterly report.pdf"
check "the dialog's window is gone" wait_for 10 sh -c '! xdotool search --class xterm >/dev/null 2>&1'

step "the same, Esc in the picker: a cancel (ZENITY_ESC=3 tells zenity's two ways of ending apart)"
echo "\$ GTK_USE_PORTAL=1 ZENITY_ESC=3 zenity --file-selection"
if open_picker GTK_USE_PORTAL=1 ZENITY_ESC=3; then
    echo "keys: Escape"
    xdotool key Escape
fi
close_picker
check "zenity sees a cancel: its status 1, no path" test "$zenity_status" = 1 -a ! -s "$scratch/zenity.out"
check "the dialog's window is gone" wait_for 10 sh -c '! xdotool search --class xterm >/dev/null 2>&1'
echo "service log:"
service_log
log_mark=$(($(wc -l <"$scratch/session.log") + 1))

# One run of zenity with a wrong terminal: $1 the Terminal= value, $2 what the log must say.
wrong_terminal() {
    step "Terminal=$1 (wrong): GTK_USE_PORTAL=1 zenity --file-selection"
    printf '[Portal]\nTerminal=%s\n' "$1" >"$HOME/.config/assoc/portal.conf"
    echo "\$ assoc portal --check"
    assoc portal --check | grep -E '^(terminal|problem|  fix)' | sed 's/^/  /'
    local before
    before=$(notification_count)
    echo "\$ GTK_USE_PORTAL=1 ZENITY_ESC=3 zenity --file-selection"
    GTK_USE_PORTAL=1 ZENITY_ESC=3 timeout 60 zenity --file-selection >"$scratch/zenity.out" 2>"$scratch/zenity.err"
    local status=$?
    echo "zenity exit status $status; it printed: '$(cat "$scratch/zenity.out")'"
    echo "service log:"
    service_log "$log_mark"
    log_mark=$(($(wc -l <"$scratch/session.log") + 1))
    check "the service's log says: $2" sh -c "tail -n +1 '$scratch/session.log' | grep '^assoc portal' | grep -qF \"$2\""
    check "a desktop notification tells the user" \
        wait_for 10 sh -c "$(declare -f notification_count); notifications='$notifications'; [ \$(notification_count) -gt $before ]"
    echo "the notification (as the recording server got it):"
    tail -n +$((before + 1)) "$notifications" | /usr/bin/python3 -c '
import json, sys
for line in sys.stdin:
    n = json.loads(line)
    print("  app: %s, icon: %s, urgency: %s" % (n["app"], n["icon"], n["hints"].get("urgency")))
    print("  summary: %s" % n["summary"])
    print("  body: %s" % n["body"].replace(sys.argv[1], "SCRATCH"))' "$scratch"
    check "zenity saw a failure, not a cancel (its ZENITY_ESC status, 3), and printed no path" \
        test "$status" = 3 -a ! -s "$scratch/zenity.out"
    check "no xterm window is left" sh -c '! xdotool search --class xterm >/dev/null 2>&1'
}
wrong_terminal "xterminal -e" "the terminal 'xterminal' could not be started: not found on PATH"
wrong_terminal "xterm -no-such-option -e" "ended with exit status 1 before the dialog started"
# A terminal that starts and ends well but never runs the dialog (here xterm running `true` with
# the dialog's arguments): reported when the dialog has not started after 30 s.
wrong_terminal "xterm -e true" "the dialog did not start within 30 s in the terminal 'xterm -e true'"

step "result"
echo "$((checks - failures)) passed, $failures failed"
[ "$failures" = 0 ]
