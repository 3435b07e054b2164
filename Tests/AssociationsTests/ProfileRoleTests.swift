import AssocTestSupport
import Associations
import Foundation
import Testing
import XDGSupport

/// `[Edit]` and `[Markup]` in profiles over the Debian corpus: the role defaults land in
/// `assoc/roles.list` at the level applied, `assoc default --role` answers with them, `gio mime`
/// does not change, and a second apply, `--diff`, `export` and the history behave as for `[Enforce]`.
@Suite("profiles: the edit and markup roles, and the history", .enabled(if: canBuildWorld))
struct ProfileRoleTests {
    static let roleProfile = """
        [Profile]
        Name=roles
        [Enforce]
        application/pdf=org.gnome.Evince.desktop
        [Edit]
        image/png=not-installed.desktop;gimp.desktop
        text/plain=org.kde.kate.desktop
        [Markup]
        application/pdf=com.github.xournalpp.xournalpp.desktop

        """

    /// What `assoc default --role ROLE TYPE` prints, without its newline.
    static func roleDefault(_ role: String, _ type: String, _ variables: [String: String]) -> String {
        let run = ProfileTests.assoc(["default", "--role", role, type], variables)
        return run.output.trimmingCharacters(in: .newlines)
    }

    /// The bytes and modification time of `path`.
    static func state(_ path: String) throws -> (String?, Date?) {
        (ProfileTests.read(path), try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    @Test(
        "apply [Edit] and [Markup]: default --role answers the profile's app, gio mime is unchanged, a second apply writes nothing"
    )
    func applied() throws {
        let world = try ProfileTests.scope()
        let variables = world.variables
        let file = try ProfileTests.profile(world, "roles.profile", Self.roleProfile)
        let peersBefore = try ["image/png", "text/plain"].map { try ProfileTests.gioDefault($0, variables) }
        let run = ProfileTests.assoc(["profile", "apply", "--json", file], variables)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let object = try ProfileTests.json(run)
        #expect(try object.objects("warnings").isEmpty, "\(run.output)")
        let entries = try object.objects("entries").map {
            "\(try $0.string("role")):\(try $0.string("target"))=\(try $0.optionalString("chosen") ?? "")"
        }
        #expect(
            entries == [
                "view:application/pdf=org.gnome.Evince.desktop", "edit:image/png=gimp.desktop",
                "edit:text/plain=org.kde.kate.desktop", "markup:application/pdf=com.github.xournalpp.xournalpp.desktop",
            ])
        let resolutions = try object.objects("entries")[1].objects("resolutions")
        #expect(try resolutions.map { try $0.string("as") } == ["edit"])
        #expect(try resolutions.first?.optionalString("origin") == world.path("config/assoc/roles.list") + ":2")

        let roles = world.path("config/assoc/roles.list")
        #expect(
            ProfileTests.read(roles)
                == "[Edit Applications]\nimage/png=gimp.desktop;\ntext/plain=org.kde.kate.desktop;\n\n"
                + "[Markup Applications]\napplication/pdf=com.github.xournalpp.xournalpp.desktop;\n")
        #expect(Self.roleDefault("edit", "image/png", variables) == "gimp.desktop")
        #expect(Self.roleDefault("edit", "text/plain", variables) == "org.kde.kate.desktop")
        #expect(Self.roleDefault("markup", "application/pdf", variables) == "com.github.xournalpp.xournalpp.desktop")
        #expect(Self.roleDefault("view", "application/pdf", variables) == "org.gnome.Evince.desktop")
        let mimeapps = world.path("config/mimeapps.list")
        let list = ProfileTests.read(mimeapps) ?? ""
        #expect(!list.contains("gimp") && !list.contains("kate") && !list.contains("xournalpp"), "\(list)")
        #expect(try ["image/png", "text/plain"].map { try ProfileTests.gioDefault($0, variables) } == peersBefore)
        if let gio = try ProfileTests.gioDefault("application/pdf", variables) { #expect(gio == "org.gnome.Evince.desktop") }

        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for path in [roles, mimeapps] { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path) }
        let before = try [roles, mimeapps].map(Self.state)
        let second = ProfileTests.assoc(["profile", "apply", file], variables)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.contains("roles.list: nothing to change"), "\(second.output)")
        #expect(second.output.contains("image/png (edit): gimp.desktop"), "\(second.output)")
        let check = ProfileTests.assoc(["profile", "apply", "--check", "--json", file], variables)
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        #expect(try ProfileTests.json(check).bool("changed") == false)
        let after = try [roles, mimeapps].map(Self.state)
        #expect(after.map(\.0) == before.map(\.0) && after.allSatisfy { $0.1 == old })
    }

    @Test("--check --diff prints exactly what apply then writes to mimeapps.list and roles.list")
    func diffIsWhatIsWritten() throws {
        let world = try ProfileTests.scope()
        let variables = world.variables
        let roles = try world.write("config/assoc/roles.list", "# mine\n[Edit Applications]\ntext/plain=org.kde.kate.desktop;\n")
        let mimeapps = world.path("config/mimeapps.list")
        let file = try ProfileTests.profile(world, "diff.profile", Self.roleProfile)
        let old = (ProfileTests.read(mimeapps), ProfileTests.read(roles))
        let check = ProfileTests.assoc(["profile", "apply", "--check", "--diff", file], variables)
        #expect(check.status == 1, "\(check.output)\(check.errors)")
        #expect((ProfileTests.read(mimeapps), ProfileTests.read(roles)) == old, "--check wrote")
        #expect(ProfileTests.assoc(["profile", "apply", file], variables).status == 0)
        let new = try (#require(ProfileTests.read(mimeapps)), #require(ProfileTests.read(roles)))
        #expect(new.1.hasPrefix("# mine\n[Edit Applications]\ntext/plain=org.kde.kate.desktop;\nimage/png=gimp.desktop;\n"))
        #expect(
            check.output
                == UnifiedDiff.make(old: old.0, new: new.0, path: mimeapps)
                + UnifiedDiff.make(old: old.1, new: new.1, path: roles),
            "\(check.output)")
        let again = ProfileTests.assoc(["profile", "apply", "--check", "--diff", file], variables)
        #expect(again.status == 0 && again.output.isEmpty, "\(again.output)\(again.errors)")
    }

    @Test("export writes [Edit] and [Markup]; applied to a fresh tree it gives the same roles.list, and again nothing")
    func exportRoundTrip() throws {
        let world = try ProfileTests.scope()
        let variables = world.variables
        let file = try ProfileTests.profile(world, "roles.profile", Self.roleProfile)
        #expect(ProfileTests.assoc(["profile", "apply", file], variables).status == 0)
        let export = ProfileTests.assoc(["profile", "export"], variables)
        #expect(export.status == 0, "\(export.errors)")
        #expect(
            export.output.hasSuffix(
                "[Enforce]\napplication/pdf=org.gnome.Evince.desktop;\n\n[Edit]\nimage/png=gimp.desktop;\n"
                    + "text/plain=org.kde.kate.desktop;\n\n[Markup]\napplication/pdf=com.github.xournalpp.xournalpp.desktop;\n"),
            "\(export.output)")
        let only = ProfileTests.assoc(["profile", "export", "image/png"], variables)
        #expect(only.output.hasSuffix("[Enforce]\n\n[Edit]\nimage/png=gimp.desktop;\n"), "\(only.output)")
        let exported = try ProfileTests.profile(world, "exported.profile", export.output)
        let again = ProfileTests.assoc(["profile", "apply", "--json", exported], variables)
        #expect(try ProfileTests.json(again).bool("changed") == false, "\(again.output)")

        var fresh = variables
        fresh["XDG_CONFIG_HOME"] = world.path("config-fresh")
        fresh["XDG_STATE_HOME"] = world.path("state-fresh")
        let apply = ProfileTests.assoc(["profile", "apply", exported], fresh)
        #expect(apply.status == 0, "\(apply.output)\(apply.errors)")
        #expect(
            ProfileTests.read(world.path("config-fresh/assoc/roles.list"))
                == ProfileTests.read(world.path("config/assoc/roles.list")))
        for (role, type) in [("edit", "image/png"), ("edit", "text/plain"), ("markup", "application/pdf")] {
            #expect(Self.roleDefault(role, type, fresh) == Self.roleDefault(role, type, variables), "\(role) \(type)")
        }
    }

    @Test("--system writes the system's roles.list; a user's own role default wins and is named with its line")
    func systemLevel() throws {
        let world = try ProfileTests.scope()
        let variables = world.variables
        let file = try ProfileTests.profile(world, "fleet.profile", "[Edit]\nimage/png=gimp.desktop\nterminal=gimp.desktop\n")
        let run = ProfileTests.assoc(["profile", "apply", "--system", file], variables)
        #expect(run.status == 1, "the terminal has no edit default: \(run.errors)")
        #expect(run.errors.contains("\(file):3: 'terminal': the terminal names no MIME type"), "\(run.errors)")
        #expect(ProfileTests.read(world.path("etc-xdg/assoc/roles.list")) == "[Edit Applications]\nimage/png=gimp.desktop;\n")
        #expect(!FileManager.default.fileExists(atPath: world.path("config/assoc/roles.list")))
        #expect(Self.roleDefault("edit", "image/png", variables) == "gimp.desktop")

        let user = try world.write("config/assoc/roles.list", "[Edit Applications]\nimage/png=org.kde.krita.desktop;\n")
        let shadowed = ProfileTests.assoc(["profile", "apply", "--system", "--check", file], variables)
        #expect(shadowed.status == 1)
        #expect(
            shadowed.errors.contains(
                "\(file):2: the edit application of image/png is org.kde.krita.desktop, not gimp.desktop because \(user):2 wins"),
            "\(shadowed.errors)")
    }

    @Test("once the history has started, an apply leaves its records, cause assoc and its command, by the time it exits")
    func recordedInHistory() throws {
        let world = try ProfileTests.scope()
        let variables = world.variables
        _ = ProfileTests.assoc(["history"], variables)
        #expect(DefaultsHistory(environment: XDGEnvironment(variables)).hasStarted)
        let file = try ProfileTests.profile(
            world, "history.profile",
            "[Enforce]\napplication/pdf=org.kde.okular.desktop\nimage/png=org.gnome.eog.desktop\n[Edit]\nimage/png=gimp.desktop\n"
        )
        let run = ProfileTests.assoc(["profile", "apply", file], variables)
        #expect(run.status == 0, "\(run.errors)")
        // The journal as the apply left it, read without comparing again (history --json would).
        let journal = DefaultsHistory(environment: XDGEnvironment(variables)).records()
        let causes = journal.map { record -> String in
            guard case .assoc(let command, _, _, _) = record.cause else { return record.cause.name }
            return command
        }
        #expect(Set(journal.map(\.type)).isSuperset(of: ["application/pdf", "image/png"]), "\(journal.map(\.type))")
        #expect(Set(causes) == ["assoc profile apply \(file)"], "\(causes)")
        let history = ProfileTests.assoc(["history", "--json"], variables)
        let records = try history.output.split(separator: "\n").map {
            try JSONObject(try JSONReader(maximumSize: 1 << 20).read(String($0)))
        }
        let byType = Dictionary(try records.map { (try $0.string("type"), $0) }, uniquingKeysWith: { first, _ in first })
        for (type, id) in [("application/pdf", "org.kde.okular.desktop"), ("image/png", "org.gnome.eog.desktop")] {
            let record = try #require(byType[type], "\(type): \(history.output)")
            #expect(try record.string("cause") == "assoc")
            #expect(try record.string("command") == "assoc profile apply \(file)")
            #expect(try record.string("file") == world.path("config/mimeapps.list"))
            #expect(history.output.contains("\"spec\":\"\(id)\""))
        }
        // One comparison for the whole apply: every record carries its time.
        #expect(try Set(records.map { try $0.string("id").split(separator: "-")[0] }).count == 1, "\(history.output)")
        #expect(records.allSatisfy { (try? $0.string("cause")) == "assoc" }, "\(history.output)")
    }
}
