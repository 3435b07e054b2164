import AssocTestSupport
import Foundation
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Untrusted text on a real terminal: every command that prints is run in a tmux pane (its
/// standard output and error are the terminal) over a tree whose file names, desktop file IDs,
/// `Name=`, `GenericName=`, `Comment=`, Exec programs, type comments, glob patterns and the
/// portal's labels, title and application IDs carry OSC 52, OSC 8, a title change, CSI, DCS, C1
/// controls, U+202E, line feeds and bytes that are not UTF-8; then nothing of it may take effect.
@Suite(
    "untrusted text on a real terminal (tmux): every command over a hostile tree",
    .enabled(if: TmuxSession.isAvailable && hasSystemDatabase, "tmux or the MIME database is absent"))
struct HostileTerminalOutputTests {
    // MARK: The hostile sequences

    /// OSC 52: writes "HIJACKED" to the clipboard (tmux's buffers, with set-clipboard on).
    static let osc52 = "\u{1B}]52;c;SElKQUNLRUQ=\u{07}"
    /// OSC 8: a hyperlink around "link".
    static let osc8 = "\u{1B}]8;;http:evil\u{07}link\u{1B}]8;;\u{07}"
    /// OSC 2: sets the pane's title.
    static let title = "\u{1B}]2;PWNED\u{07}"
    /// CSI: clears the screen and turns the background red.
    static let csi = "\u{1B}[2J\u{1B}[41m"
    /// DCS: tmux's passthrough, carrying another title change; ended by ST (ESC \).
    static let dcs = "\u{1B}Ptmux;\u{1B}\u{1B}]2;PWNED\u{07}\u{1B}\\"
    /// C1 controls: CSI, OSC and ST as single characters, and NEL.
    static let c1 = "\u{9B}41m\u{9D}2;PWNED\u{9C}\u{85}"
    /// A right-to-left override: `exe.pdf` read as `fdp.exe`.
    static let bidi = "\u{202E}fdp.exe"
    /// A line feed and what would read as a line of assoc's own.
    static let fakeLine = "\nassoc: FAKE-LINE"
    /// All of them: what names, IDs and labels carry.
    static let payload = osc52 + osc8 + title + csi + dcs + c1 + bidi + fakeLine
    /// What an Exec program's name carries (its quoting has no room for a backslash or a line feed).
    static let execPayload = osc52 + title + c1 + bidi
    /// What XML can carry into a type's comment and glob: C1 controls, U+202E and a line feed
    /// (XML 1.0 has no ESC, even as a character reference).
    static let xmlPayload = c1 + bidi + fakeLine

    /// A type name as RFC 6838 allows it, with every punctuation character it allows.
    static let hostileType = "application/x-assoc-$!#&^_hostile"
    /// The desktop file ID of the hostile application.
    static let hostileID = "hostile" + payload + ".desktop"

    // MARK: The world

    /// The tree, its variables, and the paths the commands name.
    struct World {
        let tree: TemporaryXDGTree
        let variables: [String: String]
        /// A folder of documents whose names are hostile.
        let documents: String
        /// The document whose name carries everything.
        let document: String
        /// A document typed by the hostile glob.
        let globbed: String
    }

    /// `value` escaped for a key file (`\\` and `\n`).
    static func keyFileValue(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    static func makeWorld() throws -> World {
        let tree = try TemporaryXDGTree()
        try tree.linkSystemMIMEDatabase()
        // An installed program whose name is hostile, and an entry naming it, itself hostile.
        let program = tree.path("bin/run" + execPayload)
        try tree.write("bin/run" + execPayload, "#!/bin/sh\nexit 0\n")
        #expect(chmod(program, 0o755) == 0)
        let quotedProgram = "\"" + program.replacingOccurrences(of: "$", with: "\\$") + "\""
        let hostileValue = keyFileValue("Hostile" + payload)
        try tree.write(
            "usr-share/applications/" + hostileID,
            """
            [Desktop Entry]
            Type=Application
            Name=\(hostileValue)
            GenericName=\(hostileValue)
            Comment=\(hostileValue)
            Exec=\(keyFileValue(quotedProgram)) %f
            MimeType=\(hostileType);text/plain;
            """)
        // A user MIME package: the type's comment and a glob carry what XML can.
        try tree.write(
            "data/mime/packages/hostile.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="\(hostileType.replacingOccurrences(of: "&", with: "&amp;"))">
                <comment>Hostile \(xmlPayload)</comment>
                <glob pattern="*.hostile"/>
                <glob pattern="*.evil\(c1 + bidi)"/>
              </mime-type>
            </mime-info>
            """)
        // A list that names applications that are not installed, with hostile IDs, for check.
        try tree.write(
            "config/mimeapps.list", "[Default Applications]\ntext/plain=\(keyFileValue("missing" + payload)).desktop;\n")
        // Documents: every sequence in a name, a name the hostile glob types, bytes that are not UTF-8.
        let documents = try tree.makeDirectory("docs")
        let document = try tree.write("docs/" + payload + ".hostile", "hostile\n")
        let globbed = try tree.write("docs/x.evil" + c1 + bidi, "globbed\n")
        let bytes = Array("bad".utf8) + [0xFF, 0xFE, 0x9B] + Array(".hostile".utf8)
        try createFile(named: bytes, in: documents, contents: "bytes\n")
        try tree.makeDirectory("out")
        var variables = tree.variables(dataDirs: ["usr-share", "mime-only"])
        variables["PATH"] = "/usr/bin:/bin"
        variables["LANG"] = "C.UTF-8"
        variables["LC_ALL"] = "C.UTF-8"
        variables["NO_COLOR"] = "1"
        return World(tree: tree, variables: variables, documents: documents, document: document, globbed: globbed)
    }

    // MARK: The checks

    /// The SGR parameters tmux's own styling of a screen uses (bold, dim, reverse, their ends, the
    /// default colours); a hostile `ESC [ 41 m` would show as a red background, 41.
    static let ownStyles: Set<String> = ["", "0", "1", "2", "7", "22", "27", "39", "49"]

    /// What must hold of a pane after untrusted text was printed on it: no escape sequence but
    /// tmux's own styling (none at all for plain output), no C1 control or bidirectional control,
    /// no line that a line feed in a name started, the clipboard (tmux's buffers) untouched, the
    /// title unchanged; and, when `visible` is given, the escaped text shown instead.
    static func expectNothingEscaped(
        _ screen: String, _ session: TmuxSession, _ what: String, styled: Bool, visible: [String]
    ) throws {
        let scalars = Array(screen.unicodeScalars)
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "\u{1B}" else { continue }
            // Only SGR: ESC [ digits and semicolons m.
            var end = index + 1
            guard end < scalars.count, scalars[end] == "[" else {
                Issue.record("\(what): an escape that is not SGR reached the terminal: \(screen.debugDescription)")
                return
            }
            end += 1
            var parameters = ""
            while end < scalars.count, "0123456789;".unicodeScalars.contains(scalars[end]) {
                parameters.unicodeScalars.append(scalars[end])
                end += 1
            }
            guard end < scalars.count, scalars[end] == "m" else {
                Issue.record("\(what): a control sequence that is not SGR reached the terminal: \(screen.debugDescription)")
                return
            }
            #expect(styled, "\(what): plain output came out styled: \(screen.debugDescription)")
            let unknown = parameters.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                .filter { !ownStyles.contains($0) }
            #expect(unknown.isEmpty, "\(what): a style from a name (\(unknown)) reached the terminal: \(screen.debugDescription)")
            index = end
        }
        let raw = screen.unicodeScalars.filter { (0x80...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) }
        #expect(raw.isEmpty, "\(what): C1 or bidirectional controls went out raw: \(screen.debugDescription)")
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(
            !lines.contains { $0.hasPrefix("assoc: FAKE-LINE") || $0.hasPrefix("FAKE-LINE") },
            "\(what): a line feed in a name started a line: \(screen)")
        #expect(
            try session.tmuxOutput(["list-buffers"]).isEmpty, "\(what): OSC 52 wrote the clipboard: \(screen.debugDescription)")
        let paneTitle = try session.tmuxOutput(["display-message", "-p", "#{pane_title}"])
        #expect(!paneTitle.contains("PWNED"), "\(what): the title was changed to \(paneTitle)")
        for text in visible {
            #expect(screen.contains(text), "\(what): '\(text)' is not shown: \(screen)")
        }
    }

    /// Runs `assoc WORDS` in a pane that is its standard output and error, until it ends and
    /// the pane has shown everything; returns the session and the whole pane, attributes included.
    static func run(_ words: [String], _ world: World) throws -> (TmuxSession, String) {
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable] + words, environment: world.variables, directory: world.tree.root, lines: 50,
            columns: 200, outputToTerminal: true, options: ["set -g set-clipboard on"])
        _ = try session.waitForExit(timeout: 60)
        // A long output (defaults --json: every type) takes tmux a while to draw on a busy machine.
        try session.waitFor(TmuxSession.endMarker, timeout: 60)
        return (session, try session.capture(attributes: true, history: true))
    }

    // MARK: The commands

    /// A command line of the test, its operands named by role.
    struct Case: Sendable, CustomTestStringConvertible {
        /// The words after `assoc`: `DOCS`, `DOC`, `GLOBBED`, `OUT`, `TYPE` and `ID` stand for the world's.
        let words: [String]
        /// Text the pane must show: what was escaped, as it is shown.
        let visible: [String]

        var testDescription: String { "assoc " + words.joined(separator: " ") }

        func arguments(_ world: World) -> [String] {
            words.map { word in
                switch word {
                case "DOCS": world.documents
                case "DOC": world.document
                case "GLOBBED": world.globbed
                case "OUT": world.tree.path("out")
                case "TYPE": HostileTerminalOutputTests.hostileType
                case "ID": HostileTerminalOutputTests.hostileID
                default: word
                }
            }
        }
    }

    /// The escaped forms: as names are shown (`\u{1b}`), and as JSON writes them (`\u001b`).
    static let shown = ["\\u{1b}]52;c;SElKQUNLRUQ=\\u{7}", "\\u{202e}fdp.exe", "\\u{a}assoc: FAKE-LINE", "\\u{9b}41m"]
    static let shownInJSON = ["\\u001b]52;c;SElKQUNLRUQ=\\u0007", "\\u202efdp.exe", "\\nassoc: FAKE-LINE", "\\u009b41m"]
    /// What the type's comment and glob show (no ESC in XML).
    static let shownFromXML = ["\\u{9b}41m", "\\u{202e}fdp.exe"]

    static let cases: [Case] = [
        Case(words: ["type", "-r", "DOCS"], visible: shown + ["\\xFF\\xFE\\x9B"]),
        Case(words: ["type", "-b", "-r", "DOCS"], visible: []),
        Case(words: ["type", "--json", "-r", "DOCS"], visible: shownInJSON),
        Case(words: ["type", "missing" + payload], visible: shown),
        Case(words: ["explain", "DOC"], visible: shown),
        Case(words: ["explain", "GLOBBED"], visible: shownFromXML),
        Case(words: ["explain", "TYPE"], visible: shown),
        Case(words: ["explain", "missing" + payload], visible: shown),
        Case(words: ["default", "TYPE"], visible: shown),
        Case(words: ["default", "--json", "TYPE"], visible: shownInJSON),
        Case(words: ["default", "DOC"], visible: shown),
        Case(words: ["defaults"], visible: shown),
        Case(words: ["defaults", "--json"], visible: shownInJSON),
        Case(words: ["apps", "TYPE"], visible: shown),
        Case(words: ["apps"], visible: shown),
        Case(words: ["apps", "--json"], visible: shownInJSON),
        Case(words: ["apps", "--of", "ID"], visible: []),
        Case(words: ["apps", "--of", "nosuch" + payload], visible: shown),
        Case(words: ["open", "--dry-run", "DOC"], visible: shown),
        Case(words: ["open", "--dry-run", "--json", "DOC"], visible: shownInJSON),
        Case(words: ["mime", "TYPE"], visible: shownFromXML + ["\\u{a}assoc: FAKE-LINE"]),
        Case(words: ["mime", "--json", "TYPE"], visible: ["\\u009b41m", "\\u202efdp.exe", "\\nassoc: FAKE-LINE"]),
        Case(words: ["mime", "text/x-" + payload], visible: shown),
        Case(words: ["is-a", "text/x-" + payload, "text/plain"], visible: shown),
        Case(words: ["list", "DOCS"], visible: shown),
        Case(words: ["list", "--json", "DOCS"], visible: shownInJSON),
        Case(words: ["check"], visible: ["\\u{1b}]52;c;SElKQUNLRUQ=\\u{7}"]),
        Case(words: ["check", "--json"], visible: ["\\u001b]52;c;SElKQUNLRUQ=\\u0007"]),
        Case(words: ["set", "TYPE", "nosuch" + payload], visible: shown),
        // The diff shows the list's text, where the ID's ';' and line feed are written as key-file escapes.
        Case(words: ["set", "--dry-run", "TYPE", "ID"], visible: ["\\u{1b}]52\\;c\\;SElKQUNLRUQ=\\u{7}", "\\u{202e}fdp.exe"]),
        Case(words: ["set", "--dry-run", "text/x-" + payload, "ID"], visible: shown),
        Case(words: ["unset", "text/x-" + payload], visible: shown),
        Case(words: ["export", "DOC", "--to", "OUT"], visible: shown),
        Case(words: ["__complete", "desktop-id"], visible: shown),
        Case(words: ["help", "x" + payload], visible: shown),
        Case(words: ["x" + payload], visible: shown),
    ]

    @Test("every command that prints shows untrusted text escaped, and none of it takes effect", arguments: cases)
    func command(_ command: Case) throws {
        let world = try Self.makeWorld()
        let (session, screen) = try Self.run(command.arguments(world), world)
        try Self.expectNothingEscaped(screen, session, command.testDescription, styled: false, visible: command.visible)
    }

    @Test("choose --print: the chooser shows the hostile application escaped, and Enter prints its ID escaped")
    func choosePrint() throws {
        let world = try Self.makeWorld()
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "choose", "--print", "--type", Self.hostileType], environment: world.variables,
            directory: world.tree.root, lines: 30, columns: 200, outputToTerminal: true,
            options: ["set -g set-clipboard on"])
        let chooser = try session.waitFor("q cancel")
        try Self.expectNothingEscaped(
            try session.capture(attributes: true), session, "the chooser", styled: true, visible: ["\\u{1b}]52;c;"])
        #expect(chooser.contains("> Hostile"), "the hostile application is highlighted: \(chooser)")
        try session.send("Enter")
        #expect(try session.waitForExit().status == 0)
        try session.waitFor(TmuxSession.endMarker)
        let printed = try session.capture(attributes: true, history: true)
        try Self.expectNothingEscaped(printed, session, "choose --print", styled: true, visible: ["hostile" + Self.shown[0]])
    }

    @Test("pick: the rows and the detail line show the type's comment and the names escaped")
    func pick() throws {
        let world = try Self.makeWorld()
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "pick", world.documents], environment: world.variables,
            directory: world.tree.root, lines: 30, columns: 200, outputToTerminal: true,
            options: ["set -g set-clipboard on"])
        try session.waitFor("q cancel")
        // The detail line: the type, then its comment (ncurses alone would hide what is not escaped).
        try Self.expectNothingEscaped(
            try session.capture(attributes: true), session, "the picker", styled: true,
            visible: Self.shownFromXML + [Self.hostileType + "  ·  Hostile \\u{9b}41m"])
        try session.send("Escape")
        _ = try session.waitForExit()
    }

    @Test("the portal's file dialog shows its title and accept_label escaped")
    func portalFileDialog() throws {
        let world = try Self.makeWorld()
        let service = try PortalTestService(
            world.tree,
            request: [
                "kind": "save-file", "title": "Title" + Self.payload, "accept_label": "_Save" + Self.payload,
                "current_folder": world.documents, "current_name": "name" + Self.payload,
            ])
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "pick", "--portal-request", service.requestPath], environment: world.variables,
            directory: world.tree.root, lines: 30, columns: 250, outputToTerminal: true,
            options: ["set -g set-clipboard on"])
        try service.accept()
        try session.waitFor("Enter: Save")
        try Self.expectNothingEscaped(
            try session.capture(attributes: true), session, "the portal's save dialog", styled: true,
            visible: ["Title\\u{1b}]52;c;", "[Save\\u{1b}]52;c;", "Enter: Save\\u{1b}]52;c;"])
        try session.send("Escape")
        #expect(try service.answer()["response"] as? Int == 1)
    }

    @Test("the portal's application chooser shows the application IDs, the file name and the URI escaped")
    func portalApplicationChooser() throws {
        let world = try Self.makeWorld()
        let service = try PortalTestService(
            world.tree,
            request: [
                "kind": "choose-application", "applications": [String(Self.hostileID.dropLast(8)), "gone" + Self.payload],
                "content_type": Self.hostileType, "filename": "file" + Self.payload, "uri": "file:///uri" + Self.payload,
            ])
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "choose", "--portal-request", service.requestPath], environment: world.variables,
            directory: world.tree.root, lines: 30, columns: 250, outputToTerminal: true,
            options: ["set -g set-clipboard on"])
        try service.accept()
        try session.waitFor("q cancel")
        try Self.expectNothingEscaped(
            try session.capture(attributes: true), session, "the portal's chooser", styled: true,
            visible: ["file\\u{1b}]52;c;", "gone\\u{1b}]52;c;"])
        try session.send("Escape")
        #expect(try service.answer()["response"] as? Int == 1)
    }
}
