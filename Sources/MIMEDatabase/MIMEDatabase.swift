import XDGSupport

/// The shared-mime-info database of every `mime/` directory, merged into one immutable value.
///
/// Directories are loaded least important first, so later data overrides earlier (SPECS rule 3):
/// the system's `/usr/share/mime`, then `/usr/local/share/mime`, then `$XDG_DATA_HOME/mime`. Each
/// directory is read from its `mime.cache` or its `packages/*.xml` (DESIGN.md decision 1), and
/// both give the same answers.
public struct MIMEDatabase: Sendable {
    /// What was read, least important first.
    public let directories: [LoadedDirectory]
    /// Everything the directories said, merged.
    public let contents: DirectoryContents
    /// Problems met while loading; the broken parts were skipped.
    public let diagnostics: [Diagnostic]
    /// Canonical names keyed by their lower-cased spelling, for case-insensitive lookups.
    private let foldedNames: [String: String]
    /// Alias targets keyed by the alias's lower-cased spelling.
    private let foldedAliases: [String: String]
    /// The `mime/` directory each glob rule came from (the most important one that has it).
    public let globOrigins: [GlobRule: String]

    /// Loads the `mime/` directory of every data directory of `environment`.
    public init(environment: XDGEnvironment, source: DatabaseSource = .auto) {
        self.init(mimeDirectories: environment.dataSearchPath.reversed().map { $0 + "/mime" }, source: source)
    }

    /// Loads the given `mime/` directories, least important first.
    public init(mimeDirectories: [String], source: DatabaseSource = .auto) {
        var diagnostics: [Diagnostic] = []
        var loaded: [LoadedDirectory] = []
        var merged = DirectoryContents()
        var origins: [GlobRule: String] = [:]
        for directory in mimeDirectories {
            guard let (info, contents) = DirectoryLoader.load(directory, source: source, diagnostics: &diagnostics)
            else { continue }
            loaded.append(info)
            merged.absorb(contents)
            for rule in contents.globs { origins[rule] = directory }
        }
        self.init(directories: loaded, contents: merged, diagnostics: diagnostics, globOrigins: origins)
    }

    /// Builds a database from contents already merged; for tests and tools.
    public init(directories: [LoadedDirectory] = [], contents: DirectoryContents, diagnostics: [Diagnostic] = [],
                globOrigins: [GlobRule: String] = [:]) {
        self.directories = directories
        self.globOrigins = globOrigins
        self.contents = contents
        var folded: [String: String] = [:]
        for name in contents.types.sorted() { folded[name.lowercased()] = folded[name.lowercased()] ?? name }
        self.foldedNames = folded
        var foldedAliases: [String: String] = [:]
        for (alias, target) in contents.aliases.sorted(by: { $0.key < $1.key }) where foldedAliases[alias.lowercased()] == nil {
            foldedAliases[alias.lowercased()] = target
        }
        self.foldedAliases = foldedAliases
        self.diagnostics = diagnostics + Hierarchy.cycleDiagnostics(contents, directories: directories)
    }

    // MARK: - Names

    /// Every canonical type the database defines, sorted.
    public var allTypes: [String] { contents.types.sorted() }

    /// Whether `name`, or the type it is an alias of, is defined.
    public func isKnown(_ name: String) -> Bool { contents.types.contains(canonicalName(name)) }

    /// Resolves an alias to its canonical name (SPECS rule 8).
    ///
    /// Exact spellings are tried first, an alias before a type of the same name (as xdgmime does
    /// when two packages disagree); MIME types are case-insensitive, so a name that differs only in
    /// case from a defined type or alias resolves to it. An unknown name comes back unchanged.
    public func canonicalName(_ name: String) -> String {
        if let target = contents.aliases[name] { return target }
        if contents.types.contains(name) { return name }
        let folded = name.lowercased()
        if let match = foldedNames[folded] { return match }
        return foldedAliases[folded] ?? name
    }

    /// Resolves an alias exactly as spelled, without folding case: what GIO's unaliasing does.
    public func unaliasExact(_ name: String) -> String { contents.aliases[name] ?? name }

    /// The aliases of a canonical type, sorted.
    public func aliases(of type: String) -> [String] {
        let canonical = canonicalName(type)
        return contents.aliases.filter { $0.value == canonical }.map(\.key).sorted()
    }

    // MARK: - Hierarchy

    /// The parents of a type: its explicit `sub-class-of` types (canonicalised), or when it has none
    /// the implicit one: `text/plain` for `text/*`, `application/octet-stream` for all but `inode/*`
    /// (SPECS rule 29).
    public func parents(of type: String) -> [String] {
        Hierarchy.parents(of: canonicalName(type), in: self)
    }

    /// Every ancestor of a type, breadth first and most specific first, with the implicit parents
    /// included (`application/octet-stream` always last). Cycles in broken data are cut.
    public func ancestors(of type: String) -> [String] {
        Hierarchy.ancestors(of: canonicalName(type), in: self)
    }

    /// Whether `type` is `supertype` or below it (SPECS rules 29, 33).
    ///
    /// Both names are unaliased first. A media wildcard such as `image/*` matches every type whose
    /// media, or the media of one of its ancestors, is `image`; `*/*` and `*` match everything.
    public func isA(_ type: String, _ supertype: String) -> Bool {
        let type = canonicalName(type)
        if supertype == "*" || supertype == "*/*" { return true }
        if supertype.hasSuffix("/*") {
            let media = supertype.dropLast(2).lowercased()
            return ([type] + ancestors(of: type)).contains { MIMETypeName.media(of: $0).lowercased() == media }
        }
        let supertype = canonicalName(supertype)
        if type.lowercased() == supertype.lowercased() { return true }
        return ancestors(of: type).contains { $0.lowercased() == supertype.lowercased() }
    }

    // MARK: - Attributes

    /// The globs of a type, best weight first and then by pattern.
    public func globs(of type: String) -> [GlobRule] {
        let canonical = canonicalName(type)
        return contents.globs.filter { $0.mimeType == canonical }.sorted {
            ($0.weight, $1.pattern, $1.caseSensitive ? 0 : 1) > ($1.weight, $0.pattern, $0.caseSensitive ? 0 : 1)
        }
    }

    /// The icon name of a type: its `<icon>`, else the type with `/` replaced by `-` (SPECS rule 36).
    public func iconName(of type: String) -> String {
        let canonical = canonicalName(type)
        return contents.icons[canonical] ?? canonical.replacingSlashWithDash()
    }

    /// The generic icon of a type: its `<generic-icon>`, else `MEDIA-x-generic` (SPECS rule 36).
    public func genericIconName(of type: String) -> String {
        let canonical = canonicalName(type)
        return contents.genericIcons[canonical] ?? "\(MIMETypeName.media(of: canonical))-x-generic"
    }

    /// The description of a type, merged over the directories that describe it.
    ///
    /// Directories read from XML carry their descriptions already; for a directory read from its
    /// cache the generated `MEDIA/SUBTYPE.xml` is read now. More important directories override
    /// comments language by language, as they override everything else.
    public func description(of type: String) -> TypeDescription? {
        let canonical = canonicalName(type)
        var merged = TypeDescription()
        for directory in directories {
            if let found = DescriptionLoader.description(of: canonical, in: directory) {
                merged.absorb(found)
            }
        }
        return merged.isEmpty ? nil : merged
    }
}

extension String {
    fileprivate func replacingSlashWithDash() -> String {
        String(map { $0 == "/" ? "-" : $0 })
    }
}
