import AssocTestSupport
import DesktopEntry
import Foundation
import Testing
import XDGSupport

/// Parses `text` as `t.desktop`, returning the entry and the diagnostics.
func parseEntry(_ text: String, path: String = "t.desktop") throws -> (DesktopEntry, [Diagnostic]) {
    var diagnostics: [Diagnostic] = []
    let entry = try DesktopEntry.parse(text, path: path, id: "t.desktop", diagnostics: &diagnostics)
    return (entry, diagnostics)
}

/// A minimal valid application with `extra` lines appended to `[Desktop Entry]`.
func application(_ extra: String...) -> String {
    (["[Desktop Entry]", "Type=Application", "Name=Test", "Exec=test"] + extra).joined(separator: "\n") + "\n"
}

@Suite("localised keys")
struct LocalizedKeyTests {
    static let text = """
        [Desktop Entry]
        Type=Application
        Exec=viewer
        Name=Viewer
        Name[de]=Betrachter
        Name[de_DE@euro]=Euro-Betrachter
        Name[sr@latin]=Pregledač
        Name[pt_BR]=Visualizador
        """

    @Test(
        "the value follows the locale's fallbacks: lang_COUNTRY@MOD, lang_COUNTRY, lang@MOD, lang, then unlocalised",
        arguments: [
            ("de_DE.UTF-8@euro", "Euro-Betrachter"),
            ("de_DE.UTF-8", "Betrachter"),
            ("de_AT", "Betrachter"),
            ("de", "Betrachter"),
            ("sr_RS@latin", "Pregledač"),
            ("sr_RS", "Viewer"),
            ("pt_BR.UTF-8", "Visualizador"),
            ("pt_PT", "Viewer"),
            ("fr_FR.UTF-8", "Viewer"),
            ("C", "Viewer"),
        ])
    func fallback(locale: String, expected: String) throws {
        let (entry, diagnostics) = try parseEntry(Self.text)
        #expect(entry.name.value(for: LocalePreferences(["LC_ALL": locale])) == expected)
        #expect(diagnostics.isEmpty)
    }

    @Test("translations are kept by their bracketed locale, escapes undone")
    func translationsKept() throws {
        let (entry, _) = try parseEntry(application("Comment=Plain", "Comment[fr]=Un\\sdeux", "GenericName[de]=orphan"))
        #expect(entry.comment == LocalizedValue(base: "Plain", translations: ["fr": "Un deux"]))
        #expect(entry.name.translations.isEmpty)
        // A translation without the unlocalised key is not a value of the key.
        #expect(entry.genericName == nil)
    }

    @Test("LANGUAGE is tried before the locale, as GLib does")
    func languageList() throws {
        let (entry, _) = try parseEntry(Self.text)
        let preferences = LocalePreferences(["LANGUAGE": "pt_BR:de", "LANG": "fr_FR.UTF-8"])
        #expect(entry.name.value(for: preferences) == "Visualizador")
    }
}

@Suite("string, list and boolean values")
struct ValueTests {
    @Test(
        "string escapes \\s \\n \\t \\r \\\\ are undone",
        arguments: [
            ("a\\sb", "a b"), ("line\\nbreak", "line\nbreak"), ("tab\\there", "tab\there"), ("cr\\rhere", "cr\rhere"),
            ("back\\\\slash", "back\\slash"), ("\\\\s", "\\s"), ("trailing\\s", "trailing "), ("keep\\q", "keep\\q"),
        ])
    func escapes(raw: String, expected: String) throws {
        let (entry, _) = try parseEntry(application("Comment=\(raw)", "Icon=\(raw)", "Path=\(raw)"))
        #expect(entry.comment?.base == expected)
        #expect(entry.icon == expected)
        #expect(entry.workingDirectory == expected)
    }

    @Test("Exec has the key-file escapes undone but its quoting kept")
    func execEscapes() throws {
        let (entry, _) = try parseEntry("[Desktop Entry]\nType=Application\nName=A\nExec=sh -c \"echo \\\\$HOME\"\\s%f\n")
        #expect(entry.exec == "sh -c \"echo \\$HOME\" %f")
        #expect(entry.execLine == 4)
    }

