# Fuzz/module-graph.awk — the targets of Package.swift and what each depends on, read from
# `swift package dump-package` (JSON as SwiftPM prints it: one value, or one opening or closing
# bracket, a line), so that Fuzz/build.sh compiles the modules a fuzz target needs in the order
# the manifest gives, with no copy of the module graph to fall out of date.
#
# Prints one line per target: NAME TYPE PATH PKGCONFIG PLAIN DEPENDENCY...
#   TYPE       regular, system, executable, test, ...
#   PATH       the target's `path:`, "-" when the manifest gives none (then Sources/NAME)
#   PKGCONFIG  a system library's `pkgConfig:`, "-" when none
#   PLAIN      "plain", or "custom" for a target with `sources:`, `exclude:` or settings, which
#              the fuzz build does not follow
#   DEPENDENCY the targets it names (`.target` or by name); products of other packages are left out

function unquote(text) {
    sub(/^"/, "", text)
    sub(/"$/, "", text)
    return text
}

function inTarget() { return keys[2] == "targets" }

{
    line = $0
    sub(/^[ \t]+/, "", line)
    sub(/[ \t]+$/, "", line)
    if (line == "") next
    key = ""
    value = line
    if (match(line, /^"[^"]*" : /)) {
        key = substr(line, 2, RLENGTH - 5)
        value = substr(line, RLENGTH + 1)
    }
    sub(/,$/, "", value)
    if (value == "{" || value == "[") {
        depth++
        keys[depth] = key
        count[depth] = 0
        # Anything under a target's settings: a define, a flag, an unsafe flag.
        if (depth == 5 && inTarget() && keys[4] == "settings") custom = 1
        next
    }
    if (value == "}" || value == "]") {
        if (depth == 3 && inTarget()) {
            print name, type, (path == "" ? "-" : path), (pkg == "" ? "-" : pkg), (custom ? "custom" : "plain") deps
            targets++
            name = type = path = pkg = deps = ""
            custom = 0
        }
        depth--
        next
    }
    if (depth == 3 && inTarget()) {
        if (key == "name") name = unquote(value)
        else if (key == "type") type = unquote(value)
        else if (key == "path" && value != "null") path = unquote(value)
        else if (key == "pkgConfig" && value != "null") pkg = unquote(value)
        else if (key == "sources" && value != "null") custom = 1
    } else if (depth == 4 && inTarget() && (keys[4] == "exclude" || keys[4] == "sources")) {
        custom = 1
    } else if (depth == 6 && inTarget() && keys[4] == "dependencies" && (keys[6] == "byName" || keys[6] == "target")) {
        # The first element is the name; the second the condition.
        if (count[6]++ == 0) deps = deps " " unquote(value)
    }
}

END {
    if (depth != 0 || targets == 0) {
        print "module-graph.awk: no targets read; is this the output of `swift package dump-package`?" > "/dev/stderr"
        exit 1
    }
}
