import XDGSupport

/// Finds what the XML says of a type in one loaded directory: its description, and the spelling
/// of its glob patterns.
enum DescriptionLoader {
    static func description(of type: String, in directory: LoadedDirectory) -> TypeDescription? {
        switch directory.source {
        case .xml:
            return directory.descriptions[type]
        case .cache, .text:
            guard let found = generatedFile(of: type, in: directory)?.descriptions[type], !found.isEmpty else { return nil }
            return found
        }
    }

    /// The globs of `type` as the generated `MEDIA/SUBTYPE.xml` of a directory read from its cache
    /// or text files writes them, patterns spelled as in the package; none for a directory read
    /// from XML, whose rules keep their spelling already.
    static func writtenGlobs(of type: String, in directory: LoadedDirectory) -> [GlobRule] {
        guard directory.source != .xml, let file = generatedFile(of: type, in: directory) else { return [] }
        return file.globs.filter { $0.mimeType == type }
    }

    /// The generated `MEDIA/SUBTYPE.xml` of `type` in a cache or text directory, read now.
    private static func generatedFile(of type: String, in directory: LoadedDirectory) -> DirectoryContents? {
        var ignored: [Diagnostic] = []
        // update-mime-database names the file after the lower-cased type.
        let candidates = [type, type.lowercased()].map { directory.path + "/" + $0 + ".xml" }
        guard let generated = candidates.first(where: FileBytes.exists) else { return nil }
        return try? PackageXMLReader.read(path: generated, diagnostics: &ignored)
    }
}
