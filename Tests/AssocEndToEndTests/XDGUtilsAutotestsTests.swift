import AssocTestSupport
import Foundation
import Testing

/// xdg-utils' own automated suite (`autotests/`: t-xdg-open.sh, t-xdg-mime-query-default.sh,
/// t-xdg-settings.sh), run unchanged against assoc's links.
///
/// How: the suite is copied into a temporary directory beside a `scripts/` directory whose
/// xdg-open, xdg-mime and xdg-settings are symbolic links to the built assoc, as the suite runs
/// `../scripts/NAME`. Each t-*.sh runs with sh and writes `failed-tests` on a failed assertion.
/// Only the generic desktop's cases are counted: in the copy of test-lib.sh, `run`,
/// `assert_run`, `assert_equal` and `test_that_it` are renamed and wrapped, so that a `run` for
/// any other desktop (whose mocked opener, gio open, kde-open, exo-open, pcmanfm…, is not assoc's
/// concern) or in a case listed in `skippedCases` runs nothing and the assertions after it are not
/// made; each is logged, and the logs must list exactly `skippedCases` and `skippedDesktops`.
///
/// The lab's directories are given as absolute paths, its HOME, XDG_DATA_DIRS, XDG_CONFIG_DIRS and
/// the directory of its mocked programs: the XDG Base Directory Specification has a relative path
/// ignored, which assoc does (xdg-utils takes them relative to the working directory). The
/// resolution is chosen in the lab's `$HOME/.config/assoc/assoc.conf`, since the suite's `run`
/// passes no variable of its own.
@Suite(
    "xdg-utils' own automated suite against assoc's links",
    .enabled(if: Corpus.path("xdg-utils/upstream-tests/autotests") != nil && Corpus.program("sh") != nil))
struct XDGUtilsAutotestsTests {
    /// Generic cases the suite runs with a mocked `xdg-mime` in the lab's PATH, mapping the file
    /// to text/plain and text/plain to textedit.desktop: assoc's xdg-open never runs xdg-mime (one
    /// engine), and textedit.desktop declares no type, so there is nothing of assoc's to test.
    /// Names with spaces and '#' reaching the application as one argument are tested with real
    /// data in XDGOpenRecordingTests.
    static let skippedCases: Set<String> = [
        "xdg-open: opens files in generic mode",
        "xdg-open: opens files with # characters in their name in generic mode",
        "xdg-open: opens files with spaces in their name in generic mode",
    ]

    /// Cases skipped because they run another desktop than the generic one: each asserts that
    /// xdg-utils hands over to that desktop's own tool (mocked in the lab), or reads its
    /// configuration (GConf), which assoc never does. The xdg-settings ones on GNOME 3, Cinnamon,
    /// LXDE and MATE ask what the generic case asks, and assoc answers the same on every desktop.
    static let skippedDesktops: Set<String> = [
        "xdg-open: looks up x-scheme-handler/* in LXDE [lxde]",
        "xdg-open: opens a URL with enlightenment_open in Enlightenment [enlightenment]",
        "xdg-open: opens a URL with exo-open in XFCE [xfce]",
        "xdg-open: opens a URL with gio open in recent GNOME 3, and Cinnamon [cinnamon]",
        "xdg-open: opens a URL with gio open in recent GNOME 3, and Cinnamon [gnome3]",
        "xdg-open: opens a URL with gnome-open if gio open and gvfs-open are missing in GNOME 2 [gnome2]",
        "xdg-open: opens a URL with gvfs-open if gio open is missing in GNOME 3, GNOME 2, and Cinnamon [cinnamon]",
        "xdg-open: opens a URL with gvfs-open if gio open is missing in GNOME 3, GNOME 2, and Cinnamon [gnome2]",
        "xdg-open: opens a URL with gvfs-open if gio open is missing in GNOME 3, GNOME 2, and Cinnamon [gnome3]",
        "xdg-open: opens a URL with gvfs-open in MATE [mate]",
        "xdg-open: opens a URL with kde-open in KDE 4 [kde4]",
        "xdg-open: opens a URL with kde-open5 in KDE 5 [kde5]",
        "xdg-open: opens a URL with kfmclient in KDE 3 [kde3]",
        "xdg-open: opens a URL with mate-open if gio open and gvfs-open are missing in MATE [mate]",
        "xdg-open: opens a URL with the generic method if gio open and gvfs-open are missing in GNOME 3, and Cinnamon [cinnamon]",
        "xdg-open: opens a URL with the generic method if gio open and gvfs-open are missing in GNOME 3, and Cinnamon [gnome3]",
        "xdg-open: opens a URL with the generic method if gio open, gvfs-open and gnome-open are missing in GNOME 2 [gnome2]",
        "xdg-open: opens a file path with pcmanfm in LXDE [lxde]",
        "xdg-open: opens file://localhost/ paths [lxde]",
        "xdg-open: opens files with spaces in their name in LXDE [lxde]",
        "xdg-open: percent-decodes a file:// URL and opens it with pcmanfm in LXDE [lxde]",
        "xdg-settings: determines default browser using GConf in GNOME 2 [gnome2]",
        "xdg-settings: determines default browser from $XDG_CONFIG_HOME/mimeapps.list in gnome3 [gnome3]",
        "xdg-settings: determines default browser from $XDG_CONFIG_HOME/mimeapps.list in cinnamon [cinnamon]",
        "xdg-settings: determines default browser from $XDG_CONFIG_HOME/mimeapps.list in lxde [lxde]",
        "xdg-settings: determines default browser from $XDG_CONFIG_HOME/mimeapps.list in mate [mate]",
        "xdg-settings: determines default URL handler from $XDG_CONFIG_HOME/mimeapps.list in gnome3 [gnome3]",
        "xdg-settings: determines default URL handler from $XDG_CONFIG_HOME/mimeapps.list in cinnamon [cinnamon]",
        "xdg-settings: determines default URL handler from $XDG_CONFIG_HOME/mimeapps.list in lxde [lxde]",
        "xdg-settings: determines default URL handler from $XDG_CONFIG_HOME/mimeapps.list in mate [mate]",
    ]

