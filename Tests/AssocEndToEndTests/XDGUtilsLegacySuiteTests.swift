import AssocTestSupport
import Foundation
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// xdg-utils' older suite (`tests/`, the TET-style one): every case of `xdg-mime/` and the
/// `xdg-utils-usecases/t.01-default_mime_launch` chain, run against assoc's links.
///
/// How: each script runs with bash in a world of its own: a copy of the suite as
/// `XDG_TEST_DIR`, HOME and every XDG variable in a temporary directory, and `PATH` starting
/// with a directory whose xdg-mime, xdg-open and xdg-settings are symbolic links to the built
/// assoc (xdg-desktop-menu is xdg-utils' own script, from the rest of `PATH`). The data
/// directories are a system directory with an empty `mime/packages` and `applications`, which
/// `--mode system` writes into, then a copy of the compiled files of the machine's
/// shared-mime-info database, which has no `mime/packages`, so it is never written.
///
/// In the copy of the include files these functions are renamed `upstream_NAME` and wrapped:
/// - `test_result` (testfuncs.sh) logs each case's result before the upstream one reports it;
/// - `require_root` and `require_notroot` (testassertions.sh) call the upstream check when it
///   holds and otherwise log that it was waived and go on: every case's world is temporary, so
///   it runs whoever runs it (see `waivedAsRoot` and `waivedAsUser`);
/// - `assert_interactive`, `assert_interactive_notroot` and `require_interactive`
///   (testassertions.sh), the questions to a person, are a recording handler: the question is
///   logged and the case fails, as no one is there to answer. None of these cases asks one; the
///   log must stay empty. What the use case opens is recorded by its own handler, the data's
///   mime_launch.sh, which writes the argument it was given to `exec.out`.
@Suite(
    "xdg-utils' older suite (xdg-mime, default mime launch) against assoc's links",
    .enabled(if: Corpus.path("xdg-utils/upstream-tests/tests") != nil && hasSystemDatabase && Corpus.program("bash") != nil))
struct XDGUtilsLegacySuiteTests {
    /// The cases of each script run, by the name of their test function.
    static let mimeCases: [String: [String]] = [
        "xdg-mime/t.00-apply_generic": [
            "generic_bogus_arg", "generic_help", "generic_manual", "generic_no_arg", "generic_version",
        ],
        "xdg-mime/t.01-query_text_plain": ["test_query_text_plain"],
        "xdg-mime/t.02-query_missing_file": ["test_query_missing_file"],
        "xdg-mime/t.03-system_as_nonroot": ["test_system_as_nonroot"],
        "xdg-mime/t.10-user_mime_install": ["test_user_mime_install"],
        "xdg-mime/t.11-user_mime_uninstall": ["test_user_mime_uninstall"],
        "xdg-mime/t.12-user_install_missing_file": ["test_user_install_missing_file"],
        "xdg-mime/t.13-notexist_mime_uninstall": ["test_notexist_mime_uninstall"],
        "xdg-mime/t.14-user_mime_install2in1": ["test_user_mime_install2in1"],
        "xdg-mime/t.15-user_mime_uninstall2in1": ["test_user_mime_uninstall2in1"],
        "xdg-mime/t.20-system_mime_install": ["test_system_mime_install"],
        "xdg-mime/t.21-system_mime_uninstall": ["test_system_mime_uninstall"],
        "xdg-mime/t.22-system_install_missing_file": ["test_system_install_missing_file"],
        "xdg-mime/t.23-double_mime_install": ["test_double_mime_install"],
    ]

    /// The use case run.
    static let launchCase = "xdg-utils-usecases/t.01-default_mime_launch"

    /// The scripts of `xdg-utils-usecases/` not run, with the reason.
    static let skippedScripts: [String: String] = [
        "xdg-utils-usecases/t.10-file_icon":
            "installs an icon with xdg-icon-resource and asks a person whether a file manager shows it: "
            + "icons are left to xdg-utils",
        "xdg-utils-usecases/t.11-desktop_file_icon":
            "puts an icon on the desktop with xdg-desktop-icon and asks a person to look at it: left to xdg-utils",
        "xdg-utils-usecases/t.14-desktop_menu_icon":
            "installs a menu entry's icon with xdg-desktop-menu and xdg-icon-resource and asks a person to look at "
            + "the menu: left to xdg-utils",
    ]

