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
    /// Problems met while loading; the broken parts were skipped.
    public let diagnostics: [Diagnostic]
    /// The directories' data, merged section by section when a query first needs a section.
    private let sections: MergedSections
    /// The tables every query uses, kept apart from their sections so that reading one copies
    /// nothing else.
    private let tables: HotTables
    /// Canonical names and alias targets keyed by their lower-cased spelling, for case-insensitive
    /// lookups; built by the first lookup that needs them.
    private let folded: LazyValue<FoldedNames>
    /// The `mime/` directory each glob rule came from, worked out when first asked for.
    private let globOrigins: LazyValue<GlobOrigins>
    /// The only directory read, when it was read from its cache: queries may read it in place.
    let soleCache: (image: CacheImage, directory: String)?

    /// Loads the `mime/` directory of every data directory of `environment`, checking each cache
    /// as `checking` says.
    public init(environment: XDGEnvironment, source: DatabaseSource = .auto, checking: CacheChecking = .whole) {
        self.init(
            mimeDirectories: environment.dataSearchPath.reversed().map { $0 + "/mime" }, source: source,
            checking: checking)
    }

    /// Loads the given `mime/` directories, least important first.
    public init(mimeDirectories: [String], source: DatabaseSource = .auto, checking: CacheChecking = .whole) {
        var diagnostics: [Diagnostic] = []
        // Two lists side by side, not one of pairs: a list of a new type costs the runtime its
        // metadata, and these two are needed anyway.
        var directories: [LoadedDirectory] = []
        var data: [DirectoryData] = []
        for directory in mimeDirectories {
            guard
                let (info, contents) = DirectoryLoader.load(
                    directory, source: source, checking: checking, diagnostics: &diagnostics)
            else { continue }
            directories.append(info)
            data.append(contents)
        }
        self.init(directories: directories, data: data, diagnostics: diagnostics, checking: checking)
    }

    /// Builds a database from contents already merged; for tests and tools.
    public init(
        directories: [LoadedDirectory] = [], contents: DirectoryContents, diagnostics: [Diagnostic] = [],
        globOrigins: [GlobRule: String] = [:]
    ) {
        self.directories = directories
        self.sections = MergedSections([.decoded(contents)])
        self.tables = HotTables(sections)
        self.folded = LazyValue { FoldedNames(types: contents.types, aliases: contents.aliases) }
        self.globOrigins = LazyValue { GlobOrigins(soleDirectory: nil, table: globOrigins) }
        self.soleCache = nil
        self.diagnostics = diagnostics + Hierarchy.cycleDiagnostics(contents, directories: directories)
    }

    /// Merges `data`, what was read of each of `directories`.
    private init(directories: [LoadedDirectory], data: [DirectoryData], diagnostics: [Diagnostic], checking: CacheChecking) {
        let sections = MergedSections(data)
        self.directories = directories
        self.sections = sections
        self.tables = HotTables(sections)
        if data.count == 1, case .cache(let image) = data[0] {
            soleCache = (image, directories[0].path)
        } else {
            soleCache = nil
        }
        let soleImage = soleCache?.image
        self.folded = LazyValue {
            let aliases = sections.contents(.aliases).aliases
            // One cache's types file lists the types without a set of them being built.
            if let names = soleImage?.typeNames { return FoldedNames(types: names, aliases: aliases) }
            return FoldedNames(types: sections.contents(.types).types, aliases: aliases)
        }
        self.globOrigins = LazyValue { GlobOrigins(directories: directories, data: data) }
        guard checking == .whole || soleCache == nil else {
            // A cycle is found only by walking every list; the hierarchy's walks cut it anyway.
            self.diagnostics = diagnostics
            return
        }
        var hierarchy = sections.contents(.parents)
        hierarchy.aliases = sections.contents(.aliases).aliases
        self.diagnostics = diagnostics + Hierarchy.cycleDiagnostics(hierarchy, directories: directories)
    }

    /// Everything the directories said, merged. Building it decodes every list of every cache;
    /// queries use the sections they need instead.
    public var contents: DirectoryContents { sections.all }

    /// Alias → canonical name, merged over the directories.
    public var aliasTable: [String: String] { tables.aliases.value }

    /// Type → explicit `sub-class-of` parents, merged over the directories.
    public var parentTable: [String: [String]] { tables.parents.value }

    /// Every canonical type, unsorted.
    var typeSet: Set<String> { tables.types.value }

    /// Whether `name`, exactly as spelled, is a canonical type: `typeSet.contains(name)`, found
    /// without building the set for the first lookups in a database of one cache.
    func definesType(_ name: String) -> Bool {
        soleCache?.image.definesType(name) ?? typeSet.contains(name)
    }

    /// The canonical name an alias spelled exactly `name` stands for, read in place for the
    /// first lookups in a database of one cache.
    func exactAlias(_ name: String) -> String? {
        if let cache = soleCache { return cache.image.alias(of: name) }
        return aliasTable[name]
    }

    /// The explicit `sub-class-of` parents of `type` exactly as spelled, as `parentTable` holds
    /// them (not canonicalised), nil when it has none; read in place for a database of one cache.
    public func explicitParents(of type: String) -> [String]? {
        if let cache = soleCache { return cache.image.names.parents(of: type) }
        return parentTable[type]
    }

    /// The aliases whose canonical name is `type`, read in place for a database of one cache.
    func exactAliases(targeting type: String) -> [String] {
        if let cache = soleCache { return cache.image.names.aliases(targeting: type) }
        return aliasTable.compactMap { $0.value == type ? $0.key : nil }
    }

    /// The merged glob rules (without the `glob-deleteall` markers), in database order.
    var globRules: [GlobRule] { sections.contents(.globs).globs }

    /// The merged magic sections.
    var magicRules: [MagicRule] { sections.contents(.magic).magic }

    /// The merged XML root rules.
    var rootXMLRules: [RootXMLRule] { sections.contents(.rootXML).rootXML }

    /// The most bytes of a file any magic section can look at, known without decoding the magic.
    var magicExtent: Int { sections.magicExtent }

    /// The `mime/` directory a glob rule came from, when known.
    public func globOrigin(of rule: GlobRule) -> String? {
        let origins = globOrigins.value
        return origins.soleDirectory ?? origins.table[rule]
    }

    // MARK: - Names

    /// Every canonical type the database defines, sorted.
    public var allTypes: [String] { typeSet.sorted() }

    /// Whether `name`, or the type it is an alias of, is defined.
    public func isKnown(_ name: String) -> Bool { definesType(canonicalName(name)) }

    /// Resolves an alias to its canonical name (SPECS rule 8).
    ///
    /// Exact spellings are tried first, an alias before a type of the same name (as xdgmime does
    /// when two packages disagree); MIME types are case-insensitive, so a name that differs only in
    /// case from a defined type or alias resolves to it. An unknown name comes back unchanged.
    public func canonicalName(_ name: String) -> String {
        if let target = exactAlias(name) { return target }
        if definesType(name) { return name }
        let lowered = name.lowercased()
        let tables = folded.value
        if let match = tables.names[lowered] { return match }
        return tables.aliases[lowered] ?? name
    }

    /// Resolves an alias exactly as spelled, without folding case: what GIO's unaliasing does.
    public func unaliasExact(_ name: String) -> String { exactAlias(name) ?? name }

    /// The aliases of a canonical type, sorted.
    public func aliases(of type: String) -> [String] {
        let canonical = canonicalName(type)
        return aliasTable.filter { $0.value == canonical }.map(\.key).sorted()
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
        return Hierarchy.sameName(type, supertype) || Hierarchy.inherits(type, from: supertype, in: self)
    }

    // MARK: - Attributes

    /// The globs of a type, best weight first and then by pattern, each with its pattern spelled as
    /// its package wrote it (`writtenPattern(of:)`).
    public func globs(of type: String) -> [GlobRule] {
        let canonical = canonicalName(type)
        let rules = matchingGlobs(of: canonical)
        guard rules.contains(where: { $0.written == $0.pattern && !$0.caseSensitive }) else { return rules }
        let spelled = writtenGlobs(of: canonical)
        return rules.map { rule in
            var rule = rule
            if rule.written == rule.pattern && !rule.caseSensitive, let found = spelled.first(where: { $0 == rule }) {
                rule.written = found.written
            }
            return rule
        }
    }

    /// The globs of a type in the order of `globs(of:)`, as they match: a pattern that matches
    /// without regard to case is lower-cased, as the cache holds it, its spelling in the package
    /// not looked up. For a caller that compares patterns and weights many types at a time (the
    /// history's snapshot), which the generated `MEDIA/SUBTYPE.xml` each type's spelling is read
    /// from would cost a file and an XML parse a type.
    public func matchingGlobs(of type: String) -> [GlobRule] {
        let canonical = canonicalName(type)
        return globRules.filter { $0.mimeType == canonical }.sorted {
            ($0.weight, $1.pattern, $1.caseSensitive ? 0 : 1) > ($1.weight, $0.pattern, $0.caseSensitive ? 0 : 1)
        }
    }

    /// The pattern of `rule` as its package wrote it, for display (`README*`, which matches
    /// without regard to case). A rule read from `mime.cache` or `globs2` has it lower-cased, as
    /// `update-mime-database` writes it there; the generated `MEDIA/SUBTYPE.xml` beside them keeps
    /// the package's spelling.
    public func writtenPattern(of rule: GlobRule) -> String {
        guard rule.written == rule.pattern && !rule.caseSensitive else { return rule.written }
        return writtenGlobs(of: rule.mimeType).first { $0 == rule }?.written ?? rule.written
    }

    /// The globs of `type` in the generated XML of the directories read from a cache or text
    /// files, most important directory first.
    private func writtenGlobs(of type: String) -> [GlobRule] {
        directories.reversed().flatMap { DescriptionLoader.writtenGlobs(of: type, in: $0) }
    }

    /// The icon name of a type: its `<icon>`, else the type with `/` replaced by `-` (SPECS rule 36).
    public func iconName(of type: String) -> String {
        let canonical = canonicalName(type)
        return sections.contents(.icons).icons[canonical] ?? canonical.replacingSlashWithDash()
    }

    /// The generic icon of a type: its `<generic-icon>`, else `MEDIA-x-generic` (SPECS rule 36).
    public func genericIconName(of type: String) -> String {
        let canonical = canonicalName(type)
        return sections.contents(.icons).genericIcons[canonical] ?? "\(MIMETypeName.media(of: canonical))-x-generic"
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

/// The aliases, parents and types of the merged sections, each built on first use.
private struct HotTables: Sendable {
    let aliases: LazyValue<[String: String]>
    let parents: LazyValue<[String: [String]]>
    let types: LazyValue<Set<String>>

    init(_ sections: MergedSections) {
        aliases = LazyValue { sections.contents(.aliases).aliases }
        parents = LazyValue { sections.contents(.parents).parents }
        types = LazyValue { sections.contents(.types).types }
    }
}

/// The `mime/` directory each glob rule came from: the most important one that has it.
private struct GlobOrigins: Sendable {
    /// The only directory that holds rules, when only one does (the usual case): no table needed.
    var soleDirectory: String?
    var table: [GlobRule: String] = [:]

    init(soleDirectory: String?, table: [GlobRule: String]) {
        self.soleDirectory = soleDirectory
        self.table = table
    }

    /// The origins of the rules of `data`, what was read of each of `directories`.
    init(directories: [LoadedDirectory], data: [DirectoryData]) {
        let withGlobs = data.indices.filter { !data[$0].contents(.globs).globs.isEmpty }
        if withGlobs.count == 1 {
            soleDirectory = directories[withGlobs[0]].path
            return
        }
        for index in withGlobs {
            for rule in data[index].contents(.globs).globs { table[rule] = directories[index].path }
        }
    }
}

/// Type names and aliases by their lower-cased spelling; the first in sorted order wins a clash.
private struct FoldedNames: Sendable {
    var names: [String: String] = [:]
    var aliases: [String: String] = [:]

    init(types: some Collection<String>, aliases contentsAliases: [String: String]) {
        names.reserveCapacity(types.count)
        for name in types {
            let folded = name.lowercased()
            if let other = names[folded], other < name { continue }
            names[folded] = name
        }
        aliases.reserveCapacity(contentsAliases.count)
        var spelled: [String: String] = [:]  // folded alias → the alias that won, to break ties
        for (alias, target) in contentsAliases {
            let folded = alias.lowercased()
            if let other = spelled[folded], other < alias { continue }
            spelled[folded] = alias
            aliases[folded] = target
        }
    }
}

extension String {
    fileprivate func replacingSlashWithDash() -> String {
        String(map { $0 == "/" ? "-" : $0 })
    }
}
