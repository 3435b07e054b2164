import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `assoc --generate-manual DIR` and `--generate-completions DIR` (hidden): write the man pages
/// and the shell completions the command table makes, as the repository keeps them in `man/`
/// and `data/completions/`.
enum Generation {
    /// What to write where.
    struct Request: Sendable, Equatable {
        /// Which files.
        enum Kind: Sendable, Equatable { case manual, completions }
        var kind: Kind
        var directory: String
    }

    /// The description of `assoc(1)`, the one piece of prose about assoc as a whole.
    static let overview = """
        assoc reads the shared-mime-info database of every XDG data directory and types files by name, \
        content, XML root and extended attribute; finds the applications that handle a type from every \
        mimeapps.list and desktop entry, by the mime-apps specification or exactly as GIO does; changes \
        defaults losslessly and atomically; opens files without a shell; and lists, imports, exports and moves \
        the documents an application can take. Each command has its own page.
        """

    /// Every generated file: its name and its text.
    static func files(_ kind: Request.Kind) -> [(name: String, text: String)] {
        let definitions = CommandTable.definitions
        switch kind {
        case .manual:
            let multiCall = CommandTable.multiCallDefinitions
            return [("assoc.1", ManPageRenderer.mainPage(definitions, multiCall: multiCall, description: overview))]
                + (definitions.filter { !$0.hidden } + multiCall).map { ("assoc-\($0.name).1", ManPageRenderer.page(for: $0)) }
                + FileFormatPage.all.map { ("\($0.name).5", ManPageRenderer.page(for: $0)) }
        case .completions:
            return [
                ("assoc.bash", CompletionRenderer.bash(definitions)), ("_assoc", CompletionRenderer.zsh(definitions)),
                ("assoc.fish", CompletionRenderer.fish(definitions)),
            ]
        }
    }

    /// Writes the files of `request` into its directory.
    static func run(_ request: Request, output: OutputSink) throws -> ExitStatus {
        for file in files(request.kind) {
            try AtomicFile.replace(request.directory + "/" + file.name, with: file.text, newFileMode: 0o644)
            output.untrustedLine(request.directory + "/" + file.name)
        }
        return .success
    }
}