    /// Cases whose `require_notroot` is waived when the suite runs as root: with `--mode user`
    /// (and a temporary HOME) they do as root what they do as a normal user.
    /// `t.03-system_as_nonroot` has a world in which no data directory has a writable
    /// `mime/packages`, as a normal user's have not, since root may write anywhere; the default
    /// launch chain runs with `XDG_UTILS_INSTALL_MODE=user`, as a normal user's default mode, which
    /// xdg-desktop-menu and xdg-mime both honour (root's system mode would have
    /// xdg-desktop-menu write /usr/share/gnome/apps where that exists).
    static let waivedAsRoot: Set<String> = [
        "xdg-mime/t.01-query_text_plain", "xdg-mime/t.02-query_missing_file", "xdg-mime/t.03-system_as_nonroot",
        "xdg-mime/t.10-user_mime_install", "xdg-mime/t.11-user_mime_uninstall",
        "xdg-mime/t.12-user_install_missing_file", "xdg-mime/t.13-notexist_mime_uninstall",
        "xdg-mime/t.14-user_mime_install2in1", "xdg-mime/t.15-user_mime_uninstall2in1",
        "xdg-mime/t.23-double_mime_install", launchCase,
    ]

    /// Cases whose `require_root` is waived when a normal user runs the suite: `--mode system`
    /// writes the first data directory, which is the world's own.
    static let waivedAsUser: Set<String> = [
        "xdg-mime/t.20-system_mime_install", "xdg-mime/t.21-system_mime_uninstall",
        "xdg-mime/t.22-system_install_missing_file",
    ]

    static var runningAsRoot: Bool { getuid() == 0 }

    /// What the wrapper appends to the copy of testfuncs.sh.
    static let resultHarness = #"""

        # --- assoc's harness (XDGUtilsLegacySuiteTests): each case's result is logged ---
        test_result() {
            printf '%s\t%s\t%s\n' "$ASSOC_SCRIPT" "${TEST_NAME%%:*}" "${1:-$TEST_STATUS}" >> "$ASSOC_RESULTS_LOG"
            upstream_test_result "$@"
        }
        """#

    /// What the wrapper appends to the copy of testassertions.sh.
    static let assertionHarness = #"""

