import XDGSupport

/// Loads one `mime/` directory from its cache, its XML packages or its generated text files, by
/// the policy of `DatabaseSource`.
enum DirectoryLoader {
    /// Reads the directory at `path` (a `mime/` directory), or `nil` when it holds no database.
    static func load(
        _ path: String, source: DatabaseSource, checking: CacheChecking = .whole,
        diagnostics: inout [Diagnostic]
    ) -> (LoadedDirectory, DirectoryData)? {
        if source == .text, GeneratedFiles.exist(in: path) {
            return textFiles(path, diagnostics: &diagnostics)
        }
        let packagesDirectory = path + "/packages"
        // One `stat` of packages/ says whether to list it and, below, when it last changed.
        let packagesStatus = FileBytes.modificationTimeAndKind(packagesDirectory)
        let packages =
            packagesStatus?.isDirectory == true ? packageFiles(packagesDirectory, diagnostics: &diagnostics) : []
        // A data directory without `mime/` (often the user's) has nothing else to look for.
        if packagesStatus == nil && !FileBytes.exists(path) { return nil }
        let cachePath = path + "/mime.cache"
        if source != .xml, let cacheTime = FileBytes.modificationTime(cachePath) {
            // The newest of packages/ and its files, of those whose time can be read.
            var newestPackage = packagesStatus?.modificationTime
            for package in packages {
                if let time = FileBytes.modificationTime(package) { newestPackage = max(newestPackage ?? time, time) }
            }
            if source == .cache || cacheTime >= newestPackage ?? 0 {
                if let image = openCache(
                    path: path, hasPackages: !packages.isEmpty, checking: checking, diagnostics: &diagnostics)
                {
                    return (LoadedDirectory(path: path, source: .cache, packages: []), .cache(image))
                }
            } else {
                diagnostics.append(
                    Diagnostic(
                        .note, path: cachePath,
                        message: "older than its packages; reading the XML instead"))
            }
        }
        guard !packages.isEmpty else {
            // No cache to use and no packages: what update-mime-database left beside the cache.
            guard source != .xml, GeneratedFiles.exist(in: path) else { return nil }
            return textFiles(path, diagnostics: &diagnostics)
        }
        var contents = DirectoryContents()
        var read: [String] = []
        for package in packages {
            do throws(MIMEDatabaseError) {
                contents.absorb(try PackageXMLReader.read(path: package, diagnostics: &diagnostics))
                read.append(package)
            } catch {
                diagnostics.append(error.diagnostic(path: package, consequence: "file skipped"))
            }
        }
        let info = LoadedDirectory(path: path, source: .xml, packages: read, descriptions: contents.descriptions)
        contents.descriptions = [:]
        return (info, .decoded(contents))
    }

    /// The directory read from its generated text files.
    private static func textFiles(_ path: String, diagnostics: inout [Diagnostic]) -> (LoadedDirectory, DirectoryData) {
        (LoadedDirectory(path: path, source: .text, packages: []), .decoded(GeneratedFiles.read(path, diagnostics: &diagnostics)))
    }

    /// `packages/*.xml` sorted by name, with `Override.xml` last (SPECS rule 4), of `directory`,
    /// a directory.
    static func packageFiles(_ directory: String, diagnostics: inout [Diagnostic]) -> [String] {
        let names: [String]
        do { names = try FileBytes.directoryEntries(directory) } catch {
            diagnostics.append(Diagnostic(path: directory, message: "cannot list: \(error.reason)"))
            return []
        }
        let xml = names.filter { $0.hasSuffix(".xml") && $0 != "Override.xml" } + names.filter { $0 == "Override.xml" }
        return xml.map { directory + "/" + $0 }
    }

