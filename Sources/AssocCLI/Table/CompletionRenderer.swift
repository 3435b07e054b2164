/// Shell completions for bash, zsh and fish, made from the command table.
///
/// Options and their fixed choices are written into the scripts; MIME types, desktop IDs and
/// desktop names are asked of `assoc __complete KIND` when completing, so they are the ones of
/// the system the shell runs on.
enum CompletionRenderer {
    static let notice = "Generated from the command table by 'assoc --generate-completions'; do not edit."

    /// The bash script (`complete -F _assoc assoc`).
    static func bash(_ commands: [CommandDefinition]) -> String {
        let visible = commands.filter { !$0.hidden }
        var out = "# bash completion for assoc. \(notice)\n\n"
        out += """
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
                    --database) COMPREPLY=($(compgen -W "\(GlobalOptionDefinitions.database.choices.joined(separator: " "))" -- "$cur")); return ;;
                esac
                if [[ -z $command ]]; then
                    if [[ $cur == -* ]]; then
                        COMPREPLY=($(compgen -W "\(globalWords)" -- "$cur"))
                    else
                        COMPREPLY=($(compgen -W "\(visible.map(\.name).joined(separator: " "))" -- "$cur"))
                    fi
                    return
                fi
                local options="" operand=none
                case "$command" in

            """
        for command in visible {
            out += "        \(command.name))\n"
            let valued = command.allOptions.filter(\.takesValue)
            if !valued.isEmpty {
                out += "            case \"$prev\" in\n"
                for option in valued {
                    let names = [option.short, option.long].compactMap { $0 }.joined(separator: "|")
                    let action =
                        option.choices.isEmpty
                        ? "_assoc_values \(option.completion.rawValue)"
                        : "COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\"))"
                    out += "                \(names)) \(action); return ;;\n"
                }
                out += "            esac\n"
            }
            out += "            options=\"\(optionWords(command))\"\n"
            out += "            operand=\(operandKinds(command))\n"
            out += "            ;;\n"
        }
        out += """
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

            """
        return out
    }

    /// The zsh script (`#compdef assoc`).
    static func zsh(_ commands: [CommandDefinition]) -> String {
        let visible = commands.filter { !$0.hidden }
        var out = "#compdef assoc\n# zsh completion for assoc. \(notice)\n\n"
        out += "_assoc_values() {\n  local -a values\n  values=(${(f)\"$(assoc __complete $1 2>/dev/null)\"})\n"
        out += "  compadd -a values\n}\n\n"
        out += "_assoc() {\n  local context state state_descr line\n  typeset -A opt_args\n"
        out += "  _arguments -C \\\n"
        for option in GlobalOptionDefinitions.all + [GlobalOptionDefinitions.version] {
            out += "    \(zshSpec(option)) \\\n"
        }
        out += "    '1:command:->command' \\\n    '*::argument:->argument'\n"
        out += "  case $state in\n  command)\n    local -a commands\n    commands=(\n"
        for command in visible { out += "      \(zshQuote(command.name + ":" + command.summary))\n" }
        out += "    )\n    _describe command commands\n    ;;\n  argument)\n    case $line[1] in\n"
        for command in visible {
            out += "    \(command.name))\n      _arguments \\\n"
            for option in command.allOptions { out += "        \(zshSpec(option)) \\\n" }
            let kinds = operandKinds(command).split(separator: " ").map(String.init)
            if kinds.isEmpty || kinds == ["none"] {
                out += "        && return\n"
            } else {
                for (index, kind) in kinds.enumerated() {
                    let repeating = kind.hasSuffix("...")
                    let name = kind.replacingAll("...", with: "")
                    out += "        '\(repeating ? "*" : String(index + 1)):\(name):\(zshAction(name))' \\\n"
                }
                out += "        && return\n"
            }
            out += "      ;;\n"
        }
        out += "    esac\n    ;;\n  esac\n}\n\n_assoc \"$@\"\n"
        return out
    }

