import AssocTestSupport
import Foundation
import Testing

/// The Ansible module `assoc.desktop.assoc_profile` of `contrib/ansible`, run by a real
/// `ansible-playbook -i localhost, -c local` against a temporary HOME and XDG tree.
///
/// ansible-core is installed from PyPI into a virtual environment kept in the build directory
/// (`.build/ansible-venv`), so later runs reuse it; where the venv cannot be made or pip cannot
/// reach PyPI, the test records a skip with the reason.
@Suite("the Ansible module assoc_profile", .serialized)
struct AnsibleModuleTests {
    static let venv = Corpus.packageRoot + "/.build/ansible-venv"

    /// The parent's variables pip needs to reach PyPI here (its configuration, proxies), and no others.
    static func pipVariables(home: String) -> [String: String] {
        var variables = ["PATH": "/usr/bin:/bin", "HOME": home, "LC_ALL": "C.UTF-8"]
        for (name, value) in ProcessInfo.processInfo.environment
        where name.hasPrefix("PIP_") || name.lowercased().hasSuffix("_proxy") {
            variables[name] = value
        }
        variables["PIP_CACHE_DIR"] = Corpus.packageRoot + "/.build/pip-cache"
        return variables
    }

    /// `ansible-playbook` of the venv, made first when it is not there.
    static func ansiblePlaybook(scratch: String) throws -> String {
        let playbook = venv + "/bin/ansible-playbook"
        if FileManager.default.isExecutableFile(atPath: playbook) { return playbook }
        let python = ["/usr/bin/python3", Corpus.program("python3")].compactMap { $0 }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let python else { try Test.cancel("python3 is not installed") }
        let variables = pipVariables(home: scratch)
        if !FileManager.default.isExecutableFile(atPath: venv + "/bin/python") {
            let made = try ProcessRunner.run(python, ["-m", "venv", venv], environment: variables, timeout: 300)
            guard made.status == 0 else {
                try? FileManager.default.removeItem(atPath: venv)
                try Test.cancel("\(python) -m venv failed (Debian's python3-venv provides it): \(made.standardError)")
            }
        }
        let pip = try ProcessRunner.run(
            venv + "/bin/python", ["-m", "pip", "install", "--quiet", "ansible-core"], environment: variables, timeout: 900)
        guard pip.status == 0, FileManager.default.isExecutableFile(atPath: playbook) else {
            let reason = pip.standardError.split(separator: "\n").suffix(3).joined(separator: " | ")
            try Test.cancel("pip could not install ansible-core from PyPI: \(pip.timedOut ? "timed out" : reason)")
        }
        return playbook
    }

