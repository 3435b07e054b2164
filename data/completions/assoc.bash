# bash completion for assoc. Generated from the command table by 'assoc --generate-completions'; do not edit.

# Candidates are compared and inserted as plain strings, never expanded or run: a desktop file
# or MIME type name may hold $(...), backquotes or ;, and so may a user's own file names.

# Reads WORD as the shell will, expanding nothing: sets typed to it without its quotes and
# backslashes, quote to the quote it is still open in (' or ", or empty) and head to what comes
# before that quote, which readline keeps. The caller declares the three local.
_assoc_dequote() {
    local word="$1" char i
    typed="" quote="" head=""
    for ((i = 0; i < ${#word}; i++)); do
        char="${word:i:1}"
        if [[ $quote == "'" ]]; then
            if [[ $char == "'" ]]; then quote=""; else typed+="$char"; fi
        elif [[ $char == '\' ]]; then
            ((i += 1))
            [[ $quote == '"' && ${word:i:1} != [\$\`\"\\] ]] && typed+='\'
            typed+="${word:i:1}"
        elif [[ $char == '"' && $quote == '"' ]]; then
            quote=""
        elif [[ -z $quote && ($char == "'" || $char == '"') ]]; then
            quote="$char" head="$typed"
        else
            typed+="$char"
        fi
    done
}

# Sets COMPREPLY to the arguments that start with the word being completed, each quoted so
# that the command line holds it literally.
_assoc_reply() {
    local typed quote head value word char
    _assoc_dequote "$cur"
    COMPREPLY=()
    for value; do
        [[ -n $value && $value == "$typed"* ]] || continue
        case "$quote" in
            "'")
                word="${value:${#head}}"
                word="${word//"'"/"'\''"}"
                ;;
            '"')
                word="${value:${#head}}"
                for char in '\' '$' '`' '"'; do word="${word//"$char"/"\\$char"}"; done
                word="${word//"!"/'"\!"'}"
                ;;
            *) printf -v word %q "$value" ;;
        esac
        COMPREPLY+=("$word")
    done
}

# Completes a value of KIND: a file, a directory, nothing, one of the words after "choice",
# or one of the lines "assoc __complete KIND" prints.
_assoc_values() {
    local typed quote head
    case "$1" in
        file)
            _assoc_dequote "$cur"
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$typed")
            ;;
        directory)
            _assoc_dequote "$cur"
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -d -- "$typed")
            ;;
        none) COMPREPLY=() ;;
        choice) _assoc_reply "${@:2}" ;;
        *)
            local -a values
            mapfile -t values < <(assoc __complete "$1" 2>/dev/null)
            _assoc_reply "${values[@]}"
            ;;
    esac
}

# Sets options, kinds and action for COMMAND (empty before the command): its option names,
# the completion of each operand (the last ends in ... when it repeats) and that of the
# value of OPTION (empty when OPTION takes none), and values to the words that value
# takes. The caller declares the four local.
_assoc_command() {
    action=() values=1
    case "$1" in
        "")
            options=(--database --verbose -h --help --version)
            kinds=(none)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        type)
            options=(-b --brief --json --name-only --content-only --no-xattr -r --recursive --files-from -0 --null -j --jobs --database --verbose -h --help)
            kinds=(file...)
            case "$2" in
                --files-from) action=(file) ;;
                -j | --jobs) action=(none) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        explain)
            options=(--role --no-xattr --no-resolve --database --verbose -h --help)
            kinds=(file...)
            case "$2" in
                --role) action=(choice view edit markup) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        default)
            options=(--as --role --json --database --verbose -h --help)
            kinds=(file)
            case "$2" in
                --as) action=(choice spec gio xdg-open) ;;
                --role) action=(choice view edit markup) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        defaults)
            options=(--all --json --database --verbose -h --help)
            kinds=(none)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        apps)
            options=(--as --role --of --json --database --verbose -h --help)
            kinds=(file)
            case "$2" in
                --as) action=(choice spec gio xdg-open) ;;
                --role) action=(choice view edit markup) ;;
                --of) action=(desktop-id) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        open)
            options=(--edit --markup --copy --in-place --with --choose --selector --dry-run --json --strict --inline --database --verbose -h --help)
            kinds=(file...)
            case "$2" in
                --with) action=(desktop-id) ;;
                --selector) action=(command) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        set)
            options=(--role --desktop --dry-run --all-types --app-types --file --force --database --verbose -h --help)
            kinds=(type-pattern desktop-id)
            case "$2" in
                --role) action=(choice view edit markup) ;;
                --desktop) action=(desktop-name) ;;
                --app-types) action=(desktop-id) ;;
                --file) action=(file) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        unset)
            options=(--role --desktop --dry-run --file --database --verbose -h --help)
            kinds=(type-pattern)
            case "$2" in
                --role) action=(choice view edit markup) ;;
                --desktop) action=(desktop-name) ;;
                --file) action=(file) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        add)
            options=(--dry-run --force --database --verbose -h --help)
            kinds=(mime-type desktop-id)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        remove)
            options=(--dry-run --database --verbose -h --help)
            kinds=(mime-type desktop-id)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        reset)
            options=(--dry-run --database --verbose -h --help)
            kinds=(type-pattern)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        sync)
            options=(--dry-run --database --verbose -h --help)
            kinds=(none)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        profile)
            options=(--check --diff --user --system --desktop --json --all --database --verbose -h --help)
            kinds=(file)
            case "$2" in
                --desktop) action=(desktop-name) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        mime)
            options=(--json --database --verbose -h --help)
            kinds=(mime-type...)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        types)
            options=(--newer --user --system --prefix --novendor --force --glob --comment --sub-class-of --alias --icon --magic --root-xml --database --verbose -h --help)
            kinds=(types-action file...)
            case "$2" in
                --prefix) action=(directory) ;;
                --glob) action=(none) ;;
                --comment) action=(none) ;;
                --sub-class-of) action=(mime-type) ;;
                --alias) action=(none) ;;
                --icon) action=(none) ;;
                --magic) action=(none) ;;
                --root-xml) action=(none) values=2 ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        history)
            options=(--since --json --database --verbose -h --help)
            kinds=(mime-type...)
            case "$2" in
                --since) action=(none) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        undo)
            options=(--database --verbose -h --help)
            kinds=(none)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        pin)
            options=(--list --database --verbose -h --help)
            kinds=(type-pattern...)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        unpin)
            options=(--database --verbose -h --help)
            kinds=(type-pattern...)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        is-a)
            options=(--database --verbose -h --help)
            kinds=(mime-type type-pattern)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        list)
            options=(--type -a --all -r --recursive --sort --hidden --json --database --verbose -h --help)
            kinds=(directory...)
            case "$2" in
                --type) action=(type-pattern) ;;
                --sort) action=(choice name date size) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        import)
            options=(--to --mkdir --replace --type --json --database --verbose -h --help)
            kinds=(file...)
            case "$2" in
                --to) action=(directory) ;;
                --type) action=(type-pattern) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        export)
            options=(--to --mkdir --replace --type --json --database --verbose -h --help)
            kinds=(file...)
            case "$2" in
                --to) action=(directory) ;;
                --type) action=(type-pattern) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        move)
            options=(--to --mkdir --replace --type --json --database --verbose -h --help)
            kinds=(file...)
            case "$2" in
                --to) action=(directory) ;;
                --type) action=(type-pattern) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        check)
            options=(--json --fix --dry-run --xdg-utils --database --verbose -h --help)
            kinds=(directory...)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        pick)
            options=(--mode --type --multiple --directory --name --to -0 --null --json --portal-request --database --verbose -h --help)
            kinds=(file...)
            case "$2" in
                --mode) action=(choice open import export move save) ;;
                --type) action=(type-pattern) ;;
                --name) action=(none) ;;
                --to) action=(directory) ;;
                --portal-request) action=(file) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        choose)
            options=(--role --type --print --portal-request --database --verbose -h --help)
            kinds=(file...)
            case "$2" in
                --role) action=(choice view edit markup) ;;
                --type) action=(mime-type) ;;
                --portal-request) action=(file) ;;
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        settings)
            options=(--database --verbose -h --help)
            kinds=(none)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        portal)
            options=(--replace --check --json --register --unregister --database --verbose -h --help)
            kinds=(none)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        watch)
            options=(--status --database --verbose -h --help)
            kinds=(none)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        help)
            options=(--database --verbose -h --help)
            kinds=(command)
            case "$2" in
                --database) action=(choice auto xml cache text) ;;
            esac
            ;;
        *) options=() kinds=(none) ;;
    esac
}