    @Test(
        "lists split on ';', keep '\\;' as a semicolon, and a trailing ';' adds no element",
        arguments: [
            ("text/plain;image/png;", ["text/plain", "image/png"]),
            ("text/plain;image/png", ["text/plain", "image/png"]),
            ("a\\;b;c;", ["a;b", "c"]),
            ("a;;b;", ["a", "b"]),
            ("one", ["one"]),
            ("", []),
            ("sp\\sace;x;  ", ["sp ace", "x"]),
        ])
    func lists(raw: String, expected: [String]) throws {
        let (entry, _) = try parseEntry(
            application(
                "MimeType=\(raw)", "Categories=\(raw)", "Keywords=\(raw)",
                "OnlyShowIn=\(raw)", "Implements=\(raw)"))
        #expect(entry.mimeTypes == expected)
        #expect(entry.categories == expected)
        #expect(entry.keywords == expected)
        #expect(entry.onlyShowIn == expected)
        #expect(entry.implements == expected)
    }

    @Test(
        "booleans are true, false, and the pre-1.0 1 and 0",
        arguments: [
            ("true", true), ("false", false), ("1", true), ("0", false), ("true  ", true),
        ])
    func booleans(raw: String, expected: Bool) throws {
        let (entry, diagnostics) = try parseEntry(
            application(
                "Terminal=\(raw)", "NoDisplay=\(raw)", "Hidden=\(raw)",
                "DBusActivatable=\(raw)"))
        #expect(entry.terminal == expected)
        #expect(entry.noDisplay == expected)
        #expect(entry.hidden == expected)
        #expect(entry.dbusActivatable == expected)
        #expect(!diagnostics.contains { $0.message.contains("boolean") })
    }

    @Test("any other boolean is read as false with a diagnostic on its line", arguments: ["yes", "True", "on", ""])
    func invalidBoolean(raw: String) throws {
        let (entry, diagnostics) = try parseEntry(application("Terminal=\(raw)"))
        #expect(entry.terminal == false)
        let diagnostic = try #require(diagnostics.first { $0.message.contains("not a boolean") })
        #expect(diagnostic.line == 5)
        #expect(diagnostic.path == "t.desktop")
        #expect(diagnostic.message.contains("Terminal"))
    }

    @Test("absent booleans are false and absent optional keys are nil")
    func absent() throws {
        let (entry, diagnostics) = try parseEntry(application())
        #expect(!entry.terminal && !entry.noDisplay && !entry.hidden && !entry.dbusActivatable)
        #expect(entry.icon == nil && entry.tryExec == nil && entry.workingDirectory == nil && entry.comment == nil)
        #expect(entry.mimeTypes.isEmpty && entry.actions.isEmpty)
        #expect(diagnostics.isEmpty)
    }
}

@Suite("the structure of a desktop entry")
struct EntryStructureTests {
    @Test("a repeated key keeps its last value and is reported on the line of the repeat")
    func duplicateKey() throws {
        let (entry, diagnostics) = try parseEntry(
            """
            [Desktop Entry]
            Type=Application
            Name=First
            Exec=a
            Name=Second
            Name[de]=Erster
            Name[de]=Zweiter
            """)
        #expect(entry.name == LocalizedValue(base: "Second", translations: ["de": "Zweiter"]))
        let repeats = diagnostics.filter { $0.message.contains("appears again") }
        #expect(repeats.map(\.line) == [5, 7])
        #expect(repeats.first?.message.contains("'Name'") == true)
        #expect(repeats.last?.message.contains("'Name[de]'") == true)
    }

    @Test("a repeated [Desktop Entry] group is merged and reported")
    func duplicateGroup() throws {
        let (entry, diagnostics) = try parseEntry("[Desktop Entry]\nType=Application\nName=A\n[Desktop Entry]\nExec=b\n")
        #expect(entry.exec == "b")
        #expect(diagnostics.contains { $0.message.contains("[Desktop Entry]") && $0.message.contains("2 times") })
    }

    static let actions = """
        [Desktop Entry]
        Type=Application
        Name=Browser
        Exec=browser %u
        Actions=new-window;missing;nameless;

        [Desktop Action new-window]
        Name=New Window
        Name[de]=Neues Fenster
        Exec=browser --new-window
        Icon=window-new

        [Desktop Action unlisted]
        Name=Unlisted
        Exec=browser --unlisted

        [Desktop Action nameless]
        Exec=browser --nameless
        """