    /// The generic cases counted, each with one assertion.
    static let countedCases: Set<String> = [
        "xdg-mime query default: reads $XDG_CONFIG_HOME/mimeapps.list",
        "xdg-open: looks up x-scheme-handler/* in generic mode",
        "xdg-open: always uses $BROWSER if set in generic mode",
        "xdg-open: works with multi-word $BROWSER commands",
        "xdg-open: is not vulnerable to command injection in URLs when using $BROWSER in generic mode",
        "xdg-settings: determines default browser from $XDG_CONFIG_HOME/mimeapps.list in generic",
        "xdg-settings: determines default URL handler from $XDG_CONFIG_HOME/mimeapps.list in generic",
        "xdg-settings: uses $BROWSER in generic mode",
    ]

    /// What the wrapper appends to the copy of test-lib.sh.
    static let harness = #"""

        # --- assoc's harness (XDGUtilsAutotestsTests): only the generic desktop's cases count ---
        ASSOC_MARK="$PWD/.assoc-last-run"
        test_that_it() {
            upstream_test_that_it "$@"
            ASSOC_CASE_SKIPPED=
            if grep -Fxq "$COMMAND_TESTED: $CURRENT_TEST_CASE" "$ASSOC_SKIP_CASES"; then ASSOC_CASE_SKIPPED=yes; fi
        }
        run() {
            if [ "$1" != generic ] || [ -n "$ASSOC_CASE_SKIPPED" ]; then
                echo skipped > "$ASSOC_MARK"
                echo "$COMMAND_TESTED: $CURRENT_TEST_CASE [$1]" >> "$ASSOC_SKIPPED_LOG"
                : > $COMMANDS_RUN
                return 0
            fi
            echo counted > "$ASSOC_MARK"
            mkdir -p "$LABHOME/.config/assoc"
            printf '[XDG]\nResolution=%s\n' "$ASSOC_RESOLUTION" > "$LABHOME/.config/assoc/assoc.conf"
            (
                LABHOME="$PWD/$LABHOME"
                BINDIR="$PWD/$BINDIR"
                XDG_DATA_DIRS="$PWD/$XDG_DATA_DIR_LOCAL:$PWD/$XDG_DATA_DIR"
                XDG_CONFIG_DIRS="$PWD/$XDG_CONFIG_DIRS"
                upstream_run "$@"
            )
        }
        assoc_counts() {
            [ "$(cat "$ASSOC_MARK" 2>/dev/null)" = counted ] || return 1
            echo "$COMMAND_TESTED: $CURRENT_TEST_CASE" >> "$ASSOC_COUNTED_LOG"
        }
        assert_run() { if assoc_counts; then upstream_assert_run "$@"; fi; }
        assert_equal() { if assoc_counts; then upstream_assert_equal "$@"; fi; }
        """#

    /// One run of the three scripts with a resolution: the assertions made, the cases skipped
    /// and the failures.
    struct SuiteRun {
        var counted: [String]
        var skipped: Set<String>
        var failures: [String]
    }

    static func runSuite(resolution: String) throws -> SuiteRun {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let source = try #require(Corpus.path("xdg-utils/upstream-tests/autotests"))
        let directory = try tree.copy(source, to: "autotests")
        try tree.makeDirectory("scripts")
        for name in ["xdg-open", "xdg-mime", "xdg-settings"] {
            try FileManager.default.createSymbolicLink(
                atPath: tree.path("scripts/\(name)"), withDestinationPath: ProcessRunner.assocExecutable)
        }
        var library = try String(contentsOfFile: directory + "/test-lib.sh", encoding: .utf8)
        for function in ["run", "assert_run", "assert_equal", "test_that_it"] {
            let head = "\n\(function)() {\n"
            #expect(library.components(separatedBy: head).count == 2, "test-lib.sh defines \(function) once")
            library = library.replacingOccurrences(of: head, with: "\nupstream_\(function)() {\n")
        }
        try (library + harness).write(toFile: directory + "/test-lib.sh", atomically: true, encoding: .utf8)
        try skippedCases.sorted().joined(separator: "\n").appending("\n")
            .write(toFile: tree.path("skip-cases"), atomically: true, encoding: .utf8)
        let environment = [
            "PATH": "/usr/bin:/bin", "ASSOC_SKIP_CASES": tree.path("skip-cases"),
            "ASSOC_SKIPPED_LOG": tree.path("skipped.log"), "ASSOC_COUNTED_LOG": tree.path("counted.log"),
            "ASSOC_RESOLUTION": resolution,
        ]
        for script in ["t-xdg-mime-query-default.sh", "t-xdg-open.sh", "t-xdg-settings.sh"] {
            let result = try ProcessRunner.run(
                "/bin/sh", [script], environment: environment, directory: directory, timeout: 120)
            #expect(!result.timedOut && !result.terminatedBySignal, "\(script): \(result.standardError)")
        }
        func lines(_ path: String) -> [String] {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        return SuiteRun(
            counted: lines(tree.path("counted.log")), skipped: Set(lines(tree.path("skipped.log"))),
            failures: lines(directory + "/failed-tests"))
    }

    @Test("with the xdg-open resolution every generic case passes, the others are skipped as listed")
    func xdgOpenResolution() throws {
        let run = try Self.runSuite(resolution: "xdg-open")
        print("xdg-utils autotests, xdg-open resolution: \(run.counted.count) assertions, \(run.skipped.count) skipped")
        #expect(run.counted.count == Self.countedCases.count && Set(run.counted) == Self.countedCases)
        #expect(run.skipped == Self.skippedDesktops.union(Self.skippedCases.map { $0 + " [generic]" }))
        #expect(run.failures.isEmpty, "\(run.failures)")
    }

    /// The case a line of `failed-tests` names ("COMMAND CASE"), without the script and the assertion.
    static func failedCase(_ line: String) -> String {
        let afterPrefix = line.components(separatedBy: "Assertion failed when testing that ").last ?? line
        return afterPrefix.components(separatedBy: ": expected").first ?? afterPrefix
    }

    @Test("with the spec resolution only the defaults that declare no type fail")
    func specResolution() throws {
        let run = try Self.runSuite(resolution: "spec")
        #expect(Set(run.counted) == Self.countedCases)
        // The lab's mosaic.desktop and footorrent.desktop have no MimeType=: the mime-apps
        // specification passes over a default that is not associated with its type, which
        // assoc's default resolution follows (assoc-default(1)); $BROWSER still answers.
        #expect(
            Set(run.failures.map(Self.failedCase)) == [
                "xdg-mime query default reads $XDG_CONFIG_HOME/mimeapps.list",
                "xdg-open looks up x-scheme-handler/* in generic mode",
                "xdg-settings determines default browser from $XDG_CONFIG_HOME/mimeapps.list in generic",
                "xdg-settings determines default URL handler from $XDG_CONFIG_HOME/mimeapps.list in generic",
            ], "\(run.failures)")
    }

    @Test("with the gio resolution only the $BROWSER cases fail: gio open does not read it")
    func gioResolution() throws {
        let run = try Self.runSuite(resolution: "gio")
        #expect(Set(run.counted) == Self.countedCases)
        #expect(
            Set(run.failures.map(Self.failedCase)) == [
                "xdg-open always uses $BROWSER if set in generic mode",
                "xdg-open works with multi-word $BROWSER commands",
                "xdg-open is not vulnerable to command injection in URLs when using $BROWSER in generic mode",
                "xdg-settings uses $BROWSER in generic mode",
            ], "\(run.failures)")
    }
}
