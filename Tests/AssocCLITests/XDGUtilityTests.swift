import AssocTestSupport
import Foundation
import Testing

@testable import AssocCLI

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs assoc as `name` (xdg-open, xdg-mime, xdg-settings) in this process.
func runXDG(_ name: String, _ arguments: [String], _ environment: [String: String]) -> CLIRun {
    let (sink, captured) = OutputSink.capturing()
    let status = AssocCLI.runXDGUtility(
        invokedAs: "/some/dir/" + name, arguments: arguments, environment: environment, output: sink)
    return CLIRun(status: status ?? -1, standardOutput: captured.standardOutput, standardError: captured.standardError)
}

/// A world for the front ends: a web browser (its own program, for $BROWSER), a PDF viewer, an
/// entry that declares no type but is a listed default, a hidden one.
func dropInWorld() throws -> (TemporaryXDGTree, [String: String]) {
    let tree = try TemporaryXDGTree()
    try tree.linkSystemMIMEDatabase()
    let program = try tree.write("bin/webby", "#!/bin/sh\nexit 0\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
    for (name, body) in [
        ("browser", "Exec=webby %u\nMimeType=text/html;x-scheme-handler/http;x-scheme-handler/https;"),
        ("other", "Exec=/bin/true %u\nMimeType=x-scheme-handler/about;text/html;"),
        ("viewer", "Exec=/bin/true %f\nMimeType=application/pdf;"), ("nodecl", "Exec=/bin/true %f"),
        ("hidden", "Exec=/bin/true %f\nHidden=true\nMimeType=application/pdf;"),
    ] {
        try tree.write("usr-share/applications/\(name).desktop", "[Desktop Entry]\nType=Application\nName=\(name)\n\(body)\n")
    }
    var variables = tree.variables(dataDirs: ["usr-share", "mime-only"], desktop: "X-Generic")
    variables["PATH"] = tree.path("bin") + ":/usr/bin:/bin"
    return (tree, variables)
}

@Suite("the xdg-utils front ends, in-process", .enabled(if: hasSystemDatabase))
struct XDGUtilityTests {
    @Test("the base name of argv[0] chooses; any other name is not one of them")
    func invokedAs() {
        #expect(XDGUtility(invokedAs: "/usr/libexec/assoc/xdg-utils/xdg-open") == .open)
        #expect(XDGUtility(invokedAs: "xdg-settings") == .settings)
        #expect(XDGUtility(invokedAs: "/usr/bin/assoc") == nil && XDGUtility(invokedAs: "xdg-open2") == nil)
    }

    @Test("query default prints the ID alone, or nothing with status 0")
    func queryDefault() throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        #expect(runXDG("xdg-mime", ["query", "default", "application/pdf"], variables).standardOutput == "viewer.desktop\n")
        let none = runXDG("xdg-mime", ["query", "default", "image/x-nothing"], variables)
        #expect(none.status == 0 && none.standardOutput.isEmpty && none.standardError.isEmpty)
    }

    @Test("query filetype prints the type alone")
    func queryFiletype() throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        let file = try tree.write("doc.pdf", "%PDF-1.4\n")
        let result = runXDG("xdg-mime", ["query", "filetype", file], variables)
        #expect(result.status == 0 && result.standardOutput == "application/pdf\n", "\(result.standardError)")
        #expect(runXDG("xdg-mime", ["query", "filetype", tree.path("work")], variables).status == 2)
        // A link is typed by the file it leads to, as xdg-mime's readlink -f has it.
        try FileManager.default.createSymbolicLink(atPath: tree.path("looks.txt"), withDestinationPath: file)
        #expect(
            runXDG("xdg-mime", ["query", "filetype", tree.path("looks.txt")], variables).standardOutput == "application/pdf\n")
    }

    @Test("default writes every type in one list, with the associations, quietly")
    func makeDefault() throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        let result = runXDG("xdg-mime", ["default", "other.desktop", "text/html", "x-scheme-handler/about"], variables)
        #expect(result.status == 0 && result.standardOutput.isEmpty && result.standardError.isEmpty, "\(result.standardError)")
        let list = try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8)
        for line in ["text/html=other.desktop;", "x-scheme-handler/about=other.desktop;", "[Added Associations]"] {
            #expect(list.contains(line), "\(list)")
        }
        #expect(runXDG("xdg-mime", ["query", "default", "text/html"], variables).standardOutput == "other.desktop\n")
    }

    /// What `default` refuses, and the status.
    static let refusals: [([String], Int32)] = [
        (["default", "missing.desktop", "text/html"], 2), (["default", "hidden.desktop", "application/pdf"], 2),
        (["default", "other.desktop", "text/x-no-such-type"], 1), (["default", "other.desktop", "a/b=c"], 1),
        (["default", "other.desktop", "text/html", "-x"], 1), (["default", "other"], 1), (["default", "other.desktop"], 1),
    ]

    @Test("default refuses what xdg-utils would write blindly, and writes nothing", arguments: refusals)
    func makeDefaultRefuses(arguments: [String], status: Int32) throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        let result = runXDG("xdg-mime", arguments, variables)
        #expect(result.status == status, "\(result.standardError)")
        #expect(!result.standardError.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: tree.path("config/mimeapps.list")))
    }

    @Test("a list that may not be written is status 5, as xdg-utils' permission failures are")
    func permission() throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        let list = try tree.write("config/mimeapps.list", "[Default Applications]\n")
        if getuid() == 0 {
            // root may write anything, but assoc refuses a list that belongs to someone else.
            #expect(chown(list, 65534, 65534) == 0)
        } else {
            #expect(chmod(tree.path("config"), 0o555) == 0 && chmod(list, 0o444) == 0)
        }
        defer { chmod(tree.path("config"), 0o755) }
        let result = runXDG("xdg-mime", ["default", "other.desktop", "text/html"], variables)
        #expect(result.status == 5, "\(result.standardError)")
        #expect(try String(contentsOfFile: list, encoding: .utf8) == "[Default Applications]\n")
    }

    @Test("install compiles the package with assoc's compiler, so query filetype answers it; uninstall takes it back")
    func install() throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        let package = try tree.write(
            "acme-notes.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="text/x-acme-notes"><comment>Acme notes</comment><glob pattern="*.acmenotes"/></mime-type>
            </mime-info>

            """)
        let file = try tree.write("today.acmenotes", "buy milk\n")
        let before = runXDG("xdg-mime", ["query", "filetype", file], variables)
        #expect(before.status == 0 && before.standardOutput != "text/x-acme-notes\n")
        let installed = runXDG("xdg-mime", ["install", "--mode", "user", package], variables)
        #expect(installed.status == 0, "\(installed.standardError)")
        #expect(FileManager.default.fileExists(atPath: tree.path("data/mime/packages/acme-notes.xml")))
        #expect(FileManager.default.fileExists(atPath: tree.path("data/mime/mime.cache")))
        #expect(runXDG("xdg-mime", ["query", "filetype", file], variables).standardOutput == "text/x-acme-notes\n")
        let removed = runXDG("xdg-mime", ["uninstall", "--mode", "user", package], variables)
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(runXDG("xdg-mime", ["query", "filetype", file], variables).standardOutput == before.standardOutput)
    }

    @Test(
        "install's arguments as xdg-mime reads them: the vendor prefix, a missing file, modes and options",
        arguments: [
            (["install", "--mode", "user", "FILE-novendor"], Int32(1), "does not have a proper vendor prefix"),
            (["install", "--mode", "user", "/no/such/acme-x.xml"], 2, "file '/no/such/acme-x.xml' does not exist"),
            (["install", "--mode", "nobody", "FILE"], 1, "unknown mode 'nobody'"),
            (["install", "--bogus", "FILE"], 1, "unexpected option '--bogus'"),
            (["install", "--mode", "user"], 1, "mimetypes-file argument missing"),
        ])
    func installArguments(arguments: [String], status: Int32, message: String) throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        let plain = try tree.write("notes.xml", "<mime-info/>\n")
        let vendor = try tree.write("acme-x.xml", "<mime-info/>\n")
        let words = arguments.map { $0 == "FILE" ? vendor : $0 == "FILE-novendor" ? plain : $0 }
        let result = runXDG("xdg-mime", words, variables)
        #expect(result.status == status && result.standardError.contains(message), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: tree.path("data/mime/packages")))
    }

    @Test("set default-web-browser writes the five keys at once, and check then says yes")
    func setWebBrowser() throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        #expect(runXDG("xdg-settings", ["check", "default-web-browser", "other.desktop"], variables).standardOutput == "no\n")
        let result = runXDG("xdg-settings", ["set", "default-web-browser", "other.desktop"], variables)
        #expect(result.status == 0 && result.standardOutput.isEmpty, "\(result.standardError)")
        let list = try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8)
        for type in [
            "text/html", "x-scheme-handler/http", "x-scheme-handler/https", "x-scheme-handler/about", "x-scheme-handler/unknown",
        ] {
            #expect(list.contains("\(type)=other.desktop;"), "\(list)")
        }
        #expect(runXDG("xdg-settings", ["get", "default-web-browser"], variables).standardOutput == "other.desktop\n")
        #expect(runXDG("xdg-settings", ["check", "default-web-browser", "other.desktop"], variables).standardOutput == "yes\n")
        let scheme = runXDG("xdg-settings", ["set", "default-url-scheme-handler", "mailto", "browser.desktop"], variables)
        #expect(scheme.status == 0)
        #expect(
            runXDG("xdg-settings", ["check", "default-url-scheme-handler", "mailto", "browser.desktop"], variables)
                .standardOutput == "yes\n")
    }

    @Test("a change that does not take is undone: the list is back byte for byte, status 4")
    func undone() throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        // The desktop's own list comes first and keeps x-scheme-handler/about elsewhere.
        try tree.write("config/x-generic-mimeapps.list", "[Default Applications]\nx-scheme-handler/about=other.desktop;\n")
        let original = "# mine\n[Default Applications]\napplication/pdf=viewer.desktop;\n"
        try tree.write("config/mimeapps.list", original)
        let result = runXDG("xdg-settings", ["set", "default-web-browser", "browser.desktop"], variables)
        #expect(result.status == 4)
        #expect(result.standardError.contains("x-scheme-handler/about opens with other.desktop, not browser.desktop"))
        #expect(try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8) == original)
        try FileManager.default.removeItem(atPath: tree.path("config/mimeapps.list"))
        #expect(runXDG("xdg-settings", ["set", "default-web-browser", "browser.desktop"], variables).status == 4)
        #expect(
            !FileManager.default.fileExists(atPath: tree.path("config/mimeapps.list")), "a list that was not there is not left")
    }

    @Test("$BROWSER is the web browser, cannot be set over, and is not read with the gio resolution")
    func browserVariable() throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        // GIO reads no MimeType= without a mimeinfo.cache: this default is what it answers.
        try tree.write("config/mimeapps.list", "[Default Applications]\nx-scheme-handler/http=other.desktop;\n")
        var withBrowser = variables
        withBrowser["BROWSER"] = "webby --new-window %s:other-program"
        #expect(runXDG("xdg-settings", ["get", "default-web-browser"], withBrowser).standardOutput == "browser.desktop\n")
        let set = runXDG("xdg-settings", ["set", "default-web-browser", "other.desktop"], withBrowser)
        #expect(set.status == 4 && set.standardError.contains("$BROWSER is set and can't be changed with xdg-settings"))
        #expect(
            runXDG("xdg-settings", ["set", "default-url-scheme-handler", "mailto", "other.desktop"], withBrowser).status == 0)
        withBrowser["ASSOC_XDG_RESOLUTION"] = "gio"
        let gio = runXDG("xdg-settings", ["get", "default-web-browser"], withBrowser)
        #expect(gio.status == 0 && gio.standardOutput == "other.desktop\n", "the http handler, by GIO's rules")
        #expect(runXDG("xdg-settings", ["set", "default-web-browser", "other.desktop"], withBrowser).status == 0)
    }

    @Test("ASSOC_XDG_RESOLUTION, else assoc.conf's [XDG] Resolution=, chooses the rules")
    func resolutionChoice() throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=nodecl.desktop;\n")
        func answer(_ changes: [String: String]) -> CLIRun {
            runXDG("xdg-mime", ["query", "default", "application/pdf"], variables.merging(changes) { $1 })
        }
        // nodecl.desktop declares no type: the specification passes over it, xdg-utils does not.
        #expect(answer([:]).standardOutput == "viewer.desktop\n")
        #expect(answer(["ASSOC_XDG_RESOLUTION": "xdg-open"]).standardOutput == "nodecl.desktop\n")
        #expect(answer(["ASSOC_XDG_RESOLUTION": "gio"]).standardOutput == "nodecl.desktop\n")
        try tree.write("config/assoc/assoc.conf", "# chosen here\n[XDG]\nResolution=xdg-open\n")
        #expect(answer([:]).standardOutput == "nodecl.desktop\n")
        #expect(answer(["ASSOC_XDG_RESOLUTION": "spec"]).standardOutput == "viewer.desktop\n")
        let wrong = answer(["ASSOC_XDG_RESOLUTION": "kde"])
        #expect(wrong.standardOutput == "viewer.desktop\n")
        #expect(wrong.standardError.contains("ASSOC_XDG_RESOLUTION=kde is not one of spec, gio, xdg-open; using spec"))
        try tree.write("config/assoc/assoc.conf", "[XDG]\nResolution=sometimes\n")
        #expect(answer([:]).standardError.contains("assoc.conf:2: Resolution is not one of spec, gio, xdg-open"))
    }

    @Test("XDG_UTILS_DEBUG_LEVEL 1 explains the answer on standard error, and what xdg-open would answer")
    func debugLevel() throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=nodecl.desktop;\n")
        var debugging = variables
        debugging["XDG_UTILS_DEBUG_LEVEL"] = "1"
        let result = runXDG("xdg-mime", ["query", "default", "application/pdf"], debugging)
        #expect(result.standardOutput == "viewer.desktop\n")
        for text in [
            "xdg-mime: answering by the spec resolution (chosen by the default)",
            "nodecl.desktop passed over: not associated", "xdg-open on a generic desktop would choose: nodecl.desktop",
        ] {
            #expect(result.standardError.contains(text), "\(result.standardError)")
        }
        #expect(runXDG("xdg-mime", ["query", "default", "application/pdf"], variables).standardError.isEmpty)
    }

    @Test("--help, --manual, --version and --list")
    func commonCommands() throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        #expect(runXDG("xdg-open", ["--version"], variables).standardOutput == "xdg-open 1.2.1 (assoc \(AssocCLI.version))\n")
        let help = runXDG("xdg-mime", ["query", "--help"], variables)
        #expect(help.status == 0 && help.standardOutput.hasPrefix("Usage: xdg-mime query filetype FILE\n"))
        #expect(!help.standardOutput.contains("--database"), "no global option of assoc")
        #expect(runXDG("xdg-settings", ["--manual"], variables).standardOutput.contains("DIFFERENCES FROM XDG-UTILS"))
        #expect(
            runXDG("xdg-settings", ["--list"], variables).standardOutput == """
                Known properties:
                  default-url-scheme-handler    Default handler for URL scheme
                  default-web-browser           Default web browser

                """)
        // After --, --help is an operand: a file that does not exist.
        #expect(runXDG("xdg-open", ["--", "--help"], variables).status == 2)
    }
}

/// The statuses and messages of syntax errors and missing files, against the installed xdg-utils.
@Suite(
    "the front ends' statuses and messages are xdg-utils' own",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-mime") && hasSystemDatabase))
struct XDGUtilityMessagesTests {
    static let cases: [(String, [String])] = [
        ("xdg-open", ["-x"]), ("xdg-open", ["/nonexistent/file"]), ("xdg-open", [""]),
        ("xdg-mime", ["query"]), ("xdg-mime", ["query", "frob"]), ("xdg-mime", ["query", "filetype"]),
        ("xdg-mime", ["query", "filetype", "-x"]), ("xdg-mime", ["query", "filetype", "/nonexistent/file"]),
        ("xdg-mime", ["query", "default"]), ("xdg-mime", ["query", "default", "-x"]), ("xdg-mime", ["query", "default", "text"]),
        ("xdg-mime", ["default"]), ("xdg-mime", ["default", "-x"]), ("xdg-mime", ["default", "app"]),
        ("xdg-mime", ["default", "app.desktop"]), ("xdg-mime", ["default", "app.desktop", "-x"]), ("xdg-mime", ["frob"]),
        ("xdg-mime", []), ("xdg-settings", []), ("xdg-settings", ["get"]), ("xdg-settings", ["set", "default-web-browser"]),
        ("xdg-settings", ["frob", "x", "y"]), ("xdg-settings", ["get", "frob"]),
        ("xdg-settings", ["check", "default-web-browser", "a/b.desktop"]),
        ("xdg-settings", ["check", "default-web-browser", "firefox"]),
        ("xdg-settings", ["set", "default-web-browser", "a.desktop", "b.desktop"]),
        ("xdg-settings", ["set", "default-url-scheme-handler", "mailto"]),
    ]

    @Test("each syntax error and missing file", arguments: cases)
    func same(name: String, arguments: [String]) throws {
        let (tree, variables) = try dropInWorld()
        defer { withExtendedLifetime(tree) {} }
        let theirs = try ProcessRunner.run("/usr/bin/" + name, arguments, environment: variables, timeout: 30)
        let ours = runXDG(name, arguments, variables)
        #expect(ours.status == theirs.status, "\(name) \(arguments): \(ours.standardError) / \(theirs.standardError)")
        // A message is xdg-utils' word for word; without one both print their usage.
        #expect(ours.standardError == theirs.standardError, "\(name) \(arguments)")
        #expect(ours.standardOutput.isEmpty == theirs.standardOutput.isEmpty)
    }
}