    @Test("only actions listed in Actions= with a group and a Name are kept")
    func actions() throws {
        let (entry, diagnostics) = try parseEntry(Self.actions)
        #expect(entry.actions.map(\.identifier) == ["new-window"])
        let action = try #require(entry.actions.first)
        #expect(action.name == LocalizedValue(base: "New Window", translations: ["de": "Neues Fenster"]))
        #expect(action.icon == "window-new")
        #expect(action.exec == "browser --new-window")
        let missing = try #require(diagnostics.first { $0.message.contains("'missing'") })
        #expect(missing.line == 5)
        #expect(missing.message.contains("[Desktop Action missing]"))
        #expect(diagnostics.contains { $0.message.contains("'nameless'") && $0.message.contains("'Name'") })
        #expect(!diagnostics.contains { $0.message.contains("unlisted") })
    }

    @Test("a file whose first group is not [Desktop Entry] is rejected, naming that group's line")
    func otherFirstGroup() {
        let text = "# leading comment\n\n[X-Other]\nKey=v\n[Desktop Entry]\nType=Application\nName=A\nExec=a\n"
        #expect(throws: DesktopEntryError.missingMainGroup(path: "t.desktop", line: 3)) {
            try parseEntry(text)
        }
    }

    @Test(
        "a file without any [Desktop Entry] group is rejected without a line",
        arguments: [
            "", "# only a comment\n", "Type=Application\nName=A\nExec=a\n",
        ])
    func noMainGroup(text: String) {
        #expect(throws: DesktopEntryError.missingMainGroup(path: "t.desktop", line: nil)) {
            try parseEntry(text)
        }
    }

    @Test("CRLF line endings are read like LF, as GLib's key-file parser reads them")
    func crlf() throws {
        // Swift reads "\r\n" as one Character; the key-file parser must split on the byte.
        let (entry, _) = try parseEntry("[Desktop Entry]\r\nType=Application\r\nName=A\r\nExec=a %f\r\n")
        #expect(entry.name.base == "A")
        #expect(entry.exec == "a %f")
    }

    @Test("a value that begins with a combining mark is still the key's value")
    func combiningMarkAfterEquals() throws {
        // "=" followed by U+0301 is one Character; the parser must find "=" as a scalar.
        let (entry, diagnostics) = try parseEntry(application("Comment=\u{301}x"))
        #expect(entry.comment?.base == "\u{301}x")
        #expect(diagnostics.isEmpty)
    }

    @Test("missing Type, Name and Exec are reported but the entry still loads")
    func missingRequiredKeys() throws {
        let (entry, diagnostics) = try parseEntry("[Desktop Entry]\nComment=nothing else\n")
        #expect(entry.type == "")
        #expect(entry.exec == nil)
        let messages = diagnostics.map(\.message).joined(separator: "\n")
        #expect(messages.contains("'Type'"))
        #expect(messages.contains("'Name'"))

        let (app, appDiagnostics) = try parseEntry("[Desktop Entry]\nType=Application\nName=A\n")
        #expect(app.isApplication)
        #expect(appDiagnostics.contains { $0.message.contains("'Exec'") })
        let (dbus, dbusDiagnostics) = try parseEntry("[Desktop Entry]\nType=Application\nName=A\nDBusActivatable=true\n")
        #expect(dbus.dbusActivatable)
        #expect(!dbusDiagnostics.contains { $0.message.contains("'Exec'") })
    }
}

