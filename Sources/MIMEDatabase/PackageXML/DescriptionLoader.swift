import XDGSupport

/// Finds the description of a type in one loaded directory.
enum DescriptionLoader {
    static func description(of type: String, in directory: LoadedDirectory) -> TypeDescription? {
        switch directory.source {
        case .xml:
            return directory.descriptions[type]
        case .cache, .text:
            var ignored: [Diagnostic] = []
            // update-mime-database names the file after the lower-cased type.
            let candidates = [type, type.lowercased()].map { directory.path + "/" + $0 + ".xml" }
            if let generated = candidates.first(where: FileBytes.exists),
                let package = try? PackageXMLReader.read(path: generated, diagnostics: &ignored),
                let found = package.descriptions[type], !found.isEmpty
            {
                return found
            }
            return nil
        }
    }
}
