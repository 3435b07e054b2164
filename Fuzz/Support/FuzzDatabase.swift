import MIMEDatabase

/// A small database with the aliases and case variants that list keys meet in the wild, so the
/// targets exercise unaliasing without reading the system's files.
enum FuzzDatabase {
    static let types = ["text/plain", "application/pdf", "image/bmp", "text/html", "image/png", "inode/directory"]

    static let shared: MIMEDatabase = {
        var contents = DirectoryContents()
        contents.types = Set(types)
        contents.aliases = [
            "application/x-pdf": "application/pdf", "image/x-MS-bmp": "image/bmp", "image/x-bmp": "image/bmp",
            "text/x-html": "text/html",
        ]
        contents.parents = ["text/html": ["text/plain"]]
        contents.globs = [GlobRule(pattern: "*.txt", mimeType: "text/plain"), GlobRule(pattern: "*.pdf", mimeType: "application/pdf")]
        return MIMEDatabase(contents: contents)
    }()

    /// Types and spellings an edit may name: canonical, alias, other case, unknown, wildcard.
    static let editTypes = [
        "text/plain", "application/pdf", "application/x-pdf", "image/x-MS-bmp", "image/x-ms-bmp", "IMAGE/BMP",
        "text/x-unknown", "image/*", "x-scheme-handler/https",
    ]

    /// Desktop IDs an edit may name.
    static let apps = ["a.desktop", "org.example.Viewer.desktop", "b;c.desktop", "kde4-okular.desktop"]
}
