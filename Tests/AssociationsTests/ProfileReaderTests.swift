import AssocTestSupport
import Associations
import Foundation
import Testing

/// The profile reader: groups from the table, includes layered and checked for cycles, and every
/// error naming the file and the line.
@Suite("profile reader")
struct ProfileReaderTests {
    static func read(_ files: [String: String], top: String = "top.profile") throws -> (Profile, TemporaryXDGTree) {
        let tree = try TemporaryXDGTree()
        for (name, text) in files { _ = try tree.write(name, text) }
        return (try ProfileReader().read(tree.path(top)), tree)
    }

    static func error(_ files: [String: String], top: String = "top.profile") throws -> (String, TemporaryXDGTree) {
        let tree = try TemporaryXDGTree()
        for (name, text) in files { _ = try tree.write(name, text) }
        do {
            _ = try ProfileReader().read(tree.path(top))
        } catch {
            return (error.description, tree)
        }
        Issue.record("no error for \(files)")
        return ("", tree)
    }

    @Test("[Profile], [Enforce] and [Suggest]: name, version, entries with their group, candidates and line")
    func reads() throws {
        let (profile, tree) = try Self.read([
            "top.profile":
                "# c\n[Profile]\nName=site\nVersion=4\n\n[Enforce]\nweb-browser=a.desktop; b ;\n[Suggest]\n.odt=c.desktop\n"
        ])
        #expect(profile.name == "site" && profile.version == 4 && profile.path == tree.path("top.profile"))
        #expect(profile.entries.map(\.target) == ["web-browser", ".odt"])
        #expect(profile.entries.map(\.group.name) == ["Enforce", "Suggest"])
        #expect(profile.entries[0].candidates == ["a.desktop", "b"] && profile.entries[0].line == 7)
        #expect(profile.entries[0].role == .webBrowser && profile.entries[1].role == nil)
    }

    @Test("[Edit] and [Markup] are groups of their roles: a type in [Enforce] and [Edit] is two keys, twice in [Edit] one")
    func roleGroups() throws {
        let (profile, _) = try Self.read([
            "base.profile": "[Edit]\nimage/png=base\n[Markup]\nimage/png=base\n",
            "top.profile":
                "[Profile]\nInclude=base.profile\n[Enforce]\nimage/png=a\n[Edit]\nimage/png=b\napplication/pdf=c\n[Markup]\n"
                + "application/pdf=d\n",
        ])
        #expect(
            profile.entries.map { "\($0.target)=\($0.candidates[0])@\($0.group.name):\($0.group.role.rawValue)" } == [
                "image/png=base@Markup:markup", "image/png=a@Enforce:view", "image/png=b@Edit:edit",
                "application/pdf=c@Edit:edit", "application/pdf=d@Markup:markup",
            ])
        #expect(ProfileGroup.all.filter { $0.role != .view }.allSatisfy { $0.policy == .always })
        let (twice, tree) = try Self.error(["top.profile": "[Edit]\nimage/png=a\n[Markup]\nimage/png=a\n[Edit]\nimage/png=b\n"])
        #expect(twice == "\(tree.path("top.profile")):6: 'image/png' is written twice in this profile (first on line 2)")
    }

    @Test("without Name= the file's name is the profile's, and the version is 0")
    func defaults() throws {
        let (profile, _) = try Self.read(["team.profile": "[Enforce]\ntext/plain=a\n"], top: "team.profile")
        #expect(profile.name == "team" && profile.version == 0)
    }

    @Test("an included file comes first; the including file's entry of the same key replaces it")
    func includes() throws {
        let (profile, tree) = try Self.read([
            "base/base.profile": "[Profile]\nName=ignored\n[Enforce]\ntext/plain=base\napplication/pdf=base\n",
            "top.profile": "[Profile]\nInclude=base/base.profile\n[Suggest]\ntext/plain=top\n",
        ])
        #expect(profile.name == "top")
        #expect(
            profile.entries.map { "\($0.target)=\($0.candidates[0])@\($0.group.name)" } == [
                "application/pdf=base@Enforce", "text/plain=top@Suggest",
            ])
        #expect(profile.entries[0].path == tree.path("base/base.profile"))
    }

    @Test(
        "each fault is an error naming the file and line",
        arguments: [
            ("[Enforce]\ntext/plain\n", ":2: expected 'key=value'"),
            (
                "[Enforce]\ntext/plain=a\n[Enfore]\n",
                ":3: unknown group '[Enfore]'; a profile has [Profile], [Enforce], [Suggest]"
            ),
            ("[Profile]\nColour=red\n", ":2: unknown key 'Colour' in [Profile]"),
            ("[Profile]\nVersion=1.5\n", ":2: Version= must be a whole number, found '1.5'"),
            ("[Profile]\nName=a=b\n", ":2: Name= must be non-empty"),
            ("[Suggest]\ntext/plain=;\n", ":2: 'text/plain' names no desktop file ID"),
            (
                "[Enforce]\ntext/plain=a\n[Suggest]\ntext/plain=b\n",
                ":4: 'text/plain' is written twice in this profile (first on line 2)"
            ),
            ("[Profile]\nInclude=top.profile\n", ":2: Include= makes a cycle: "),
            ("[Profile]\nInclude=missing.profile\n", ":2: cannot read the included '"),
        ])
    func errors(text: String, message: String) throws {
        let (error, tree) = try Self.error(["top.profile": text])
        #expect(error.hasPrefix(tree.path("top.profile") + message), "\(error)")
    }

    @Test("a cycle through two files names the line of the Include= that closes it, and the chain")
    func cycle() throws {
        let (error, tree) = try Self.error([
            "top.profile": "[Profile]\nInclude=a.profile\n", "a.profile": "# a\n[Profile]\nInclude=top.profile\n",
        ])
        #expect(
            error
                == "\(tree.path("a.profile")):3: Include= makes a cycle: "
                + [tree.path("top.profile"), tree.path("a.profile"), tree.path("top.profile")].map(ProfileReaderTests.real)
                .joined(separator: " → "))
    }

    static func real(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }

    @Test("the roles stand for the types documented, the browser's being xdg-settings' own")
    func roles() {
        #expect(ProfileRole.webBrowser.types == WebBrowserSettings.browserTypes)
        #expect(ProfileRole.webBrowser.types.prefix(3) == ["text/html", "x-scheme-handler/http", "x-scheme-handler/https"])
        #expect(ProfileRole.mail.types == ["x-scheme-handler/mailto"])
        #expect(ProfileRole.fileManager.types == ["inode/directory"])
        #expect(ProfileRole.terminal.types.isEmpty && ProfileRole.terminal.usesTerminalList)
    }

    @Test("xdg-terminals.list: the chosen ID goes first, comments and other IDs stay, a second time changes nothing")
    func terminalList() {
        let old = "# mine\nkitty.desktop\nfoot.desktop\n"
        let new = TerminalPreferenceList.preferring("foot.desktop", in: old)
        #expect(new == "# mine\nfoot.desktop\nkitty.desktop\n")
        #expect(TerminalPreferenceList.preferring("foot.desktop", in: new) == nil)
        #expect(TerminalPreferenceList.preferring("foot.desktop", in: nil) == "foot.desktop\n")
    }
}
