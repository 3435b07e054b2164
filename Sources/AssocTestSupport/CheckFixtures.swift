import Foundation

/// Configurations for testing `assoc check`: a clean one, and one with one planted problem of each
/// kind, all in the user's own directories.
///
/// Both read the system's `freedesktop.org.xml` as their MIME database, copied and compiled with
/// `update-mime-database`, so that the state of the machine's `mime.cache` plays no part; each
/// `applications/` directory has the `mimeinfo.cache` `update-desktop-database` would write.
public enum CheckFixtures {
    /// Whether the fixtures can be built here.
    public static var available: Bool {
        FileManager.default.fileExists(atPath: systemPackage) && Corpus.program("update-mime-database") != nil
    }

    /// The package of the system's MIME database the fixtures copy.
    public static let systemPackage = "/usr/share/mime/packages/freedesktop.org.xml"

    /// A desktop entry for an application that runs `true`.
    public static func entry(_ name: String, types: String, extra: String = "") -> String {
        "[Desktop Entry]\nType=Application\nName=\(name)\nExec=true %f\nMimeType=\(types)\n\(extra)"
    }

    /// A package that gives `*.htm` files a type of their own, `application/x-extension-htm`, as
    /// Firefox's registration does: the history tests' re-typing by a package.
    public static let htmRetypingPackage = """
        <?xml version="1.0" encoding="UTF-8"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="application/x-extension-htm">
            <comment>HTM page</comment>
            <glob pattern="*.htm" weight="90"/>
          </mime-type>
        </mime-info>
        """

    /// Variables for a fixture tree: the desktops GNOME and KDE, `true` on PATH.
    public static func variables(_ tree: TemporaryXDGTree) -> [String: String] {
        var variables = tree.variables(dataDirs: ["usr-share"], desktop: "GNOME:KDE")
        variables["PATH"] = "/usr/bin:/bin"
        return variables
    }

    /// A sound configuration: a viewer and an editor, a default that is associated, a list of
    /// the user's own.
    public static func clean() throws -> TemporaryXDGTree {
        let tree = try TemporaryXDGTree()
        try tree.installMIMEPackages([systemPackage], compile: true)
        try tree.write("data/applications/viewer.desktop", entry("Viewer", types: "application/pdf;"))
        try tree.write("data/applications/editor.desktop", entry("Editor", types: "text/plain;"))
        try tree.write(
            "data/applications/mimeinfo.cache", "[MIME Cache]\napplication/pdf=viewer.desktop;\ntext/plain=editor.desktop;\n")
        try tree.write("usr-share/applications/other.desktop", entry("Other", types: "image/png;"))
        try tree.write("usr-share/applications/mimeinfo.cache", "[MIME Cache]\nimage/png=other.desktop;\n")
        try tree.write(
            "config/mimeapps.list",
            """
            # my defaults
            [Default Applications]
            application/pdf=viewer.desktop;
            text/plain=editor.desktop;

            [Added Associations]
            application/pdf=viewer.desktop;
            image/png=other.desktop;

            [Removed Associations]
            text/html=editor.desktop;
            """ + "\n")
        try tree.write("config/gnome-mimeapps.list", "[Default Applications]\nimage/png=other.desktop;\n")
        return tree
    }

    /// The user's list with one problem of each kind a list can have; the line of each is in
    /// `plantedLines`.
    public static let plantedList = """
        [Default Applications]
        application/x-pdf=viewer.desktop;
        image/*=viewer.desktop;
        notatype=viewer.desktop;
        text/html=evince.deskto;
        text/plain=missing.desktop;editor.desktop;
        application/rtf=hidden.desktop;
        image/png=tryexec.desktop;
        image/jpeg=noprogram.desktop;
        image/gif=link.desktop;
        image/tiff=badexec.desktop;
        application/zip=editor.desktop;
        this line is not a key and a value

        [Added Associations]
        application/xml=editor.desktop;
        text/csv=gone.desktop;

        [Removed Associations]
        application/xml=editor.desktop;
        application/xml=viewer.desktop;

        [Default applications]
        text/plain=viewer.desktop;
        """ + "\n"

    /// The line of each planted problem of `plantedList`.
    public static let plantedLines: [String: Int] = [
        "alias-key": 2, "wildcard-key": 3, "invalid-key": 4, "invalid-id": 5, "default-missing": 6,
        "default-hidden": 7, "default-try-exec": 8, "default-program-missing": 9, "default-not-application": 10,
        "default-broken": 11, "default-not-associated": 12, "list-syntax": 13, "gio-ignores-list": 13, "association-missing": 17,
        "added-and-removed": 20, "duplicate-key": 21, "misspelled-group": 23,
    ]

