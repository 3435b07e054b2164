import AssocTestSupport
import Foundation
import PortalDialogs
import Testing

@testable import AssocCLI

/// `assoc portal --check` names what keeps the frontend from picking assoc, each with its fix;
/// `--register` makes only its own link and `--unregister` takes only that away.
@Suite("the portal's set-up, checked and registered")
struct PortalSetupTests {
    /// A tree with a stand-in frontend of `version`, a portals directory holding `portals`, and
    /// `PATH` with the programs in `programs`.
    static func world(version: String, portals: [String: String], programs: [String] = []) throws -> (
        TemporaryXDGTree, [String: String]
    ) {
        let tree = try TemporaryXDGTree()
        let frontend = try tree.write("libexec/xdg-desktop-portal", "#!/bin/sh\necho 'xdg-desktop-portal \(version)'\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: frontend)
        _ = try tree.makeDirectory("portals")
        for (name, text) in portals { try tree.write("portals/\(name)", text) }
        for program in programs {
            let path = try tree.write("bin/\(program)", "#!/bin/sh\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        _ = try tree.makeDirectory("bin")
        var variables = tree.variables()
        variables["PATH"] = tree.path("bin") + ":/bin:/usr/bin"
        variables["ASSOC_PORTAL_FRONTEND"] = frontend
        variables["XDG_DESKTOP_PORTAL_DIR"] = tree.path("portals")
        variables["XDG_CURRENT_DESKTOP"] = "GNOME"
        return (tree, variables)
    }

    static let gtk = """
        [portal]
        DBusName=org.freedesktop.impl.portal.desktop.gtk
        Interfaces=org.freedesktop.impl.portal.FileChooser;org.freedesktop.impl.portal.AppChooser;
        UseIn=gnome

        """

    @Test("three things wrong: assoc.portal missing, portals.conf naming another backend, a terminal without its flag")
    func threeProblems() throws {
        let (tree, variables) = try Self.world(version: "1.18.4", portals: ["gtk.portal": Self.gtk], programs: ["myterm"])
        try tree.write("config/xdg-desktop-portal/portals.conf", "[preferred]\ndefault=gtk;\n")
        try tree.write("config/assoc/portal.conf", "[Portal]\nTerminal=myterm\n")
        let run = runCLI(["portal", "--check"], environment: variables)
        #expect(run.status == 1, "\(run.standardError)")
        let out = run.standardOutput
        #expect(out.contains("problem: \(tree.path("portals"))/assoc.portal is missing"), "\(out)")
        #expect(out.contains("fix: install assoc first (make install), then run 'assoc portal --register' as root"), "\(out)")
        let conf = tree.path("config/xdg-desktop-portal/portals.conf")
        #expect(out.contains("problem: FileChooser is served by gtk.portal: \(conf):2 names gtk"), "\(out)")
        #expect(out.contains("fix: add 'org.freedesktop.impl.portal.FileChooser=assoc' under [preferred] in \(conf)"), "\(out)")
        #expect(out.contains("problem: AppChooser is served by gtk.portal"), "\(out)")
        #expect(out.contains("problem: Terminal=myterm in \(tree.path("config/assoc/portal.conf")) has no argument"), "\(out)")
        #expect(out.contains("fix: write the flag it takes, such as Terminal=myterm -e"), "\(out)")
    }

    @Test("1.16 ignores portals.conf: the backend whose UseIn names the desktop wins, and the fix is XDG_CURRENT_DESKTOP")
    func useInOnOldFrontends() throws {
        let assoc = try String(contentsOfFile: Corpus.packageRoot + "/data/portal/assoc.portal", encoding: .utf8)
        let (tree, variables) = try Self.world(
            version: "1.16.0", portals: ["gtk.portal": Self.gtk, "assoc.portal": assoc], programs: ["xterm"])
        try tree.write("config/xdg-desktop-portal/portals.conf", "[preferred]\ndefault=assoc;\n")
        try tree.write("config/assoc/portal.conf", "[Portal]\nTerminal=xterm\n")
        let run = runCLI(["portal", "--check"], environment: variables)
        #expect(run.standardOutput.contains("FileChooser: gtk (gtk.portal has UseIn=gnome"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("assoc first in XDG_CURRENT_DESKTOP (such as assoc:GNOME)"), "\(run.standardOutput)")
        #expect(
            run.standardOutput.contains("terminal: \(tree.path("bin/xterm")) -e COMMAND…")
                || run.standardOutput.contains("terminal: xterm -e COMMAND…"), "\(run.standardOutput)")
        var fixed = variables
        fixed["XDG_CURRENT_DESKTOP"] = "assoc:GNOME"
        let again = runCLI(["portal", "--check", "--json"], environment: fixed)
        #expect(
            again.standardOutput.contains(#""interface":"org.freedesktop.impl.portal.FileChooser","backend":"assoc""#),
            "\(again.standardOutput)")
        #expect(!again.standardOutput.contains("Terminal="), "\(again.standardOutput)")
    }

    @Test(
        "1.16, assoc first in XDG_CURRENT_DESKTOP, assoc.portal not registered: the missing file is said, not XDG_CURRENT_DESKTOP"
    )
    func missingDeclarationWithAssocFirst() throws {
        var (tree, variables) = try Self.world(version: "1.16.0", portals: [:], programs: ["xterm"])
        variables["XDG_CURRENT_DESKTOP"] = "assoc:X-Generic"
        let run = runCLI(["portal", "--check"], environment: variables)
        #expect(run.standardOutput.contains("problem: \(tree.path("portals"))/assoc.portal is missing"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("XDG_CURRENT_DESKTOP ("), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("is served by"), "\(run.standardOutput)")
    }

    @Test("register links assoc.portal once, refuses a foreign file; unregister removes only its own link")
    func registration() throws {
        let tree = try TemporaryXDGTree()
        let installed = try tree.write("prefix/share/xdg-desktop-portal/portals/assoc.portal", "[portal]\n")
        let directory = try tree.makeDirectory("frontend-portals")
        #expect(try PortalRegistration.register(installed, in: directory))
        #expect(try !PortalRegistration.register(installed, in: directory))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/assoc.portal") == installed)
        #expect(try PortalRegistration.unregister(installed, in: directory))
        #expect(!FileManager.default.fileExists(atPath: directory + "/assoc.portal"))
        #expect(try !PortalRegistration.unregister(installed, in: directory))
        try tree.write("frontend-portals/assoc.portal", "[portal]\nDBusName=someone.else\n")
        #expect(throws: PortalRegistration.Failure.self) { try PortalRegistration.register(installed, in: directory) }
        #expect(throws: PortalRegistration.Failure.self) { try PortalRegistration.unregister(installed, in: directory) }
        #expect(try String(contentsOfFile: directory + "/assoc.portal", encoding: .utf8).contains("someone.else"))
    }

    @Test("register makes a frontend's missing portals directory (Debian 12 ships none); unregister removes it once empty")
    func registrationMakesTheDirectory() throws {
        let tree = try TemporaryXDGTree()
        let installed = try tree.write("prefix/share/xdg-desktop-portal/portals/assoc.portal", "[portal]\n")
        let share = try tree.makeDirectory("usr/share")
        let directory = share + "/xdg-desktop-portal/portals"
        #expect(try PortalRegistration.register(installed, in: directory))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/assoc.portal") == installed)
        let mode = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int
        #expect(mode == 0o755)
        #expect(try PortalRegistration.unregister(installed, in: directory))
        #expect(!FileManager.default.fileExists(atPath: share + "/xdg-desktop-portal"))
        #expect(FileManager.default.fileExists(atPath: share))
    }
}
