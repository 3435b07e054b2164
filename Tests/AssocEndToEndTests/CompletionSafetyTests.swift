import AssocTestSupport
import Foundation
import Testing

/// The generated completions of bash, zsh and fish, run by the shells over a world whose
/// application, type and file names are shell code: every name is offered, and inserted so that
/// the command line holds it literally, and nothing is ever run.
@Suite(
    "shell completions offer hostile names literally and never run them",
    .enabled(if: Corpus.program("update-mime-database") != nil, "update-mime-database is not installed"))
struct CompletionSafetyTests {
    /// A command line being completed (its last word is the one at the cursor) and the values
    /// offered for it.
    struct Context: CustomTestStringConvertible, Sendable {
        var words: [String]
        var expected: [String]
        /// The quote the word at the cursor is open in, which readline closes after the value.
        var quote = ""
        /// Whether the shell quotes the values itself (file names, with `compopt -o filenames`).
        var filenames = false
        var testDescription: String { words.joined(separator: " ") }
    }

    static let desktopIDs = CompletionWorld.desktopIDs
    static let types = CompletionWorld.types
    static let patterns = CompletionWorld.typePatterns

    /// The lines both bash and fish complete, written as both read them literally.
    static let contexts: [Context] = [
        Context(words: ["assoc", "open", "--with", ""], expected: desktopIDs),
        Context(words: ["assoc", "default", ""], expected: CompletionWorld.files, filenames: true),
        Context(words: ["assoc", "set", ""], expected: patterns),
        Context(words: ["assoc", "set", "text/plain", ""], expected: desktopIDs),
        Context(words: ["assoc", "set", "text/plain", "vim", ""], expected: []),
        Context(words: ["assoc", "set", "--desktop", "gnome", ""], expected: patterns),
        Context(words: ["assoc", "set", "--desktop", "gn"], expected: ["gnome"]),
        Context(words: ["assoc", "add", ""], expected: types),
        Context(words: ["assoc", "add", "text/plain", ""], expected: desktopIDs),
        Context(words: ["assoc", "remove", ""], expected: types),
        Context(words: ["assoc", "remove", "text/plain", ""], expected: desktopIDs),
        Context(words: ["assoc", "is-a", ""], expected: types),
        Context(words: ["assoc", "is-a", "text/plain", ""], expected: patterns),
        Context(words: ["assoc", "apps", "--of", ""], expected: desktopIDs),
        Context(words: ["assoc", "list", "--type", ""], expected: patterns),
        Context(words: ["assoc", "choose", "--type", ""], expected: types),
    ]

    /// Lines only bash is given: words in quotes or backslashes, and `--option=value`, which bash
    /// splits into three words.
    static let bashContexts: [Context] = [
        Context(words: ["assoc", "open", "--with", "="], expected: desktopIDs),
        Context(words: ["assoc", "open", "--with", "=", "x"], expected: [desktopIDs[0]]),
        Context(words: ["assoc", "open", "--with", "'"], expected: desktopIDs, quote: "'"),
        Context(words: ["assoc", "open", "--with", "\""], expected: desktopIDs, quote: "\""),
        Context(words: ["assoc", "open", "--with", "\"q"], expected: [desktopIDs[4]], quote: "\""),
        Context(words: ["assoc", "open", "--with", "x\\$\\("], expected: [desktopIDs[0]]),
        Context(words: ["assoc", "open", "--with", "'d$HOME!b'\\#"], expected: [desktopIDs[3]]),
        Context(words: ["assoc", "is-a", "text/plain", "application/x-zzb\\!c"], expected: [types[1]]),
    ]

    @Test(
        "bash offers every name as the shell will read it, and runs none",
        .enabled(if: Corpus.program("bash") != nil, "bash is not installed"),
        arguments: contexts + bashContexts)
    func bash(context: Context) throws {
        let world = try CompletionWorld()
        // COMPREPLY as readline puts it on the command line, read back by bash: a value of
        // `compgen -f` as it is (readline quotes file names), any other in the quote the word is open in.
        let script = """
            source \(CompletionWorld.quoted(CompletionWorld.completions + "/assoc.bash"))
            COMP_WORDS=(\(context.words.map(CompletionWorld.quoted).joined(separator: " ")))
            COMP_CWORD=\(context.words.count - 1)
            _assoc
            quote=\(CompletionWorld.quoted(context.quote))
            for reply in "${COMPREPLY[@]}"; do
                if \(context.filenames ? "true" : "false"); then printf '%s\\0' "$reply"; continue; fi
                eval "words=($quote$reply$quote)"
                if ((${#words[@]} == 1)); then printf '%s\\0' "${words[0]}"; else printf 'SPLIT %s\\0' "$reply"; fi
            done
            """
        let result = try ProcessRunner.run(
            try #require(Corpus.program("bash")), ["--norc", "--noprofile", "-c", script], environment: world.variables,
            directory: world.work, timeout: 20)
        let offered = result.standardOutput.split(separator: "\0").map(String.init)
        #expect(offered.sorted() == context.expected.sorted(), "\(result.standardError)")
        #expect(world.firedCanaries().isEmpty, "ran: \(world.firedCanaries())")
    }