    /// The fish script.
    static func fish(_ commands: [CommandDefinition]) -> String {
        let visible = commands.filter { !$0.hidden }
        var out = "# fish completion for assoc. \(notice)\n\n"
        out += "complete -c assoc -f\n"
        for option in GlobalOptionDefinitions.all + [GlobalOptionDefinitions.version] {
            out += "complete -c assoc -n __fish_use_subcommand" + fishOption(option) + "\n"
        }
        for command in visible {
            out += "complete -c assoc -n __fish_use_subcommand -a \(command.name) -d \(fishQuote(command.summary))\n"
        }
        for command in visible {
            let condition = " -n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.allOptions { out += "complete -c assoc" + condition + fishOption(option) + "\n" }
            let kinds = Set(operandKinds(command).split(separator: " ").map { String($0).replacingAll("...", with: "") })
            for kind in kinds.sorted() {
                switch kind {
                case "file": out += "complete -c assoc\(condition) -F\n"
                case "directory": out += "complete -c assoc\(condition) -a '(__fish_complete_directories)'\n"
                case "none": break
                default: out += "complete -c assoc\(condition) -a '(assoc __complete \(kind) 2>/dev/null)'\n"
                }
            }
        }
        return out
    }

    // MARK: - Pieces

    private static var globalWords: String {
        (GlobalOptionDefinitions.all + [GlobalOptionDefinitions.version]).flatMap { [$0.short, $0.long].compactMap { $0 } }
            .joined(separator: " ")
    }

    /// Every option name of a command, short and long.
    static func optionWords(_ command: CommandDefinition) -> String {
        command.allOptions.flatMap { [$0.short, $0.long].compactMap { $0 } }.joined(separator: " ")
    }

    /// The completion kind of each operand position; the last one with `...` when it repeats.
    static func operandKinds(_ command: CommandDefinition) -> String {
        guard !command.operands.isEmpty else { return "none" }
        return command.operands.map { $0.completion.rawValue + ($0.name.hasSuffix("...") ? "..." : "") }
            .joined(separator: " ")
    }

    private static func zshSpec(_ option: OptionDefinition) -> String {
        let help = option.help.replacingAll("'", with: "'\\''").replacingAll("[", with: "\\[").replacingAll("]", with: "\\]")
            .replacingAll(":", with: "\\:")
        let value: String
        if let name = option.valueName {
            let action =
                option.choices.isEmpty
                ? zshAction(option.completion.rawValue)
                : "(" + option.choices.joined(separator: " ") + ")"
            value = ":\(name.lowercased()):\(action)"
        } else {
            value = ""
        }
        let repeats = option.repeatable ? "*" : ""
        if let short = option.short {
            return "'\(repeats)'{\(short),\(option.long)}'[\(help)]\(value)'"
        }
        return "'\(repeats)\(option.long)[\(help)]\(value)'"
    }

    private static func zshAction(_ kind: String) -> String {
        switch kind {
        case "file": return "_files"
        case "directory": return "_files -/"
        case "none", "choice": return " "
        default: return "_assoc_values \(kind)"
        }
    }

    private static func zshQuote(_ text: String) -> String { "'" + text.replacingAll("'", with: "'\\''") + "'" }

    private static func fishOption(_ option: OptionDefinition) -> String {
        var out = " -l " + option.long.dropFirst(2)
        if let short = option.short { out += " -s " + short.dropFirst() }
        if option.takesValue {
            out += " -r"
            if !option.choices.isEmpty {
                out += " -a " + fishQuote(option.choices.joined(separator: " "))
            } else {
                switch option.completion {
                case .file: out += " -F"
                case .directory: out += " -a '(__fish_complete_directories)'"
                case .none, .choice: break
                default: out += " -a '(assoc __complete \(option.completion.rawValue) 2>/dev/null)'"
                }
            }
        }
        return out + " -d " + fishQuote(option.help)
    }

    private static func fishQuote(_ text: String) -> String {
        "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
    }
}
