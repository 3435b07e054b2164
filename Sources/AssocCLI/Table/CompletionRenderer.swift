/// Shell completions for bash, zsh and fish, made from the command table.
///
/// Options and their fixed choices are written into the scripts; MIME types, desktop IDs and
/// desktop names are asked of `assoc __complete KIND` when completing, so they are the ones of
/// the system the shell runs on. Those values are data that anyone who can install an
/// application or a MIME package chooses (`x$(…).desktop`): every script offers them as plain
/// strings and inserts them quoted, and no shell ever evaluates one.
enum CompletionRenderer {
    static let notice = "Generated from the command table by 'assoc --generate-completions'; do not edit."

    /// The zsh script (`#compdef assoc`).
    ///
    /// `compadd` inserts each value quoted; `_assoc_values` takes its kind from its last argument,
    /// since `_arguments` puts the options it has for `compadd` (`-J`, `-X`) before the action's words.
    static func zsh(_ commands: [CommandDefinition]) -> String {
        let visible = commands.filter { !$0.hidden }
        var out = "#compdef assoc\n# zsh completion for assoc. \(notice)\n\n"
        out += """
            # Offers the lines "assoc __complete KIND" prints, as plain strings that compadd quotes. KIND is
            # the last argument: _arguments passes its options for compadd (-J, -X...) before it.
            _assoc_values() {
              local kind=${@[-1]}
              local -a values
              values=(${(f)"$(assoc __complete $kind 2>/dev/null)"})
              compadd "${@[1,-2]}" -a values
            }


            """
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
            let kinds = operandKinds(command)
            if kinds != ["none"] {
                for (index, kind) in kinds.enumerated() {
                    let repeating = kind.hasSuffix("...")
                    let name = kind.replacingAll("...", with: "")
                    out += "        '\(repeating ? "*" : String(index + 1)):\(name):\(zshAction(name))' \\\n"
                }
            }
            out += "        && return\n      ;;\n"
        }
        out += "    esac\n    ;;\n  esac\n}\n\n_assoc \"$@\"\n"
        return out
    }

    // MARK: - Pieces

    /// The completion kind of each operand position, the last one ending in `...` when it
    /// repeats; `none` alone for a command without operands.
    static func operandKinds(_ command: CommandDefinition) -> [String] {
        guard !command.operands.isEmpty else { return ["none"] }
        return command.operands.map { $0.completion.rawValue + ($0.name.hasSuffix("...") ? "..." : "") }
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
            // One ':MESSAGE:ACTION' per word of the value (`--root-xml NS LOCAL` takes two).
            let words = name.split(separator: " ").map { $0.lowercased() }
            value = (option.arity > 1 && words.count == option.arity ? words : [name.lowercased()])
                .map { ":\($0):\(action)" }.joined()
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
}