    @Test(
        "fish offers every name as it is, and runs none", .enabled(if: Corpus.program("fish") != nil, "fish is not installed"),
        arguments: contexts)
    func fish(context: Context) throws {
        let world = try CompletionWorld()
        let result = try ProcessRunner.run(
            try #require(Corpus.program("fish")),
            [
                "--no-config", "-c", "source $argv[1]; complete -C $argv[2]",
                CompletionWorld.completions + "/assoc.fish", context.words.joined(separator: " "),
            ], environment: world.variables, directory: world.work, timeout: 20)
        // One value a line, then a tab and its description.
        let offered = result.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(offered.sorted() == context.expected.sorted(), "\(result.standardError)")
        #expect(world.firedCanaries().isEmpty, "ran: \(world.firedCanaries())")
    }

    /// What is typed before Tab, and the arguments the command line holds once Tab and Enter are
    /// pressed: the value offered, whole and literal.
    static let accepted: [(typed: String, arguments: [String])] = [
        ("assoc open --with x", ["open", "--with", desktopIDs[0]]),
        ("assoc open --with y", ["open", "--with", desktopIDs[1]]),
        ("assoc open --with a", ["open", "--with", desktopIDs[2]]),
        ("assoc open --with d", ["open", "--with", desktopIDs[3]]),
        ("assoc open --with q", ["open", "--with", desktopIDs[4]]),
        ("assoc open --with p", ["open", "--with", desktopIDs[5]]),
        ("assoc open --with \\~", ["open", "--with", desktopIDs[6]]),
        ("assoc default f", ["default", CompletionWorld.files[0]]),
        ("assoc set application/x-zza", ["set", types[0]]),
        ("assoc set text/plain x", ["set", "text/plain", desktopIDs[0]]),
        ("assoc set --desktop gn", ["set", "--desktop", "gnome"]),
        ("assoc add application/x-zzb", ["add", types[1]]),
        ("assoc add text/plain y", ["add", "text/plain", desktopIDs[1]]),
        ("assoc remove text/x-zzc", ["remove", types[2]]),
        ("assoc remove text/plain a", ["remove", "text/plain", desktopIDs[2]]),
        ("assoc is-a application/x-zzb", ["is-a", types[1]]),
        ("assoc is-a text/plain application/x-zza", ["is-a", "text/plain", types[0]]),
        ("assoc apps --of d", ["apps", "--of", desktopIDs[3]]),
        ("assoc list --type text/x", ["list", "--type", types[2]]),
        ("assoc choose --type application/x-zzb", ["choose", "--type", types[1]]),
    ]

    @Test(
        "bash: Tab then Enter runs the command with the literal name, and nothing else",
        .enabled(if: TmuxSession.isAvailable && Corpus.program("bash") != nil, "tmux or bash is not installed"))
    func interactiveBash() throws { try acceptInteractively(shell: "bash") }

    @Test(
        "zsh: Tab then Enter runs the command with the literal name, and nothing else",
        .enabled(if: TmuxSession.isAvailable && Corpus.program("zsh") != nil, "tmux or zsh is not installed"))
    func interactiveZsh() throws { try acceptInteractively(shell: "zsh") }

    @Test(
        "fish: Tab then Enter runs the command with the literal name, and nothing else",
        .enabled(if: TmuxSession.isAvailable && Corpus.program("fish") != nil, "tmux or fish is not installed"))
    func interactiveFish() throws { try acceptInteractively(shell: "fish") }

    /// Types each line of `accepted` in an interactive `shell` in tmux, presses Tab and Enter, and
    /// checks the arguments the command ran with.
    private func acceptInteractively(shell: String) throws {
        let program = try #require(Corpus.program(shell))
        let world = try CompletionWorld()
        let scripts = CompletionWorld.completions
        var environment = world.variables
        let arguments: [String]
        switch shell {
        case "bash":
            let rc = try world.tree.write("bashrc", "PS1='READY> '\nsource \(CompletionWorld.quoted(scripts + "/assoc.bash"))\n")
            arguments = ["--noprofile", "--rcfile", rc, "-i"]
        case "zsh":
            try world.tree.write(
                "zdotdir/.zshrc",
                """
                fpath=(\(CompletionWorld.quoted(scripts)) $fpath)
                autoload -Uz compinit
                compinit -u -d \(CompletionWorld.quoted(world.tree.path("zcompdump")))
                PS1='READY> '

                """)
            environment["ZDOTDIR"] = world.tree.path("zdotdir")
            arguments = ["-d", "-i"]
        default:
            let setup =
                "source \(CompletionWorld.quoted(scripts + "/assoc.fish")); set -g fish_greeting; "
                + "function fish_prompt; printf 'READY> '; end"
            arguments = ["--no-config", "-i", "-C", setup]
        }
        // The shell's own output goes to the terminal, where its line editor is.
        let session = try TmuxSession(
            ["/bin/sh", "-c", "exec \"$0\" \"$@\" >/dev/tty 2>&1", program] + arguments, environment: environment,
            directory: world.work, lines: 40, columns: 200)
        try session.waitFor("READY>", timeout: 20)
        for (typed, expected) in Self.accepted {
            try session.send(typed, literal: true)
            try session.send("Tab")
            try session.send("Enter")
            do {
                let recorded = try world.nextRecord()
                #expect(recorded == expected, "\(shell): \(typed)<Tab>")
            } catch {
                let screen = (try? session.capture()) ?? ""
                Issue.record("\(shell): \(typed)<Tab> ran nothing; the screen shows:\n\(screen)")
                return
            }
        }
        #expect(world.firedCanaries().isEmpty, "\(shell) ran: \(world.firedCanaries())")
    }
}
