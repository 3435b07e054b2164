import XDGSupport

/// Loads one `mime/` directory from its cache or its XML packages, by the policy of `DatabaseSource`.
enum DirectoryLoader {
    /// Reads the directory at `path` (a `mime/` directory), or `nil` when it holds no database.
    static func load(_ path: String, source: DatabaseSource,
                     diagnostics: inout [Diagnostic]) -> (LoadedDirectory, DirectoryContents)? {
        let packagesDirectory = path + "/packages"
        let packages = packageFiles(packagesDirectory, diagnostics: &diagnostics)
        let cachePath = path + "/mime.cache"
        if source != .xml, let cacheTime = FileBytes.modificationTime(cachePath) {
            let newestPackage = ([packagesDirectory] + packages).compactMap(FileBytes.modificationTime).max() ?? 0
            if source == .cache || cacheTime >= newestPackage {
                if let contents = readCache(path: path, diagnostics: &diagnostics) {
                    return (LoadedDirectory(path: path, source: .cache, packages: []), contents)
                }
            } else {
                diagnostics.append(Diagnostic(.note, path: cachePath,
                    message: "older than its packages; reading the XML instead"))
            }
        }
        guard !packages.isEmpty else { return nil }
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
        return (info, contents)
    }

    /// `packages/*.xml` sorted by name, with `Override.xml` last (SPECS rule 4).
    static func packageFiles(_ directory: String, diagnostics: inout [Diagnostic]) -> [String] {
        guard FileBytes.isDirectory(directory) else { return [] }
        let names: [String]
        do { names = try FileBytes.directoryEntries(directory) } catch {
            diagnostics.append(Diagnostic(path: directory, message: "cannot list: \(error.reason)"))
            return []
        }
        let xml = names.filter { $0.hasSuffix(".xml") && $0 != "Override.xml" } + names.filter { $0 == "Override.xml" }
        return xml.map { directory + "/" + $0 }
    }

    private static func readCache(path: String, diagnostics: inout [Diagnostic]) -> DirectoryContents? {
        let cachePath = path + "/mime.cache"
        do {
            let bytes: [UInt8]
            do { bytes = try FileBytes.read(cachePath) } catch {
                throw MIMEDatabaseError.unreadable(path: cachePath, reason: error.reason)
            }
            var contents = try MIMECache.read(bytes: bytes, path: cachePath)
            if let types = typesFile(path + "/types") { contents.types = types }
            return contents
        } catch let error as MIMEDatabaseError {
            diagnostics.append(error.diagnostic(path: cachePath, consequence: "reading the XML instead"))
            return nil
        } catch {
            return nil
        }
    }

    /// The `types` file `update-mime-database` writes beside the cache: one canonical type a line.
    private static func typesFile(_ path: String) -> Set<String>? {
        guard let bytes = try? FileBytes.read(path) else { return nil }
        let names = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        let valid = names.filter(MIMETypeName.isValid)
        return valid.isEmpty ? nil : Set(valid)
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
