/// The man pages, `assoc(1)` and `assoc-COMMAND(1)`, in troff, made from the command table.
enum ManPageRenderer {
    /// The page of one command.
    static func page(for command: CommandDefinition) -> String {
        var out = header("ASSOC-" + command.name.uppercased())
        out += ".SH NAME\nassoc\\-\(escape(command.name)) \\- \(escape(command.summary))\n"
        out += ".SH SYNOPSIS\n"
        out += command.forms.map { ".B \(escape(command.invocation))\n" + escape($0) + "\n" }.joined(separator: ".br\n")
        out += ".SH DESCRIPTION\n" + body(command.description)
        for section in command.manSections { out += ".SH \(escape(section.title))\n" + body(section.text) }
        out += ".SH OPTIONS\n"
        for option in command.listedOptions { out += optionItem(option) }
        if !command.exitStatus.isEmpty {
            out += ".SH EXIT STATUS\n"
            for (code, meaning) in command.exitStatus { out += ".TP\n.B \(code)\n\(escape(meaning))\n" }
        }
        out += ".SH ENVIRONMENT\n"
        for (name, meaning) in command.environment { out += ".TP\n.B \(escape(name))\n\(escape(meaning))\n" }
        out += environment
        if !command.files.isEmpty {
            out += ".SH FILES\n"
            for (path, meaning) in command.files { out += ".TP\n.I \(escape(path))\n\(escape(meaning))\n" }
        }
        if !command.examples.isEmpty {
            out += ".SH EXAMPLES\n"
            for example in command.examples {
                out += ".TP\n.B \(escape(example.command))\n\(escape(example.explanation))\n"
            }
        }
        out += ".SH SEE ALSO\n" + (["assoc(1)"] + command.seeAlso).map(reference).joined(separator: ",\n") + "\n"
        return out
    }

    /// `assoc(1)`: the commands, the multi-call names, the global options, the exit statuses,
    /// the environment.
    static func mainPage(_ commands: [CommandDefinition], multiCall: [CommandDefinition], description: String) -> String {
        var out = header("ASSOC")
        out += ".SH NAME\nassoc \\- file types and default applications, the freedesktop way\n"
        out += ".SH SYNOPSIS\n.B assoc\n[\\fIGLOBAL OPTIONS\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]\n"
        out += ".br\n.B assoc \\-\\-help\n|\n.B \\-\\-version\n"
        out += ".SH DESCRIPTION\n" + body(description)
        out += ".SH COMMANDS\n"
        for command in commands where !command.hidden {
            out +=
                ".TP\n.B \(escape(command.name))\n\(escape(command.summary)); see \\fBassoc\\-\(escape(command.name))\\fR(1).\n"
        }
        out += ".SH MULTI-CALL NAMES\n"
        out +=
            escape(
                "Started under one of these names (a symbolic link is enough), assoc takes that command's arguments, "
                    + "output and exit statuses:") + "\n"
        for command in multiCall {
            out +=
                ".TP\n.B \(escape(command.invocation))\n\(escape(command.summary)); see \\fBassoc\\-\(escape(command.name))\\fR(1).\n"
        }
        out += ".SH GLOBAL OPTIONS\n"
        for option in GlobalOptionDefinitions.all + [GlobalOptionDefinitions.version] { out += optionItem(option) }
        out += ".SH EXIT STATUS\n"
        for (code, meaning) in [
            (0, "answered"),
            (
                1,
                "a well-formed question with no answer: an unknown type, not a "
                    + "subtype, no default; for check, a problem found"
            ),
            (2, "a usage error, or input that could not be read"),
        ] {
            out += ".TP\n.B \(code)\n\(escape(meaning))\n"
        }
        out += ".SH ENVIRONMENT\n" + environment
        out +=
            ".SH SEE ALSO\n"
            + (commands.filter { !$0.hidden } + multiCall).map { reference("assoc-\($0.name)(1)") }.joined(separator: ",\n")
            + ",\n" + ["xdg-mime(1)", "gio(1)", "update-mime-database(1)"].map(reference).joined(separator: ",\n") + "\n"
        return out
    }

    private static func header(_ title: String) -> String {
        ".\\\" Generated from the command table by 'assoc --generate-manual'; do not edit.\n"
            + ".TH \(title) 1 \"\" \"assoc \(AssocCLI.version)\" \"User Commands\"\n.nh\n"
    }

    private static func optionItem(_ option: OptionDefinition) -> String {
        let names = [option.short, option.long].compactMap { $0 }.map { "\\fB" + escape($0) + "\\fR" }.joined(separator: ", ")
        let value = option.valueName.map { " \\fI" + escape($0) + "\\fR" } ?? ""
        return ".TP\n" + names + value + "\n" + escape(HelpRenderer.optionHelp(option)) + "\n"
    }

    /// Paragraphs as `.PP`, lists as `.IP` bullets, preformatted blocks as `.nf` … `.fi`.
    static func body(_ text: String) -> String {
        var out = ""
        var first = true
        for block in TextWrapping.blocks(text) {
            switch block {
            case .paragraph(let paragraph):
                out += (first ? "" : ".PP\n") + escape(paragraph) + "\n"
            case .preformatted(let lines):
                out += ".PP\n.RS\n.nf\n" + lines.map { escape($0) }.joined(separator: "\n") + "\n.fi\n.RE\n"
            case .list(let items):
                out += items.map { ".IP \\(bu 2\n" + escape($0) + "\n" }.joined()
            case .definition(let term, let text):
                out += ".TP\n.B " + escape(term) + "\n" + escape(text) + "\n"
            }
            first = false
        }
        return out
    }

    private static let environment = """
        .TP
        .B XDG_DATA_HOME, XDG_DATA_DIRS
        Where the \\fBmime/\\fR and \\fBapplications/\\fR directories are (default \\fI~/.local/share\\fR, then
        \\fI/usr/local/share:/usr/share\\fR). A relative path is ignored, as the XDG Base Directory Specification says.
        .TP
        .B XDG_CONFIG_HOME, XDG_CONFIG_DIRS
        Where the \\fBmimeapps.list\\fR files are (default \\fI~/.config\\fR, then \\fI/etc/xdg\\fR); assoc writes
        only in \\fBXDG_CONFIG_HOME\\fR.
        .TP
        .B XDG_STATE_HOME, XDG_CACHE_HOME
        Per-file choices where a file system refuses extended attributes (default \\fI~/.local/state\\fR);
        thumbnails (default \\fI~/.cache\\fR).
        .TP
        .B XDG_CURRENT_DESKTOP
        The desktops whose \\fINAME\\fR\\-mimeapps.list files come first.
        .TP
        .B HOME
        The base of the defaults above. Unset, empty or relative, assoc writes nothing unless
        \\fBXDG_CONFIG_HOME\\fR is an absolute path.
        .TP
        .B LANGUAGE, LC_ALL, LC_MESSAGES, LANG
        The language of comments and application names.

        """

    static func reference(_ page: String) -> String {
        guard let open = page.firstIndex(of: "(") else { return ".BR " + escape(page) }
        return ".BR " + escape(String(page[..<open])) + " " + String(page[open...])
    }

    /// Text safe for troff: backslashes and hyphens escaped, no line starting with a control character.
    static func escape(_ text: String) -> String {
        var result = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }.joined(separator: "\n")
    }
}

extension String {
    /// The text with every `target` replaced by `replacement`.
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
