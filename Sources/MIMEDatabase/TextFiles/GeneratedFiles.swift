import XDGSupport

/// Reads a `mime/` directory from the text files `update-mime-database` writes beside
/// `mime.cache` (`globs2` or `globs`, `magic`, `aliases`, `subclasses`, `icons`, `generic-icons`,
/// `XMLnamespaces`, `types`): the source SPECS rule 40 falls back to when the cache is absent or
/// invalid and no `packages/` are there to read instead. Descriptions come, as for a cache, from
/// the generated `MEDIA/SUBTYPE.xml` files when asked for; `treemagic` is not read.
enum GeneratedFiles {
    /// Whether the directory at `path` has the files that carry names or content rules.
    static func exist(in path: String) -> Bool {
        ["globs2", "globs", "magic"].contains { FileBytes.exists(path + "/" + $0) && !FileBytes.isDirectory(path + "/" + $0) }
    }

    /// The contents of the text files of the `mime/` directory at `path`; a file that is missing
    /// adds nothing, one that cannot be read or is malformed is warned about and skipped in whole
    /// or in part.
    static func read(_ path: String, diagnostics: inout [Diagnostic]) -> DirectoryContents {
        var contents = DirectoryContents()
        func load(_ name: String) -> [UInt8]? {
            let file = path + "/" + name
            do { return try FileBytes.read(file) } catch {
                // A missing file adds nothing; a directory, a dangling link, no permission are warned about.
                if let problem = FileBytes.unreadableProblem(file, error) {
                    diagnostics.append(Diagnostic(path: file, message: "\(problem); file skipped"))
                }
                return nil
            }
        }
        if let bytes = load("globs2") {
            Globs2Reader.read(bytes, path: path + "/globs2", weighted: true, into: &contents, diagnostics: &diagnostics)
        } else if let bytes = load("globs") {
            Globs2Reader.read(bytes, path: path + "/globs", weighted: false, into: &contents, diagnostics: &diagnostics)
        }
        if let bytes = load("magic") {
            do throws(MIMEDatabaseError) {
                try MagicFileReader.read(bytes, path: path + "/magic", into: &contents, diagnostics: &diagnostics)
            } catch {
                diagnostics.append(error.diagnostic(path: path + "/magic", consequence: "file skipped"))
            }
        }
        for kind in SimpleListReader.Kind.allCases {
            guard let bytes = load(kind.fileName) else { continue }
            SimpleListReader.read(kind, bytes, path: path + "/" + kind.fileName, into: &contents, diagnostics: &diagnostics)
        }
        // The `types` file names every type; without one, every type the files mention.
        if let types = DirectoryLoader.typesFile(path + "/types", diagnostics: &diagnostics) { contents.types = types }
        return contents
    }
}