    /// A world with two PDF viewers from the Debian corpus, their programs stubbed on PATH.
    static func world() throws -> TemporaryXDGTree {
        let tree = try TemporaryXDGTree()
        guard let corpus = Corpus.path("freedesktop-debian/applications") else { try Test.cancel("the corpus is absent") }
        guard Corpus.program("update-mime-database") != nil else { try Test.cancel("update-mime-database is not installed") }
        try tree.installMIMEPackages(["/usr/share/mime/packages/freedesktop.org.xml"], compile: true)
        for (entry, program) in [("org.gnome.Evince.desktop", "evince"), ("org.kde.okular.desktop", "okular")] {
            try tree.copy(corpus + "/" + entry, to: "usr-share/applications/" + entry)
            let stub = try tree.write("bin/" + program, "#!/bin/sh\nexit 0\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub)
        }
        _ = try tree.write(
            "playbook.yml",
            """
            - hosts: localhost
              gather_facts: false
              tasks:
                - name: the site's defaults
                  assoc.desktop.assoc_profile:
                    src: "{{ profile }}"
                    executable: "{{ assoc }}"

            """)
        return tree
    }

    @Test("first run changed=1, second changed=0, --check --diff shows the diff and writes nothing, a missing application fails")
    func playbookRuns() throws {
        let tree = try Self.world()
        let playbook = try Self.ansiblePlaybook(scratch: try tree.makeDirectory("pip-home"))
        var variables = tree.variables()
        variables["HOME"] = try tree.makeDirectory("home")
        variables["PATH"] = tree.path("bin") + ":/usr/bin:/bin"
        variables["LC_ALL"] = "C.UTF-8"
        variables["LANG"] = "C.UTF-8"
        variables["ANSIBLE_COLLECTIONS_PATH"] = Corpus.packageRoot + "/contrib/ansible"
        variables["ANSIBLE_HOME"] = tree.path("ansible-home")
        variables["ANSIBLE_LOCAL_TEMP"] = tree.path("ansible-tmp")
        variables["ANSIBLE_REMOTE_TEMP"] = tree.path("ansible-tmp")
        variables["ANSIBLE_PYTHON_INTERPRETER"] = Self.venv + "/bin/python"
        variables["ANSIBLE_NOCOLOR"] = "1"
        variables["ANSIBLE_RETRY_FILES_ENABLED"] = "0"
        let profile = try tree.write(
            "profiles/site.profile",
            "[Profile]\nName=site\n[Enforce]\napplication/pdf=org.gnome.Evince.desktop\n[Edit]\napplication/pdf=org.kde.okular.desktop\n"
        )
        let list = tree.path("config/mimeapps.list")
        let roles = tree.path("config/assoc/roles.list")
        func play(_ extra: [String], profile: String = profile) throws -> ProcessResult {
            try ProcessRunner.run(
                playbook,
                [
                    "-i", "localhost,", "-c", "local", tree.path("playbook.yml"), "-e", "profile=" + profile, "-e",
                    "assoc=" + ProcessRunner.assocExecutable,
                ] + extra,
                environment: variables, directory: tree.root, timeout: 300)
        }

        let check = try play(["--check", "--diff"])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("+application/pdf=org.gnome.Evince.desktop;"), "\(check.standardOutput)")
        #expect(check.standardOutput.contains("+application/pdf=org.kde.okular.desktop;"), "\(check.standardOutput)")
        #expect(check.standardOutput.contains("changed=1"), "\(check.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: list), "check mode wrote the list")
        #expect(!FileManager.default.fileExists(atPath: roles), "check mode wrote the role list")

        let first = try play([])
        #expect(first.status == 0 && first.standardOutput.contains("changed=1"), "\(first.standardOutput)\(first.standardError)")
        let written = try #require(try? String(contentsOfFile: list, encoding: .utf8))
        #expect(written.contains("application/pdf=org.gnome.Evince.desktop;"))
        let writtenRoles = try? String(contentsOfFile: roles, encoding: .utf8)
        #expect(writtenRoles == "[Edit Applications]\napplication/pdf=org.kde.okular.desktop;\n")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: list)

        let second = try play(["--diff"])
        #expect(
            second.status == 0 && second.standardOutput.contains("changed=0"), "\(second.standardOutput)\(second.standardError)")
        #expect((try? String(contentsOfFile: list, encoding: .utf8)) == written)
        #expect((try? String(contentsOfFile: roles, encoding: .utf8)) == writtenRoles)
        let mtime = try FileManager.default.attributesOfItem(atPath: list)[.modificationDate] as? Date
        #expect(mtime == Date(timeIntervalSince1970: 1_000_000_000), "the second run touched the list")

        let missing = try tree.write("profiles/missing.profile", "[Enforce]\napplication/pdf=not-installed.desktop;\n")
        let failed = try play([], profile: missing)
        #expect(failed.status != 0, "\(failed.standardOutput)")
        #expect(failed.standardOutput.contains("failed=1"), "\(failed.standardOutput)")
        #expect(
            failed.standardOutput.contains(
                "no candidate for 'application/pdf' is installed and usable (not-installed.desktop is not installed)"),
            "\(failed.standardOutput)")
    }
}