_assoc() {
    local cur="${COMP_WORDS[COMP_CWORD]}" command="" word i operands=0 ended=""
    local -a options=() kinds=() action=()
    local values=1
    _assoc_command ""
    for ((i = 1; i < COMP_CWORD; i++)); do
        word="${COMP_WORDS[i]}"
        if [[ -z $ended && $word == -?* ]]; then
            if [[ $word == -- ]]; then
                ended=1
                continue
            fi
            _assoc_command "$command" "$word"
            ((${#action[@]})) || continue
            # bash splits --option=value into three words.
            [[ ${COMP_WORDS[i + 1]} == = ]] && ((i += 1))
            if ((i + values >= COMP_CWORD)); then
                [[ $cur == = ]] && cur=""
                _assoc_values "${action[@]}"
                return
            fi
            ((i += values))
        elif [[ -z $command ]]; then
            command="$word"
            _assoc_command "$command"
        else
            ((operands += 1))
        fi
    done
    if [[ -z $ended && $cur == -* ]]; then
        _assoc_reply "${options[@]}"
    elif [[ -z $command ]]; then
        _assoc_reply type explain default defaults apps open set unset add remove reset sync profile mime types history undo pin unpin is-a list import export move check pick choose settings portal watch help
    else
        local kind="${kinds[operands]:-${kinds[${#kinds[@]} - 1]}}"
        [[ $kind == *... ]] || ((operands < ${#kinds[@]})) || kind=none
        _assoc_values "${kind%...}"
    fi
}

complete -F _assoc assoc
