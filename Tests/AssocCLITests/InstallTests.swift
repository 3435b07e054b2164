import AssocTestSupport
import Foundation
import Testing

@Suite("make install and uninstall")
struct InstallTests {
    /// The executable to install: the release build that `make check` made and named in
    /// ASSOC_RELEASE_BINARY, so that its static link is exercised; else the one the tests built.
    static var executable: String {
        let release = ProcessInfo.processInfo.environment["ASSOC_RELEASE_BINARY"] ?? ""
        return release.isEmpty ? ProcessRunner.assocExecutable : release
    }

    @Test(
        "make install DESTDIR PREFIX=/usr puts the binary, the pages and the completions where they are read",
        .enabled(if: Corpus.program("make") != nil))
    func install() throws {
        let stage = try TemporaryXDGTree()
        let make = try #require(Corpus.program("make"))
        let executable = Self.executable
        #expect(FileManager.default.isExecutableFile(atPath: executable), "no executable at \(executable)")
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": stage.path("home")]
        let installed = try ProcessRunner.run(
            make,
            [
                "-C", Corpus.packageRoot, "install", "DESTDIR=" + stage.root, "PREFIX=/usr",
                "ASSOC_BINARY=" + executable,
                "ASSOC_PORTAL_BINARY=" + ProcessRunner.assocExecutable + "-portal",
            ], environment: environment)
        #expect(installed.status == 0, "\(installed.standardError)")
        let root = stage.root + "/usr"
        #expect(FileManager.default.contentsEqual(atPath: root + "/bin/assoc", andPath: executable), "installed: \(executable)")
        let version = try ProcessRunner.run(root + "/bin/assoc", ["--version"], environment: [:])
        #expect(version.status == 0 && version.standardOutput.hasPrefix("assoc "))
        let pages = try FileManager.default.contentsOfDirectory(atPath: root + "/share/man/man1")
        #expect(pages.contains("assoc.1") && pages.contains("assoc-set.1"))
        if let man = Corpus.program("man") {
            let page = try ProcessRunner.run(
                man, ["-l", root + "/share/man/man1/assoc-set.1"],
                environment: ["PATH": "/usr/bin:/bin", "MANWIDTH": "80"])
            #expect(page.status == 0 && page.standardOutput.contains("assoc set"))
        }
        for file in [
            "share/bash-completion/completions/assoc", "share/zsh/vendor-completions/_assoc",
            "share/fish/vendor_completions.d/assoc.fish",
        ] {
            #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(file)")
        }
        if let bash = Corpus.program("bash") {
            let script =
                "source '\(root)/share/bash-completion/completions/assoc'; COMP_WORDS=(assoc imp); COMP_CWORD=1; "
                + "_assoc; printf '%s\\n' \"${COMPREPLY[@]}\""
            #expect(try ProcessRunner.run(bash, ["--norc", "-c", script], environment: environment).standardOutput == "import\n")
        }
        // The portal: its declaration, the D-Bus activation file and the systemd unit, which start
        // the installed `assoc portal`; the service executable where `assoc portal` looks for it.
        #expect(FileManager.default.isExecutableFile(atPath: root + "/libexec/assoc/assoc-portal"))
        let declaration = try String(contentsOfFile: root + "/share/xdg-desktop-portal/portals/assoc.portal", encoding: .utf8)
        #expect(
            declaration.contains("DBusName=org.freedesktop.impl.portal.desktop.assoc\n") && declaration.contains("UseIn=assoc\n"))
        #expect(
            declaration.contains("Interfaces=org.freedesktop.impl.portal.FileChooser;org.freedesktop.impl.portal.AppChooser;"))
        let activation = try String(
            contentsOfFile: root + "/share/dbus-1/services/org.freedesktop.impl.portal.desktop.assoc.service", encoding: .utf8)
        #expect(activation.contains("Name=org.freedesktop.impl.portal.desktop.assoc\nExec=/usr/bin/assoc portal\n"))
        #expect(activation.contains("SystemdService=assoc-portal.service"))
        let unit = try String(contentsOfFile: root + "/lib/systemd/user/assoc-portal.service", encoding: .utf8)
        #expect(unit.contains("Type=dbus\nBusName=org.freedesktop.impl.portal.desktop.assoc\nExecStart=/usr/bin/assoc portal\n"))
        // The watcher: its systemd user unit and its autostart entry, both starting the installed
        // `assoc watch`; the entry skipped where systemd runs the unit.
        let watchUnit = try String(contentsOfFile: root + "/lib/systemd/user/assoc-watch.service", encoding: .utf8)
        #expect(watchUnit.contains("ExecStart=/usr/bin/assoc watch\n"))
        let autostart = root + "/etc/xdg/autostart/assoc-watch.desktop"
        let entry = try String(contentsOfFile: autostart, encoding: .utf8)
        #expect(entry.contains("Exec=/usr/bin/assoc watch\n") && entry.contains("X-systemd-skip=true\n"))
        if let validate = Corpus.program("desktop-file-validate") {
            let result = try ProcessRunner.run(validate, [autostart], environment: environment)
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        }
        let removed = try ProcessRunner.run(
            make, ["-C", Corpus.packageRoot, "uninstall", "DESTDIR=" + stage.root, "PREFIX=/usr"],
            environment: environment)
        #expect(removed.status == 0)
        #expect(!FileManager.default.fileExists(atPath: root + "/bin/assoc"))
        #expect(!FileManager.default.fileExists(atPath: root + "/libexec/assoc"))
        #expect(
            !FileManager.default.fileExists(
                atPath: root + "/share/dbus-1/services/org.freedesktop.impl.portal.desktop.assoc.service"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/share/man/man1").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root + "/lib/systemd/user/assoc-watch.service"))
        #expect(!FileManager.default.fileExists(atPath: autostart))
    }
}
