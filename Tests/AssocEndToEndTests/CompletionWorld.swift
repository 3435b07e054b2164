import AssocTestSupport
import Foundation

/// A world for the shell completions in which application, type and file names are shell code.
///
/// The user's applications are named `x$(touch${IFS}CANARY1).desktop` and the like, the user's
/// MIME package declares types with every character RFC 6838 allows beyond letters and digits
/// (`$ ! # & ^`), the working directory holds a file named `f$(touch${IFS}CANARY4).txt`, and
/// `PATH` starts with programs named after every completion kind (`desktop-id`, `type-pattern`,
/// `file`, `none`...) that leave `ran-KIND` when run. No data directory holds the system's
/// database or applications, so `assoc __complete` prints exactly these names.
///
/// The `assoc` on `PATH` runs the built one for `assoc __complete`, and otherwise records its
/// arguments, so a test reads what a command line accepted after a completion holds.
struct CompletionWorld {
    /// The desktop file IDs of the user's applications.
    static let desktopIDs = [
        "x$(touch${IFS}CANARY1).desktop", "y`touch${IFS}CANARY2`.desktop", "a;touch CANARY3.desktop",
        "d$HOME!b#c&d^e.desktop", "q'u\"o\\te.desktop", "p{a,b}*?[c].desktop", "~t.desktop",
    ]
    /// The MIME types of the user's package.
    static let types = ["application/x-zza$HOME", "application/x-zzb!c#d&e^f", "text/x-zzc$PATH"]
    /// The types and the wildcard of each media type, as a type filter completes.
    static let typePatterns = types + ["application/*", "text/*"]
    /// The files of the working directory.
    static let files = ["f$(touch${IFS}CANARY4).txt", "notes.txt"]
    /// The programs on `PATH` that must never run: every completion kind.
    static let kinds = [
        "mime-type", "type-pattern", "desktop-id", "desktop-name", "command", "file", "directory", "none", "choice",
    ]

    let tree: TemporaryXDGTree
    /// The environment of the shells.
    let variables: [String: String]
    /// The shells' working directory.
    var work: String { tree.path("work") }
    /// The generated completion scripts, as checked in.
    static var completions: String { Corpus.packageRoot + "/data/completions" }

    init() throws {
        tree = try TemporaryXDGTree()
        try tree.makeDirectory("usr-share")
        for id in Self.desktopIDs {
            try tree.write(
                "data/applications/\(id)", "[Desktop Entry]\nType=Application\nName=N\nExec=true %f\nMimeType=text/plain;\n")
        }
        let types = Self.types.enumerated().map { index, type in
            let name = type.replacingOccurrences(of: "&", with: "&amp;")
            return "  <mime-type type=\"\(name)\"><glob pattern=\"*.zz\(index)\"/></mime-type>\n"
        }
        let package = try tree.write(
            "sources/hostile.xml",
            "<?xml version=\"1.0\"?>\n<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n"
                + types.joined() + "</mime-info>\n")
        try tree.installMIMEPackages([package], dataDir: "data", compile: true)
        for file in Self.files { try tree.write("work/\(file)", "text\n") }
        for kind in Self.kinds {
            try Self.executable(tree, "bin/\(kind)", "#!/bin/sh\ntouch \(Self.quoted(tree.path("ran-\(kind)")))\n")
        }
        let record = Self.quoted(tree.path("record"))
        try Self.executable(
            tree, "bin/assoc",
            """
            #!/bin/sh
            if [ "$1" = __complete ]; then exec \(Self.quoted(ProcessRunner.assocExecutable)) "$@"; fi
            for argument in "$@"; do printf '%s\\0' "$argument"; done >\(record).tmp
            mv \(record).tmp \(record)

            """)
        var variables = tree.variables()
        variables["PATH"] = tree.path("bin") + ":/usr/bin:/bin"
        self.variables = variables
    }

    /// The canaries that exist: a `CANARY…` file anywhere in the tree (a name run as code), or a
    /// `ran-KIND` (a kind run as a program).
    func firedCanaries() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: tree.root)
        var fired: [String] = []
        while let path = enumerator?.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix("CANARY") || name.hasPrefix("ran-") { fired.append(path) }
        }
        return fired
    }

    /// The arguments of the next command line that ran the `assoc` on `PATH`.
    ///
    /// - Throws: `SetupError` when none ran within `timeout` seconds.
    func nextRecord(timeout: Double = 10) throws -> [String] {
        let path = tree.path("record")
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let data = FileManager.default.contents(atPath: path) {
                try FileManager.default.removeItem(atPath: path)
                return data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
                    String(decoding: $0, as: UTF8.self)
                }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw SetupError("assoc did not run within \(timeout) seconds")
    }

    /// A word in single quotes, as sh reads it literally.
    static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    private static func executable(_ tree: TemporaryXDGTree, _ path: String, _ text: String) throws {
        let full = try tree.write(path, text)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: full)
    }
}