@Suite("bytes that are not a desktop entry")
struct HostileInputTests {
    @Test(
        "invalid UTF-8 is rejected as such",
        arguments: [
            [0xFF, 0xFE], [0xC3, 0x28], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
        ] as [[UInt8]])
    func invalidUTF8(bad: [UInt8]) throws {
        let tree = try TemporaryXDGTree()
        let path = try tree.write(
            "bad.desktop",
            bytes: Array("[Desktop Entry]\nType=Application\nName=".utf8) + bad
                + Array("\nExec=a\n".utf8))
        var diagnostics: [Diagnostic] = []
        #expect(throws: DesktopEntryError.notUTF8(path: path, line: 3)) {
            try DesktopEntry.load(path: path, id: "bad.desktop", diagnostics: &diagnostics)
        }
    }

    @Test("a missing file or a directory is unreadable, not a crash")
    func unreadable() throws {
        let tree = try TemporaryXDGTree()
        let directory = try tree.makeDirectory("dir.desktop")
        for path in [tree.path("absent.desktop"), directory] {
            var diagnostics: [Diagnostic] = []
            do {
                _ = try DesktopEntry.load(path: path, id: "x.desktop", diagnostics: &diagnostics)
                Issue.record("\(path) loaded")
            } catch {
                guard case .unreadable(let failed, _) = error else {
                    Issue.record("\(path): \(error)")
                    continue
                }
                #expect(failed == path)
            }
        }
    }

    @Test("binary garbage is rejected or loaded with diagnostics, never a crash", arguments: [1, 2, 3, 42, 1234])
    func garbage(seed: UInt64) throws {
        var generator = SplitMix(seed: seed)
        var bytes = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let tree = try TemporaryXDGTree()
        let raw = try tree.write("raw.desktop", bytes: bytes)
        // The same garbage after a valid header, with the invalid UTF-8 made valid.
        bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
        let headed = try tree.write("headed.desktop", bytes: Array("[Desktop Entry]\n".utf8) + bytes)
        for path in [raw, headed] {
            var diagnostics: [Diagnostic] = []
            do {
                _ = try DesktopEntry.load(path: path, id: "g.desktop", diagnostics: &diagnostics)
                #expect(!diagnostics.isEmpty, "\(path) loaded without a diagnostic")
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        var diagnostics: [Diagnostic] = []
        #expect(throws: DesktopEntryError.self) {
            try DesktopEntry.load(path: raw, id: "g.desktop", diagnostics: &diagnostics)
        }
    }

    @Test("a one-megabyte line is read whole")
    func hugeLine() throws {
        let long = String(repeating: "x", count: 1 << 20)
        let tree = try TemporaryXDGTree()
        let path = try tree.write("huge.desktop", application("Comment=" + long, "Icon=after"))
        var diagnostics: [Diagnostic] = []
        let entry = try DesktopEntry.load(path: path, id: "huge.desktop", diagnostics: &diagnostics)
        #expect(entry.comment?.base.count == 1 << 20)
        #expect(entry.icon == "after")
        #expect(diagnostics.isEmpty)
    }

    @Test("a line longer than the read limit does not crash: the file throws or loads with diagnostics")
    func lineBeyondLimit() throws {
        let long = String(repeating: "y", count: 6 << 20)
        let tree = try TemporaryXDGTree()
        let path = try tree.write("huge.desktop", "[Desktop Entry]\nType=Application\nName=" + long + "\nExec=after\n")
        var diagnostics: [Diagnostic] = []
        do {
            let entry = try DesktopEntry.load(path: path, id: "huge.desktop", diagnostics: &diagnostics)
            #expect(!diagnostics.isEmpty, "a truncated file loaded without a word")
            #expect(entry.name.base.count <= 6 << 20)
        } catch {
            #expect(!error.description.isEmpty)
        }
    }
}

@Suite("hostile desktop entries")
struct HostileDesktopEntryTests {
    @Test("thousands of actions and groups parse in linear time", .timeLimit(.minutes(1)))
    func manyActions() throws {
        let count = 20_000
        var text = "[Desktop Entry]\nType=Application\nName=Many\nExec=many %f\nActions="
        text += (0..<count).map { "a\($0);" }.joined() + "a0;\n"
        for index in 0..<count { text += "[Desktop Action a\(index)]\nName=A\(index)\nExec=many --\(index)\n" }
        var diagnostics: [Diagnostic] = []
        let entry = try DesktopEntry.parse(text, path: "many.desktop", id: "many.desktop", diagnostics: &diagnostics)
        #expect(entry.actions.count == count)
        #expect(diagnostics.filter { $0.message.contains("listed twice") }.count == 1)
    }

    @Test("an entry with ten thousand MIME types keeps them all")
    func manyTypes() throws {
        let types = (0..<10_000).map { "application/x-t\($0)" }
        let text = "[Desktop Entry]\nType=Application\nName=T\nExec=t %F\nMimeType=" + types.map { $0 + ";" }.joined() + "\n"
        var diagnostics: [Diagnostic] = []
        let entry = try DesktopEntry.parse(text, path: "t.desktop", id: "t.desktop", diagnostics: &diagnostics)
        #expect(entry.mimeTypes == types)
    }
}