        # --- assoc's harness (XDGUtilsLegacySuiteTests): the world is temporary, no one answers ---
        require_root() {
            if [ "$(whoami)" = root ]; then upstream_require_root "$@"; return; fi
            printf '%s\trequire_root\n' "$ASSOC_SCRIPT" >> "$ASSOC_WAIVED_LOG"
        }
        require_notroot() {
            if [ "$(whoami)" != root ]; then upstream_require_notroot "$@"; return; fi
            printf '%s\trequire_notroot\n' "$ASSOC_SCRIPT" >> "$ASSOC_WAIVED_LOG"
        }
        assert_interactive() {
            printf '%s\t%s\t%s\n' "$ASSOC_SCRIPT" "$1" "$2" >> "$ASSOC_QUESTIONS_LOG"
            test_fail "asked a person '$1' (expecting '$2'); no one is there to answer"
        }
        assert_interactive_notroot() { assert_interactive "$@"; }
        require_interactive() {
            printf '%s\t%s\t%s\n' "$ASSOC_SCRIPT" "(require_interactive)" "" >> "$ASSOC_QUESTIONS_LOG"
            test_result UNTESTED "the case needs a person"
        }
        """#

    /// One script's run: the results logged ("NAME STATUS"), the waived requirements, the
    /// questions asked, and the script's output for a failure's message.
    struct ScriptRun {
        var results: [String]
        var waived: [String]
        var questions: [String]
        var output: String
    }

    /// Renames each of `functions`, defined once in `file`, to `upstream_NAME` and appends `harness`.
    static func wrap(_ file: String, _ functions: [String], _ harness: String) throws {
        var text = try String(contentsOfFile: file, encoding: .utf8)
        for function in functions {
            let head = "\n\(function)() {\n"
            #expect(text.components(separatedBy: head).count == 2, "\(file) defines \(function) once")
            text = text.replacingOccurrences(of: head, with: "\nupstream_\(function)() {\n")
        }
        try (text + harness).write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// Runs `script` (relative to the suite) in a world of its own.
    static func run(_ script: String) throws -> ScriptRun {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let suite = try tree.copy(try #require(Corpus.path("xdg-utils/upstream-tests/tests")), to: "tests")
        try makeWritable(suite)
        // The program the use case's entry runs must be executable, as xdg-utils' repository
        // records it; the corpus keeps its files read-only.
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: suite + "/xdg-utils-usecases/data/mime_launch.sh")
        try wrap(suite + "/include/testfuncs.sh", ["test_result"], resultHarness)
        try wrap(
            suite + "/include/testassertions.sh",
            ["require_root", "require_notroot", "assert_interactive", "assert_interactive_notroot", "require_interactive"],
            assertionHarness)

        let links = try tree.makeDirectory("links")
        for name in ["xdg-open", "xdg-mime", "xdg-settings"] {
            try FileManager.default.createSymbolicLink(
                atPath: links + "/" + name, withDestinationPath: ProcessRunner.assocExecutable)
        }
        let base = try tree.makeDirectory("mime-base/mime")
        for name in try FileManager.default.contentsOfDirectory(atPath: "/usr/share/mime") {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: "/usr/share/mime/" + name, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                try FileManager.default.copyItem(atPath: "/usr/share/mime/" + name, toPath: base + "/" + name)
            }
        }
        try tree.makeDirectory("system-share/mime/packages")
        try tree.makeDirectory("system-share/applications")

        let systemAsNormalUser = script == "xdg-mime/t.03-system_as_nonroot"
        var variables = tree.variables(dataDirs: systemAsNormalUser ? ["mime-base"] : ["system-share", "mime-base"])
        variables["PATH"] = links + ":/usr/bin:/bin"
        variables["XDG_TEST_DIR"] = suite
        variables["ASSOC_SCRIPT"] = script
        for log in ["RESULTS", "WAIVED", "QUESTIONS"] { variables["ASSOC_\(log)_LOG"] = tree.path(log.lowercased()) }
        if script == launchCase && runningAsRoot { variables["XDG_UTILS_INSTALL_MODE"] = "user" }

        let result = try ProcessRunner.run(
            try #require(Corpus.program("bash")), [suite + "/" + script], environment: variables, directory: suite, timeout: 60)
        #expect(!result.timedOut && !result.terminatedBySignal, "\(script): \(result.standardError)")
        func lines(_ name: String) -> [String] {
            ((try? String(contentsOfFile: tree.path(name), encoding: .utf8)) ?? "").split(separator: "\n").map {
                $0.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().joined(separator: " ")
            }
        }
        return ScriptRun(
            results: lines("results"), waived: lines("waived"), questions: lines("questions"),
            output: result.standardOutput + result.standardError)
    }

    /// Gives the owner write permission on everything under `directory` (the copy keeps the
    /// corpus's read-only modes), so the suite can write its `tmp/` and the tree can be removed.
    static func makeWritable(_ directory: String) throws {
        let manager = FileManager.default
        var paths = [directory]
        for relative in manager.enumerator(atPath: directory)?.allObjects as? [String] ?? [] {
            paths.append(directory + "/" + relative)
        }
        for path in paths {
            let mode = (try manager.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0o444
            try manager.setAttributes([.posixPermissions: mode | 0o200], ofItemAtPath: path)
        }
    }

    /// The scripts (`t.*`) of a directory of the suite, as `DIRECTORY/NAME`.
    static func scripts(in directory: String) throws -> Set<String> {
        let path = try #require(Corpus.path("xdg-utils/upstream-tests/tests/" + directory))
        return Set(
            try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasPrefix("t.") }.map {
                directory + "/" + $0
            })
    }

    /// Runs each script of `expected` and checks that its cases, and only they, reported PASS,
    /// that requirements were waived as expected for the user running the test, and that no one
    /// was asked anything.
    static func runAndCheck(_ expected: [String: [String]]) throws {
        let clock = ContinuousClock()
        let started = clock.now
        var waived: Set<String> = []
        var passed = 0
        for (script, cases) in expected.sorted(by: { $0.key < $1.key }) {
            let outcome = try Self.run(script)
            #expect(outcome.results == cases.map { "\($0) PASS" }, "\(script):\n\(outcome.output)")
            #expect(outcome.questions.isEmpty, "\(script) asked a person: \(outcome.questions)")
            passed += outcome.results.filter { $0.hasSuffix(" PASS") }.count
            for line in outcome.waived { waived.insert(script + " " + line) }
        }
        let expectedWaivers =
            runningAsRoot
            ? Self.waivedAsRoot.intersection(expected.keys).map { $0 + " require_notroot" }
            : Self.waivedAsUser.intersection(expected.keys).map { $0 + " require_root" }
        #expect(waived == Set(expectedWaivers))
        print(
            "xdg-utils' older suite: \(expected.values.map(\.count).reduce(0, +)) cases in \(expected.count) scripts, "
                + "\(passed) passed, requirements waived: \(waived.count), in \(clock.now - started)")
    }

    @Test("every case of xdg-mime/ passes, the system ones in the world's own data directory")
    func xdgMimeCases() throws {
        #expect(try Self.scripts(in: "xdg-mime") == Set(Self.mimeCases.keys), "a script of xdg-mime/ is not listed")
        try Self.runAndCheck(Self.mimeCases)
    }

    @Test(
        "the default mime launch chain: install an entry and a type, query both, open, the handler records it",
        .enabled(if: Corpus.program("xdg-desktop-menu") != nil))
    func defaultMimeLaunch() throws {
        let others = try Self.scripts(in: "xdg-utils-usecases").subtracting([Self.launchCase])
        #expect(others == Set(Self.skippedScripts.keys), "the scripts not run are exactly those listed as skipped")
        for (script, reason) in Self.skippedScripts.sorted(by: { $0.key < $1.key }) {
            print("xdg-utils' older suite: skipped \(script): \(reason)")
        }
        try Self.runAndCheck([Self.launchCase: ["test_default_mime_launch"]])
    }
}