    /// Reads `mime.cache` (mapped, when only root can change it: `FileImage`) and validates it as
    /// `checking` says; its lists are decoded later, when first needed. A cache refused is warned about, with what is read instead (`hasPackages`:
    /// the directory has XML).
    private static func openCache(
        path: String, hasPackages: Bool, checking: CacheChecking,
        diagnostics: inout [Diagnostic]
    ) -> CacheImage? {
        let cachePath = path + "/mime.cache"
        do throws(MIMEDatabaseError) {
            let bytes: FileImage
            do { bytes = try FileImage.read(cachePath) } catch {
                throw MIMEDatabaseError.unreadable(path: cachePath, reason: error.reason)
            }
            guard checking == .whole else {
                try MIMECache.checkHeader(bytes: bytes, path: cachePath)
                return CacheImage(bytes: bytes, path: cachePath, typesPath: path + "/types", magicExtent: nil)
            }
            let reach = try MIMECache.validate(bytes: bytes, path: cachePath)
            diagnostics += reach.nameDiagnostics(path: cachePath)
            for (type, extent) in reach.beyondLimit {
                diagnostics.append(MagicReadLimit.warning(path: cachePath, type: type, extent: extent))
            }
            return CacheImage(bytes: bytes, path: cachePath, typesPath: path + "/types", magicExtent: reach.extent)
        } catch {
            let fallback =
                hasPackages
                ? "reading the XML instead"
                : GeneratedFiles.exist(in: path) ? "reading the text files beside it instead" : "directory skipped"
            diagnostics.append(error.diagnostic(path: cachePath, consequence: fallback))
            return nil
        }
    }

    /// The `types` file `update-mime-database` writes beside the cache: one canonical type a line.
    /// A line that is not a name RFC 6838 allows is skipped (a cache's own lists report the same
    /// names, when it is checked whole).
    static func typesFile(_ path: String) -> Set<String>? {
        var ignored: [Diagnostic] = []
        return typesFile(path, diagnostics: &ignored)
    }

    /// `typesFile(_:)`, with the lines skipped reported in `diagnostics`.
    static func typesFile(_ path: String, diagnostics: inout [Diagnostic]) -> Set<String>? {
        guard let bytes = try? FileBytes.read(path) else { return nil }
        var names = Set<String>(minimumCapacity: bytes.count / 20)
        var problems = LineProblems(path: path)
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty {
            let name = String(decoding: line, as: UTF8.self)
            if MIMETypeName.isRestrictedName(name) {
                names.insert(name)
            } else {
                problems.add(line: index + 1, MIMETypeName.restrictedNameProblem(name))
            }
        }
        if let diagnostic = problems.diagnostic { diagnostics.append(diagnostic) }
        return names.isEmpty ? nil : names
    }
}

extension DirectoryContents {
    /// Merges `later`, which takes precedence, into these contents.
    ///
    /// Used both for packages within one directory (in file order, `Override.xml` last) and for
    /// directories (least important first, SPECS rule 3): `glob-deleteall` and `magic-deleteall` in
    /// `later` discard what came before for that type (rule 7); aliases, icons and comments of
    /// `later` replace earlier ones; parents and rules are united.
    mutating func absorb(_ later: DirectoryContents) {
        if self == DirectoryContents() {
            // The first directory: nothing to override or discard.
            self = later
            return
        }
        types.formUnion(later.types)
        for (alias, target) in later.aliases { aliases[alias] = target }
        for (type, list) in later.parents {
            for parent in list where !parents[type, default: []].contains(parent) {
                parents[type, default: []].append(parent)
            }
        }
        if !later.globDeleteAll.isEmpty { globs.removeAll { later.globDeleteAll.contains($0.mimeType) } }
        globDeleteAll.formUnion(later.globDeleteAll)
        var seen = Set(globs)
        for rule in later.globs where seen.insert(rule).inserted { globs.append(rule) }
        if !later.magicDeleteAll.isEmpty { magic.removeAll { later.magicDeleteAll.contains($0.mimeType) } }
        magicDeleteAll.formUnion(later.magicDeleteAll)
        magic += later.magic
        for rule in later.rootXML where !rootXML.contains(rule) { rootXML.append(rule) }
        treeMagic += later.treeMagic
        for (type, icon) in later.icons { icons[type] = icon }
        for (type, icon) in later.genericIcons { genericIcons[type] = icon }
        for (type, description) in later.descriptions {
            descriptions[type, default: TypeDescription()].absorb(description)
        }
    }
}