    /// A configuration with one problem of each kind `assoc check` knows.
    public static func planted() throws -> TemporaryXDGTree {
        let tree = try TemporaryXDGTree()
        try tree.installMIMEPackages([systemPackage], compile: true)
        let applications = "data/applications/"
        try tree.write(applications + "viewer.desktop", entry("Viewer", types: "application/pdf;"))
        try tree.write(applications + "editor.desktop", entry("Editor", types: "text/plain;"))
        try tree.write(applications + "hidden.desktop", entry("Hidden", types: "application/rtf;", extra: "Hidden=true\n"))
        try tree.write(
            applications + "tryexec.desktop",
            entry("TryExec", types: "image/png;", extra: "TryExec=assoc-no-such-program\n"))
        try tree.write(
            applications + "noprogram.desktop",
            entry("No program", types: "image/jpeg;").replacingOccurrences(of: "Exec=true", with: "Exec=assoc-no-such-program"))
        try tree.write(applications + "link.desktop", "[Desktop Entry]\nType=Link\nName=Link\nURL=https://example.org/\n")
        try tree.write(
            applications + "badexec.desktop",
            entry("Bad", types: "image/tiff;").replacingOccurrences(of: "Exec=true %f", with: "Exec=\"true %f"))
        try tree.write(applications + "broken.desktop", "Name=no group at all\n")
        try tree.write(
            applications + "fieldcode.desktop", entry("Code", types: "text/csv;").replacingOccurrences(of: "%f", with: "%x"))
        try tree.write(
            applications + "filecodes.desktop", entry("Codes", types: "text/csv;").replacingOccurrences(of: "%f", with: "%f %U"))
        try tree.write(applications + "aliastype.desktop", entry("Alias", types: "application/x-pdf;"))
        let nowhere = "Path=\(tree.path("no-such-directory"))\n"
        try tree.write(applications + "nowhere.desktop", entry("Nowhere", types: "text/csv;", extra: nowhere))
        try tree.write(applications + "vendor-app.desktop", entry("Vendor 1", types: "text/csv;"))
        try tree.write(applications + "vendor/app.desktop", entry("Vendor 2", types: "text/csv;"))
        try tree.write("usr-share/applications/editor.desktop", entry("System editor", types: "text/plain;"))
        try tree.write("usr-share/applications/mimeinfo.cache", "[MIME Cache]\ntext/plain=editor.desktop;\n")
        // A mimeinfo.cache that lists a removed entry and misses the others.
        try tree.write(applications + "mimeinfo.cache", "[MIME Cache]\napplication/pdf=removed.desktop;viewer.desktop;\n")
        // A mime.cache older than its packages, one of which is broken.
        try tree.write("data/mime/packages/bad.xml", "<?xml version=\"1.0\"?>\n<mime-info>\n<oops>\n")
        try tree.write("data/mime/mime.cache", "an old cache")
        try age(tree.path("data/mime/mime.cache"))
        // The user's list: a symbolic link to a read-only file, with every list problem.
        try tree.write("config/real-mimeapps.list", plantedList)
        try FileManager.default.createSymbolicLink(
            atPath: tree.path("config/mimeapps.list"), withDestinationPath: "real-mimeapps.list")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: tree.path("config/real-mimeapps.list"))
        // A desktop-specific list with [Added Associations], and one that is not UTF-8.
        try tree.write(
            "config/gnome-mimeapps.list", "[Default Applications]\n\n[Added Associations]\ntext/plain=editor.desktop;\n")
        try tree.write(
            "config/kde-mimeapps.list",
            bytes: Array("[Default Applications]\ntext/plain=caf".utf8) + [0xE9] + Array(".desktop;\n".utf8))
        // The temporary of an edit that SIGKILL interrupted an hour ago.
        try tree.write("config/.mimeapps.list.assoc-Ab12Cd", "[Default Applications]\n")
        try age(tree.path("config/.mimeapps.list.assoc-Ab12Cd"))
        // A default another program changed, recorded in the history and not read since; a pin
        // that no watcher defends.
        try tree.write(
            "state/assoc/history.jsonl",
            "{\"id\":\"planted-0\",\"time\":\"2026-01-02T03:04:05Z\",\"type\":\"application/pdf\","
                + "\"before\":{\"spec\":\"editor.desktop\"},\"after\":{\"spec\":\"viewer.desktop\"},"
                + "\"cause\":\"list-edit\",\"file\":\"\(tree.path("config/mimeapps.list"))\","
                + "\"added\":[{\"line\":2,\"text\":\"application/pdf=viewer.desktop;\"}],\"removed\":[]}\n")
        try tree.write("config/assoc/pins.list", "[Pins]\napplication/pdf=viewer.desktop;\n")
        // Role defaults: one not installed, one that does not declare its type.
        try tree.write(
            "config/assoc/roles.list",
            "[Edit Applications]\ntext/plain=assoc-absent.desktop;\n\n[Markup Applications]\napplication/pdf=editor.desktop;\n")
        return tree
    }

    /// Sets a file's modification time an hour back.
    static func age(_ path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
    }

    /// The file each planted problem of a kind is in, relative to the tree (the list's problems
    /// are in its link, `config/mimeapps.list`).
    public static let plantedFiles: [String: String] = [
        "unreadable-file": "config/kde-mimeapps.list", "broken-entry": "data/applications/broken.desktop",
        "mime-data": "data/mime/packages/bad.xml", "desktop-list-associations": "config/gnome-mimeapps.list",
        "exec-syntax": "data/applications/badexec.desktop", "exec-field-code": "data/applications/fieldcode.desktop",
        "exec-file-codes": "data/applications/filecodes.desktop", "entry-alias-type": "data/applications/aliastype.desktop",
        "working-directory-missing": "data/applications/nowhere.desktop",
        "duplicate-id": "data/applications/vendor-app.desktop", "stale-mimeinfo-cache": "data/applications/mimeinfo.cache",
        "stale-mime-cache": "data/mime/mime.cache", "symlinked-list": "config/mimeapps.list",
        "read-only-list": "config/mimeapps.list", "leftover-temporary": "config/.mimeapps.list.assoc-Ab12Cd",
        "pin-undefended": "config/assoc/pins.list", "default-changed": "config/mimeapps.list",
        "role-default-missing": "config/assoc/roles.list", "role-default-undeclared": "config/assoc/roles.list",
    ]
}
