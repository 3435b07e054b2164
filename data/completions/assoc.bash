# bash completion for assoc. Generated from the command table by 'assoc --generate-completions'; do not edit.

_assoc_values() {
    case "$1" in
        file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
        directory) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
        none) COMPREPLY=() ;;
        *) COMPREPLY=($(compgen -W "$(assoc __complete "$1" 2>/dev/null)" -- "$cur")) ;;
    esac
}

_assoc() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
    local command="" i operands=0 ended=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        local word="${COMP_WORDS[i]}"
        if [[ -n $command ]]; then
            if [[ $word == -- ]]; then ended=1
            elif [[ -n $ended || $word != -* ]]; then ((operands++)); fi
            continue
        fi
        case "$word" in
            --database) ((i++)) ;;
            -*) ;;
            *) command="$word" ;;
        esac
    done
    case "$prev" in
        --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
    esac
    if [[ -z $command ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "--database --verbose -h --help --version" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "type explain default defaults apps open set unset add remove reset sync mime is-a list import export move check pick choose settings help" -- "$cur"))
        fi
        return
    fi
    local options="" operand=none
    case "$command" in
        type)
            case "$prev" in
                --files-from) _assoc_values file; return ;;
                -j|--jobs) _assoc_values none; return ;;
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="-b --brief --json --name-only --content-only --no-xattr -r --recursive --files-from -0 --null -j --jobs --database --verbose -h --help"
            operand=file...
            ;;
        explain)
            case "$prev" in
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--no-xattr --no-resolve --database --verbose -h --help"
            operand=file...
            ;;
        default)
            case "$prev" in
                --as) COMPREPLY=($(compgen -W "spec gio xdg-open" -- "$cur")); return ;;
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--as --json --database --verbose -h --help"
            operand=file
            ;;
        defaults)
            case "$prev" in
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--all --json --database --verbose -h --help"
            operand=none
            ;;
        apps)
            case "$prev" in
                --as) COMPREPLY=($(compgen -W "spec gio xdg-open" -- "$cur")); return ;;
                --of) _assoc_values desktop-id; return ;;
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--as --of --json --database --verbose -h --help"
            operand=file
            ;;
        open)
            case "$prev" in
                --with) _assoc_values desktop-id; return ;;
                --selector) _assoc_values command; return ;;
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--with --choose --selector --dry-run --json --strict --inline --database --verbose -h --help"
            operand=file...
            ;;
        set)
            case "$prev" in
                --desktop) _assoc_values desktop-name; return ;;
                --app-types) _assoc_values desktop-id; return ;;
                --file) _assoc_values file; return ;;
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--desktop --dry-run --all-types --app-types --file --force --database --verbose -h --help"
            operand=type-pattern desktop-id
            ;;
        unset)
            case "$prev" in
                --desktop) _assoc_values desktop-name; return ;;
                --file) _assoc_values file; return ;;
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--desktop --dry-run --file --database --verbose -h --help"
            operand=type-pattern
            ;;
        add)
            case "$prev" in
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--dry-run --force --database --verbose -h --help"
            operand=mime-type desktop-id
            ;;
        remove)
            case "$prev" in
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--dry-run --database --verbose -h --help"
            operand=mime-type desktop-id
            ;;
        reset)
            case "$prev" in
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--dry-run --database --verbose -h --help"
            operand=type-pattern
            ;;
        sync)
            case "$prev" in
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--dry-run --database --verbose -h --help"
            operand=none
            ;;
        mime)
            case "$prev" in
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--json --database --verbose -h --help"
            operand=mime-type...
            ;;
        is-a)
            case "$prev" in
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--database --verbose -h --help"
            operand=mime-type type-pattern
            ;;
        list)
            case "$prev" in
                --type) _assoc_values type-pattern; return ;;
                --sort) COMPREPLY=($(compgen -W "name date size" -- "$cur")); return ;;
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--type -a --all -r --recursive --sort --hidden --json --database --verbose -h --help"
            operand=directory...
            ;;
        import)
            case "$prev" in
                --to) _assoc_values directory; return ;;
                --type) _assoc_values type-pattern; return ;;
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--to --mkdir --replace --type --json --database --verbose -h --help"
            operand=file...
            ;;
        export)
            case "$prev" in
                --to) _assoc_values directory; return ;;
                --type) _assoc_values type-pattern; return ;;
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--to --mkdir --replace --type --json --database --verbose -h --help"
            operand=file...
            ;;
        move)
            case "$prev" in
                --to) _assoc_values directory; return ;;
                --type) _assoc_values type-pattern; return ;;
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--to --mkdir --replace --type --json --database --verbose -h --help"
            operand=file...
            ;;
        check)
            case "$prev" in
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--json --fix --dry-run --database --verbose -h --help"
            operand=directory...
            ;;
        pick)
            case "$prev" in
                --mode) COMPREPLY=($(compgen -W "open import export move save" -- "$cur")); return ;;
                --type) _assoc_values type-pattern; return ;;
                --name) _assoc_values none; return ;;
                --to) _assoc_values directory; return ;;
                --portal-request) _assoc_values file; return ;;
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--mode --type --multiple --directory --name --to -0 --null --json --portal-request --database --verbose -h --help"
            operand=file...
            ;;
        choose)
            case "$prev" in
                --type) _assoc_values mime-type; return ;;
                --portal-request) _assoc_values file; return ;;
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--type --print --portal-request --database --verbose -h --help"
            operand=file...
            ;;
        settings)
            case "$prev" in
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--database --verbose -h --help"
            operand=none
            ;;
        help)
            case "$prev" in
                --database) COMPREPLY=($(compgen -W "auto xml cache text" -- "$cur")); return ;;
            esac
            options="--database --verbose -h --help"
            operand=command
            ;;
    esac
    if [[ -z $ended && $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi
    local kinds=($operand)
    local kind="${kinds[operands]:-${kinds[${#kinds[@]}-1]}}"
    [[ $kind == *... ]] || [[ $operands -lt ${#kinds[@]} ]] || kind=none
    _assoc_values "${kind%...}"
}

complete -F _assoc assoc
