/// `assoc --help` and `assoc COMMAND --help`, made from the command table.
enum HelpRenderer {
    /// The help of one command.
    static func help(for command: CommandDefinition) -> String {
        var lines: [String] = []
        for (index, form) in command.forms.enumerated() {
            let head = (index == 0 ? "Usage: " : "       ") + command.invocation + " "
            lines += TextWrapping.fill(form, indent: String(repeating: " ", count: head.count), firstIndent: head)
        }
        lines.append("")
        lines += TextWrapping.fill(command.summary.prefix(1).uppercased() + command.summary.dropFirst() + ".")
        for block in TextWrapping.blocks(command.description) {
            lines.append("")
            switch block {
            case .paragraph(let text): lines += TextWrapping.fill(text)
            case .preformatted(let kept): lines += kept.map { "  " + $0 }
            case .list(let items): lines += items.flatMap { TextWrapping.fill($0, indent: "    ", firstIndent: "  - ") }
            case .definition(let term, let text): lines += ["  " + term] + TextWrapping.fill(text, indent: "      ")
            }
        }
        if !command.options.isEmpty {
            lines += ["", "Options:"]
            for option in command.options { lines += TextWrapping.columns(option.spelling, optionHelp(option)) }
        }
        if command.program == nil {
            lines += ["", "Global options:"]
            for option in GlobalOptionDefinitions.all { lines += TextWrapping.columns(option.spelling, optionHelp(option)) }
        }
        if !command.exitStatus.isEmpty {
            lines += ["", "Exit status:"]
            for (code, meaning) in command.exitStatus { lines += TextWrapping.columns(String(code), meaning, column: 6) }
        }
        lines += ["", "See 'man assoc-\(command.name)' for more."]
        return lines.joined(separator: "\n")
    }

    /// The text of a multi-call front end's `--manual`: its help, then the sections of its page
    /// and its environment variables.
    static func manual(for command: CommandDefinition) -> String {
        var lines = [help(for: command)]
        for section in command.manSections {
            lines += ["", section.title]
            for block in TextWrapping.blocks(section.text) {
                switch block {
                case .paragraph(let text): lines += TextWrapping.fill(text, indent: "  ") + [""]
                case .preformatted(let kept): lines += kept.map { "    " + $0 } + [""]
                case .list(let items):
                    lines += items.flatMap { TextWrapping.fill($0, indent: "      ", firstIndent: "    - ") } + [""]
                case .definition(let term, let text): lines += ["  " + term] + TextWrapping.fill(text, indent: "      ") + [""]
                }
            }
        }
        if !command.environment.isEmpty {
            lines += ["", "ENVIRONMENT"]
            for (name, meaning) in command.environment { lines += ["  " + name] + TextWrapping.fill(meaning, indent: "      ") }
        }
        return lines.joined(separator: "\n")
    }

    /// The help line of an option, with its choices.
    static func optionHelp(_ option: OptionDefinition) -> String {
        option.choices.isEmpty ? option.help : option.help + " (" + option.choices.joined(separator: ", ") + ")"
    }

    /// `assoc --help`: the commands and the global options.
    static func main(_ commands: [CommandDefinition]) -> String {
        var lines = [
            "Usage: assoc [GLOBAL OPTIONS] COMMAND [OPTIONS] [ARGUMENTS]", "",
            "File types and default applications, the freedesktop way.", "", "Commands:",
        ]
        for command in commands where !command.hidden {
            lines += TextWrapping.columns(command.name, command.summary, column: 12)
        }
        lines += ["", "Global options:"]
        for option in GlobalOptionDefinitions.all + [GlobalOptionDefinitions.version] {
            lines += TextWrapping.columns(option.spelling, optionHelp(option))
        }
        lines += [""]
        lines += TextWrapping.fill(
            "Exit status: 0 answered, 1 no answer (an unknown type, not a subtype, no default), "
                + "2 a usage error or a failure. 'assoc help COMMAND' or 'assoc COMMAND --help' shows a command's help; "
                + "see assoc(1).")
        return lines.joined(separator: "\n")
    }
}

extension GlobalOptionDefinitions {
    /// `--version`, accepted only before the command.
    static let version = OptionDefinition.flag("--version", "print the version")
    /// `--generate-manual DIR` (hidden): writes the man pages into DIR.
    static let generateManual = OptionDefinition.value("--generate-manual", "DIR", "write the man pages into DIR")
    /// `--generate-completions DIR` (hidden): writes the shell completions into DIR.
    static let generateCompletions = OptionDefinition.value(
        "--generate-completions", "DIR", "write the shell completions into DIR")
    /// What may stand before the command: the global options, `--version` and the hidden ones.
    static let beforeCommand = all + [version, generateManual, generateCompletions]
}
