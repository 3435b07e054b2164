import AssocCLI
import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Synchronization
import Testing
import XDGSupport

/// The shared world's tree, removed when the test process exits.
private let profileWorldRoot = Mutex<String?>(nil)

/// `assoc profile apply` and `export` in temporary trees over the Debian corpus's desktop entries,
/// their answers compared with the real `gio mime` and `xdg-mime query default`.
@Suite("profiles over the Debian corpus", .enabled(if: canBuildWorld))
struct ProfileTests {
    /// One in-process run of `assoc`.
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    static func assoc(_ arguments: [String], _ variables: [String: String]) -> Run {
        let (sink, captured) = OutputSink.capturing()
        let status = AssocCLI.run(arguments: arguments, environment: variables, output: sink)
        return Run(status: status.rawValue, output: captured.standardOutput, errors: captured.standardError)
    }

    /// One corpus world for the suite (building it is most of a test's time), with
    /// `mimeinfo.cache` files where `update-desktop-database` is installed; each test writes in a
    /// scope of its own.
    static let shared: Result<CorpusWorld, any Error> = Result {
        let world = try CorpusWorld(mimeInfoCache: Corpus.program("update-desktop-database") != nil)
        // A static value is never released: the tree is removed when the test process exits.
        profileWorldRoot.withLock { $0 = world.tree.root }
        atexit {
            if let root = profileWorldRoot.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: root) }
        }
        return world
    }

    /// A scope of the shared world: its own home, user and system configuration and state.
    struct Scope {
        let world: CorpusWorld
        let base: String
        let variables: [String: String]

        /// `relative` inside the scope.
        func path(_ relative: String) -> String { world.tree.path(base + "/" + relative) }

        /// Writes `text` at `relative` inside the scope.
        @discardableResult
        func write(_ relative: String, _ text: String) throws -> String { try world.tree.write(base + "/" + relative, text) }
    }

    static func scope(desktop: String = "") throws -> Scope {
        let world = try shared.get()
        let base = "scopes/" + UUID().uuidString
        var variables = world.variables(desktop: desktop)
        for (name, directory) in [
            ("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_CONFIG_DIRS", "etc-xdg"), ("XDG_STATE_HOME", "state"),
            ("XDG_DATA_HOME", "data"),
            ("XDG_CACHE_HOME", "cache"),
        ] {
            variables[name] = world.tree.path(base + "/" + directory)
        }
        return Scope(world: world, base: base, variables: variables)
    }

    /// Writes a profile into the scope and returns its path.
    static func profile(_ scope: Scope, _ name: String, _ text: String) throws -> String {
        try scope.write("profiles/" + name, text)
    }

    static func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// What `gio mime TYPE` says the default is, or nil when gio is not installed.
    static func gioDefault(_ type: String, _ variables: [String: String]) throws -> String?? {
        guard let gio = Corpus.program("gio") else { return nil }
        let output = try ProcessRunner.run(gio, ["mime", type], environment: variables).standardOutput
        return .some(GIOAnswer(gioOutput: output).defaultApplication)
    }

    /// What `xdg-mime query default TYPE` answers, or nil when xdg-mime is not installed. It is a
    /// shell script: the system's tools follow the world's stubs on its PATH.
    static func xdgMimeDefault(_ type: String, _ variables: [String: String]) throws -> String?? {
        guard let xdgMime = Corpus.program("xdg-mime") else { return nil }
        var variables = variables
        variables["PATH"] = (variables["PATH"] ?? "") + ":/usr/bin:/bin"
        let output = try ProcessRunner.run(xdgMime, ["query", "default", type], environment: variables).standardOutput
        let answer = output.trimmingCharacters(in: .whitespacesAndNewlines)
        return .some(answer.isEmpty ? nil : answer)
    }

    /// The JSON object `profile apply --json` printed.
    static func json(_ run: Run) throws -> JSONObject {
        try JSONObject(try JSONReader(maximumSize: 64 << 20).read(run.output))
    }

    @Test("export, then apply to a fresh tree: the same effective defaults by assoc, gio mime and xdg-mime query default")
    func exportThenApply() throws {
        let world = try Self.scope()
        let first = world.variables
        let choices = [
            ["application/pdf", "org.kde.okular.desktop"], ["image/*", "org.gnome.eog.desktop"],
            ["x-scheme-handler/mailto", "claws-mail.desktop"], ["text/plain", "org.kde.kate.desktop"],
            ["inode/directory", "thunar.desktop"],
        ]
        for choice in choices {
            let set = Self.assoc(["set"] + choice, first)
            #expect(set.status == 0, "\(choice): \(set.errors)")
        }
        let export = Self.assoc(["profile", "export"], first)
        #expect(export.status == 0, "\(export.errors)")
        #expect(export.output.contains("\nimage/*=org.gnome.eog.desktop;\n"), "the rule is kept as a rule:\n\(export.output)")
        #expect(!export.output.contains("image/png="), "the rule's types are not written one by one:\n\(export.output)")
        let file = try Self.profile(world, "mine.profile", export.output)

        var fresh = first
        fresh["XDG_CONFIG_HOME"] = world.path("config-fresh")
        fresh["XDG_STATE_HOME"] = world.path("state-fresh")
        let apply = Self.assoc(["profile", "apply", file], fresh)
        #expect(apply.status == 0, "\(apply.output)\(apply.errors)")

        let before = AssociationResolver(
            environment: XDGEnvironment(first), database: MIMEDatabase(environment: XDGEnvironment(first)))
        let after = AssociationResolver(environment: XDGEnvironment(fresh), database: before.database)
        let list = Self.read(world.path("config/mimeapps.list")) ?? ""
        let types = list.split(separator: "\n").prefix { $0 != "[Added Associations]" }.compactMap { line in
            line.contains("=") ? String(line.split(separator: "=")[0]) : nil
        }
        #expect(types.count > 10, "\(list)")
        var differences: [String] = []
        for type in types {
            for mode in ResolutionMode.allCases {
                let old = before.resolve(type, mode: mode).defaultApplication
                let new = after.resolve(type, mode: mode).defaultApplication
                if old != new { differences.append("\(type) --as \(mode.rawValue): \(old ?? "none") → \(new ?? "none")") }
            }
            // The peers are asked about three of the rule's types (each a process or two); assoc's
            // three resolutions above cover every one.
            guard !type.hasPrefix("image/") || types.filter({ $0.hasPrefix("image/") }).prefix(3).contains(type) else { continue }
            let gio = (try Self.gioDefault(type, first), try Self.gioDefault(type, fresh))
            if gio.0 != gio.1 {
                differences.append("\(type) gio mime: \(String(describing: gio.0)) → \(String(describing: gio.1))")
            }
            let xdg = (try Self.xdgMimeDefault(type, first), try Self.xdgMimeDefault(type, fresh))
            if xdg.0 != xdg.1 {
                differences.append("\(type) xdg-mime: \(String(describing: xdg.0)) → \(String(describing: xdg.1))")
            }
        }
        #expect(differences.isEmpty, "\(differences)")
        if let gio = try Self.gioDefault("application/pdf", fresh) { #expect(gio == "org.kde.okular.desktop") }
        #expect(Self.read(world.path("config-fresh/assoc/rules.list"))?.contains("image/*=org.gnome.eog.desktop;") == true)
    }

    @Test("a second apply reports no change and writes nothing: the list's bytes and mtime stay")
    func secondApplyWritesNothing() throws {
        let world = try Self.scope()
        let variables = world.variables
        let file = try Self.profile(
            world, "site.profile",
            """
            [Profile]
            Name=site
            Version=1
            [Enforce]
            web-browser=no-such-browser.desktop;firefox-esr.desktop;org.gnome.Epiphany.desktop;
            mail=thunderbird.desktop;claws-mail.desktop
            image/*=org.gnome.eog.desktop
            terminal=xfce4-terminal.desktop
            [Suggest]
            text/plain=org.gnome.TextEditor.desktop

            """)
        let first = Self.assoc(["profile", "apply", "--json", file], variables)
        #expect(first.status == 0, "\(first.output)\(first.errors)")
        #expect(try Self.json(first).bool("changed") == true)
        let paths = ["config/mimeapps.list", "config/xdg-terminals.list", "state/assoc/profiles.list", "config/assoc/rules.list"]
            .map(world.path)
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for path in paths { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path) }
        let snapshot = try paths.map {
            (Self.read($0), try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date)
        }

        let second = Self.assoc(["profile", "apply", file], variables)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.contains("mimeapps.list: nothing to change"), "\(second.output)")
        #expect(second.output.contains("xdg-terminals.list: nothing to change"), "\(second.output)")
        let third = Self.assoc(["profile", "apply", "--json", file], variables)
        #expect(try Self.json(third).bool("changed") == false)
        let now = try paths.map {
            (Self.read($0), try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date)
        }
        for (index, path) in paths.enumerated() {
            #expect(now[index].0 == snapshot[index].0, "\(path) changed")
            #expect(now[index].1 == old, "\(path)'s mtime changed")
        }
        #expect(Self.read(paths[0])?.contains("x-scheme-handler/http=org.gnome.Epiphany.desktop;") == true)
        #expect(Self.read(paths[1])?.hasPrefix("xfce4-terminal.desktop\n") == true)
    }

    @Test("--check exits 1, then 0 once applied; --diff is exactly what apply then writes")
    func checkAndDiff() throws {
        let world = try Self.scope()
        let variables = world.variables
        let list = world.path("config/mimeapps.list")
        _ = try world.write("config/mimeapps.list", "# mine\n[Default Applications]\ntext/plain=org.kde.kate.desktop;\n")
        let file = try Self.profile(
            world, "p.profile",
            "[Enforce]\napplication/pdf=org.gnome.Evince.desktop\n.odt=libreoffice-writer\ntext/plain=org.gnome.gedit\n")
        let beforeText = Self.read(list)
        let check = Self.assoc(["profile", "apply", "--check", "--diff", file], variables)
        #expect(check.status == 1, "\(check.output)\(check.errors)")
        #expect(Self.read(list) == beforeText, "--check wrote")
        let apply = Self.assoc(["profile", "apply", file], variables)
        #expect(apply.status == 0, "\(apply.errors)")
        let afterText = try #require(Self.read(list))
        #expect(check.output == UnifiedDiff.make(old: beforeText, new: afterText, path: list), "\(check.output)")
        #expect(afterText.hasPrefix("# mine\n"))
        let again = Self.assoc(["profile", "apply", "--check", "--diff", file], variables)
        #expect(again.status == 0, "\(again.output)\(again.errors)")
        #expect(again.output.isEmpty)
    }

    @Test("a [Suggest] entry the person changes after apply stays theirs until the profile's Version rises")
    func suggestionStaysTheirs() throws {
        let world = try Self.scope()
        let variables = world.variables
        let text = "[Profile]\nName=team\nVersion=VERSION\n[Suggest]\ntext/plain=org.gnome.TextEditor.desktop\n"
        let file = try Self.profile(world, "team.profile", text.replacingOccurrences(of: "VERSION", with: "1"))
        let resolver = {
            AssociationResolver(
                environment: XDGEnvironment(variables), database: MIMEDatabase(environment: XDGEnvironment(variables)))
        }
        #expect(Self.assoc(["profile", "apply", file], variables).status == 0)
        #expect(resolver().resolve("text/plain").defaultApplication == "org.gnome.TextEditor.desktop")
        #expect(Self.assoc(["set", "text/plain", "org.kde.kate.desktop"], variables).status == 0)
        let kept = Self.assoc(["profile", "apply", "--json", file], variables)
        #expect(kept.status == 0)
        let entry = try #require(try Self.json(kept).objects("entries").first)
        #expect(try entry.string("status") == "kept")
        #expect(resolver().resolve("text/plain").defaultApplication == "org.kde.kate.desktop")
        #expect(Self.assoc(["profile", "apply", "--check", file], variables).status == 0, "a kept suggestion complies")
        _ = try Self.profile(world, "team.profile", text.replacingOccurrences(of: "VERSION", with: "2"))
        #expect(Self.assoc(["profile", "apply", file], variables).status == 0)
        #expect(resolver().resolve("text/plain").defaultApplication == "org.gnome.TextEditor.desktop")
        #expect(Self.read(world.path("state/assoc/profiles.list"))?.contains("[Suggested user]\nteam=2\n") == true)
    }

    @Test("no installed candidate, an unknown type and a shadowing desktop-specific list each warn with file and line")
    func warnings() throws {
        let world = try Self.scope(desktop: "GNOME")
        let variables = world.variables
        _ = try world.write("config/gnome-mimeapps.list", "[Default Applications]\ntext/html=abiword.desktop;\n")
        let file = try Self.profile(
            world, "w.profile",
            "[Enforce]\napplication/pdf=not-installed.desktop;also-missing\napplication/x-assoc-made-up=org.gnome.Evince.desktop\n"
                + "text/html=org.gnome.Epiphany.desktop\n")
        let run = Self.assoc(["profile", "apply", "--json", file], variables)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        let warnings = try Self.json(run).objects("warnings")
        let kinds = try warnings.map { "\(try $0.string("kind")):\(try $0.int("line"))" }
        #expect(kinds.contains("no-candidate:2") && kinds.contains("unknown-type:3") && kinds.contains("shadowed:4"), "\(kinds)")
        let shadowed = try warnings.filter { try $0.string("kind") == "shadowed" }.map { try $0.string("message") }
        #expect(
            shadowed.contains {
                $0.contains(world.path("config/gnome-mimeapps.list") + ":2 wins") && $0.hasPrefix(file + ":4: ")
            },
            "\(shadowed)")
        let missing = try warnings.first { try $0.string("kind") == "no-candidate" }?.string("message") ?? ""
        #expect(
            missing.contains("not-installed.desktop is not installed")
                && missing.contains("also-missing.desktop is not installed"))
        let text = Self.assoc(["profile", "apply", file], variables)
        #expect(text.errors.contains("assoc: warning: \(file):3: 'application/x-assoc-made-up'"), "\(text.errors)")
    }

    @Test("an Include= cycle is an error naming the file and line that closes it; includes layer entries")
    func includes() throws {
        let world = try Self.scope()
        let variables = world.variables
        _ = try Self.profile(
            world, "base.profile", "[Enforce]\napplication/pdf=org.gnome.Evince.desktop\ntext/plain=org.kde.kate\n")
        let department = try Self.profile(
            world, "department.profile", "[Profile]\nInclude=base.profile\n[Enforce]\ntext/plain=org.gnome.gedit.desktop\n")
        let run = Self.assoc(["profile", "apply", "--json", department], variables)
        #expect(run.status == 0, "\(run.errors)")
        let chosen = try Self.json(run).objects("entries").map {
            "\(try $0.string("target"))=\(try $0.optionalString("chosen") ?? "")"
        }
        #expect(chosen == ["application/pdf=org.gnome.Evince.desktop", "text/plain=org.gnome.gedit.desktop"])

        let a = try Self.profile(world, "a.profile", "[Profile]\nName=a\nInclude=b.profile\n")
        let b = try Self.profile(world, "b.profile", "# b\n[Profile]\nInclude=a.profile\n")
        let listBefore = Self.read(world.path("config/mimeapps.list"))
        let cycle = Self.assoc(["profile", "apply", a], variables)
        #expect(cycle.status == 2)
        #expect(cycle.errors.contains("assoc: \(b):3: Include= makes a cycle: "), "\(cycle.errors)")
        #expect(Self.read(world.path("config/mimeapps.list")) == listBefore, "nothing is written")
        let bad = try Self.profile(world, "bad.profile", "[Profile]\nVersion=two\n")
        #expect(Self.assoc(["profile", "apply", bad], variables).errors.contains("\(bad):2: Version= must be a whole number"))
    }

    @Test("--system, and a user without a list: gio mime and xdg-mime query default answer with the profile's application")
    func systemLevel() throws {
        let world = try Self.scope()
        let variables = world.variables
        let file = try Self.profile(
            world, "fleet.profile",
            "[Enforce]\napplication/pdf=org.kde.okular.desktop\nfile-manager=thunar.desktop\nmail=thunderbird;claws-mail\n")
        let run = Self.assoc(["profile", "apply", "--system", file], variables)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(FileManager.default.fileExists(atPath: world.path("etc-xdg/mimeapps.list")))
        #expect(!FileManager.default.fileExists(atPath: world.path("config/mimeapps.list")))
        for (type, id) in [
            ("application/pdf", "org.kde.okular.desktop"), ("inode/directory", "thunar.desktop"),
            ("x-scheme-handler/mailto", "claws-mail.desktop"),
        ] {
            if let gio = try Self.gioDefault(type, variables) { #expect(gio == id, "gio mime \(type)") }
            if let xdg = try Self.xdgMimeDefault(type, variables) { #expect(xdg == id, "xdg-mime query default \(type)") }
        }
        // --desktop writes NAME-mimeapps.list there, [Default Applications] only, which wins on that desktop.
        let gnome = Self.assoc(["profile", "apply", "--system", "--desktop", "GNOME", file], variables)
        #expect(gnome.status == 0, "\(gnome.output)\(gnome.errors)")
        let desktopList = try #require(Self.read(world.path("etc-xdg/gnome-mimeapps.list")))
        #expect(
            desktopList.hasPrefix("[Default Applications]\n") && !desktopList.contains("[Added Associations]"), "\(desktopList)")
        var onGNOME = variables
        onGNOME["XDG_CURRENT_DESKTOP"] = "GNOME"
        if let gio = try Self.gioDefault("application/pdf", onGNOME) { #expect(gio == "org.kde.okular.desktop") }
        // The user's own choice wins over the system's list, and apply --system says which line.
        _ = try world.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=org.gnome.Evince.desktop;\n")
        let shadowed = Self.assoc(["profile", "apply", "--system", file], variables)
        #expect(shadowed.errors.contains(world.path("config/mimeapps.list") + ":2 wins"), "\(shadowed.errors)")
    }

    @Test("two keys naming one type (an alias and its type): the later entry writes it, and nothing is reported shadowed")
    func aliasKeys() throws {
        let world = try Self.scope()
        let file = try Self.profile(
            world, "alias.profile",
            "[Enforce]\napplication/x-pdf=org.gnome.Evince.desktop\napplication/pdf=org.kde.okular.desktop\n")
        let run = Self.assoc(["profile", "apply", "--json", file], world.variables)
        #expect(run.status == 0, "\(run.errors)")
        let object = try Self.json(run)
        #expect(try object.objects("warnings").isEmpty, "\(run.output)")
        #expect(try object.objects("entries").map { try $0.strings("types") } == [[], ["application/pdf"]])
        #expect(try object.objects("entries").map { try $0.string("status") } == ["replaced", "applied"])
        let list = Self.read(world.path("config/mimeapps.list")) ?? ""
        #expect(list.contains("application/pdf=org.kde.okular.desktop;") && !list.contains("Evince"), "\(list)")
    }

    @Test("a version whose suggestion had no installed candidate is not remembered: installed later, it is applied")
    func suggestionInstalledLater() throws {
        let world = try Self.scope()
        let variables = world.variables
        let file = try Self.profile(
            world, "late.profile",
            "[Profile]\nName=late\nVersion=1\n[Suggest]\ntext/plain=org.kde.kate.desktop\napplication/pdf=late-viewer.desktop\n")
        #expect(Self.assoc(["profile", "apply", file], variables).status == 1)
        #expect(Self.read(world.path("state/assoc/profiles.list")) == nil, "a version with a skipped suggestion was remembered")
        try world.write(
            "data/applications/late-viewer.desktop",
            "[Desktop Entry]\nType=Application\nName=Late\nExec=evince %f\nMimeType=application/pdf;\n")
        let run = Self.assoc(["profile", "apply", file], variables)
        #expect(run.status == 0, "\(run.errors)")
        #expect(Self.read(world.path("config/mimeapps.list"))?.contains("application/pdf=late-viewer.desktop;") == true)
        #expect(Self.read(world.path("state/assoc/profiles.list"))?.contains("late=1") == true)
    }
}
