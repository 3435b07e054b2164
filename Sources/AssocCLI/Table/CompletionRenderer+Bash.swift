extension CompletionRenderer {
    /// The bash script (`complete -F _assoc assoc`).
    ///
    /// Candidates are never given to `compgen -W`, which expands `$(…)` and backquotes in every
    /// word: they are read with `mapfile`, compared with the word typed as plain strings and
    /// inserted quoted (`printf %q`, or in the quote the word is open in), so a desktop file or
    /// MIME type named `x$(…)` is offered and written literally and never run.
    static func bash(_ commands: [CommandDefinition]) -> String {
        let visible = commands.filter { !$0.hidden }
        var out = "# bash completion for assoc. \(notice)\n\n" + bashHelpers
        out += """

            # Sets options, kinds and action for COMMAND (empty before the command): its option names,
            # the completion of each operand (the last ends in ... when it repeats) and that of the
            # value of OPTION (empty when OPTION takes none), and values to the words that value
            # takes. The caller declares the four local.
            _assoc_command() {
                action=() values=1
                case "$1" in

            """
        let global = GlobalOptionDefinitions.all + [GlobalOptionDefinitions.version]
        out += bashCommandCase(pattern: "\"\"", options: global, kinds: ["none"])
        for command in visible {
            out += bashCommandCase(
                pattern: bashWord(command.name), options: command.allOptions,
                kinds: operandKinds(command))
        }
        out += """
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
                    _assoc_reply \(visible.map { bashWord($0.name) }.joined(separator: " "))
                else
                    local kind="${kinds[operands]:-${kinds[${#kinds[@]} - 1]}}"
                    [[ $kind == *... ]] || ((operands < ${#kinds[@]})) || kind=none
                    _assoc_values "${kind%...}"
                fi
            }

            complete -F _assoc assoc

            """
        return out
    }

    /// The branch of `_assoc_command` for one command: its options, its operands and the
    /// completion of each option's value.
    private static func bashCommandCase(pattern: String, options: [OptionDefinition], kinds: [String]) -> String {
        var out = "        \(pattern))\n"
        out +=
            "            options=(\(options.flatMap { [$0.short, $0.long].compactMap { $0 } }.map(bashWord).joined(separator: " ")))\n"
        out += "            kinds=(\(kinds.map(bashWord).joined(separator: " ")))\n"
        let valued = options.filter(\.takesValue)
        if !valued.isEmpty {
            out += "            case \"$2\" in\n"
            for option in valued {
                let names = [option.short, option.long].compactMap { $0 }.map(bashWord).joined(separator: " | ")
                let action = option.choices.isEmpty ? [option.completion.rawValue] : ["choice"] + option.choices
                let words = option.arity > 1 ? " values=\(option.arity)" : ""
                out += "                \(names)) action=(\(action.map(bashWord).joined(separator: " ")))\(words) ;;\n"
            }
            out += "            esac\n"
        }
        return out + "            ;;\n"
    }

    /// A word of the command table as bash reads it literally: as it is when it holds only
    /// letters, digits and `-_./+`, else in single quotes.
    private static func bashWord(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || "0123456789-_./+".unicodeScalars.contains($0))
            }
        return plain ? word : "'" + word.replacingAll("'", with: "'\\''") + "'"
    }

    /// The functions that read the word typed, quote candidates and ask `assoc __complete`.
    private static let bashHelpers = #"""
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

        """#
}
