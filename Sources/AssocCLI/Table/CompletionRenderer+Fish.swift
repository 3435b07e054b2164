extension CompletionRenderer {
    /// The fish script.
    ///
    /// Values are the output of a command substitution, which fish never evaluates again and
    /// escapes when it inserts one. `__assoc_operand_is` gives each operand position the kind the
    /// table says, past the values of options, as the bash and zsh scripts do.
    static func fish(_ commands: [CommandDefinition]) -> String {
        let visible = commands.filter { !$0.hidden }
        var out = "# fish completion for assoc. \(notice)\n\n"
        out += fishOperandFunction(visible)
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
        }
        let kinds = Set(visible.flatMap { operandKinds($0).map { $0.replacingAll("...", with: "") } })
        for kind in kinds.sorted() where kind != CompletionKind.none.rawValue {
            out += "complete -c assoc -n '__assoc_operand_is \(kind)'" + fishValues(kind) + "\n"
        }
        return out
    }

    /// `__assoc_operand_is KIND`: whether the word at the cursor is an operand of that kind.
    private static func fishOperandFunction(_ commands: [CommandDefinition]) -> String {
        func valued(_ options: [OptionDefinition], arity: Int = 1) -> String {
            options.filter { $0.takesValue && $0.arity == arity }.flatMap { [$0.short, $0.long].compactMap { $0 } }
                .joined(separator: " ")
        }
        var out = """
            # Whether the word at the cursor is an operand of KIND: counts the operands before it, past the
            # values of options, and looks the position up in the command's operands.
            function __assoc_operand_is --argument-names kind
                set -l words (commandline -opc)
                set -e words[1]
                set -l command ''
                set -l valued \(valued(GlobalOptionDefinitions.all + [GlobalOptionDefinitions.version]))
                set -l valued2
                set -l kinds
                set -l operands 0
                set -l ended
                set -l skip
                for word in $words
                    if set -q skip[1]
                        set -e skip[1]
                    else if not set -q ended[1]; and string match -q -- '-?*' $word
                        if test $word = --
                            set ended 1
                        else if contains -- $word $valued
                            set skip 1
                        else if contains -- $word $valued2
                            set skip 1 1
                        end
                    else if test -z "$command"
                        set command $word
                        switch $command

            """
        for command in commands {
            out += "                case \(command.name)\n"
            out += "                    set valued \(valued(command.allOptions))\n"
            out += "                    set valued2 \(valued(command.allOptions, arity: 2))\n"
            out += "                    set kinds \(operandKinds(command).joined(separator: " "))\n"
        }
        out += """
                            case '*'
                                return 1
                        end
                    else
                        set operands (math $operands + 1)
                    end
                end
                test -n "$command"; and not set -q skip[1]; or return 1
                set -l at $kinds[-1]
                if test $operands -lt (count $kinds)
                    set at $kinds[(math $operands + 1)]
                else if not string match -q -- '*...' $at
                    return 1
                end
                test (string replace -- ... '' $at) = $kind
            end


            """
        return out
    }

    /// The arguments of `complete` that offer values of `kind`.
    private static func fishValues(_ kind: String) -> String {
        switch kind {
        case CompletionKind.file.rawValue: return " -F"
        case CompletionKind.directory.rawValue: return " -a '(__fish_complete_directories)'"
        default: return " -a '(assoc __complete \(kind) 2>/dev/null)'"
        }
    }

    /// The arguments of `complete` for one option: `-x` (no files) unless its value is a file.
    private static func fishOption(_ option: OptionDefinition) -> String {
        var out = " -l " + option.long.dropFirst(2)
        if let short = option.short { out += " -s " + short.dropFirst() }
        if option.takesValue {
            if !option.choices.isEmpty {
                out += " -x -a " + fishQuote(option.choices.joined(separator: " "))
            } else {
                switch option.completion {
                case .file: out += " -r -F"
                case .none, .choice: out += " -x"
                default: out += " -x" + fishValues(option.completion.rawValue)
                }
            }
        }
        return out + " -d " + fishQuote(option.help)
    }

    private static func fishQuote(_ text: String) -> String {
        "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
    }
}
