import XDGSupport

/// The packages of one `mime/` directory, each read on its own: which package defines a type,
/// gives it a glob or gives it magic. `types list` lists it, `explain` names the package that
/// typed a file, and installing a package asks it who else defines a type.
public struct PackageCatalog: Sendable {
    /// One package and what it says.
    public struct Package: Sendable {
        /// The package's path.
        public var path: String
        /// What it defines, read as the XML loader reads it.
        public var contents: DirectoryContents
    }

    /// The `mime/` directory.
    public let mimeDirectory: String
    /// Its packages in the order `update-mime-database` merges them (names in byte order,
    /// `Override.xml` last); a package that cannot be read is left out.
    public let packages: [Package]

    /// Reads every package of `mimeDirectory/packages` except those named in `excluding`.
    public init(mimeDirectory: String, excluding: Set<String> = []) {
        self.mimeDirectory = mimeDirectory
        let paths = (try? DatabaseUpdate.packageFiles(mimeDirectory + "/packages")) ?? []
        packages = paths.compactMap { path in
            guard !excluding.contains(TypeDetector.baseName(path)) else { return nil }
            var ignored: [Diagnostic] = []
            guard let contents = try? PackageXMLReader.read(path: path, diagnostics: &ignored) else { return nil }
            return Package(path: path, contents: contents)
        }
    }

    /// The packages that have a `<mime-type>` element for `type` (compared without regard to
    /// case, as type names are), in merge order.
    public func packages(defining type: String) -> [String] {
        let lowered = type.lowercased()
        return packages.filter { $0.contents.types.contains { $0.lowercased() == lowered } }.map(\.path)
    }

    /// The last package in merge order that gives `rule`'s type `rule`'s pattern: the one whose
    /// glob the compiled database holds.
    public func package(ofGlob rule: GlobRule) -> String? {
        packages.last { package in package.contents.globs.contains { $0 == rule } }?.path
    }

    /// The last package in merge order that gives `type` magic.
    public func package(ofMagicFor type: String) -> String? {
        packages.last { package in package.contents.magic.contains { $0.mimeType == type } }?.path
    }

    /// The last package in merge order that gives `type` an XML root element.
    public func package(ofRootFor type: String) -> String? {
        packages.last { package in package.contents.rootXML.contains { $0.mimeType == type } }?.path
    }

    /// The package of the user's `mime/` directory (`$XDG_DATA_HOME/mime`) whose rule decided
    /// `detection`: the one that gives the winning glob, when that glob came from the user's
    /// directory, or the winning magic or XML root; nil when the rule came from elsewhere (or the
    /// file was typed by its attribute, its kind or the fallbacks).
    public static func userPackage(deciding detection: Detection, environment: XDGEnvironment) -> String? {
        let directory = environment.dataHome + "/mime"
        let catalog = { PackageCatalog(mimeDirectory: directory) }
        switch detection.source {
        case .glob:
            guard let winner = detection.trace.globSurvivors.first(where: { $0.rule.mimeType == detection.type }),
                winner.directory == directory
            else { return nil }
            return catalog().package(ofGlob: winner.rule)
        case .magic: return catalog().package(ofMagicFor: detection.type)
        case .xmlRoot: return catalog().package(ofRootFor: detection.type)
        default: return nil
        }
    }

    /// Every type each package defines, sorted by type then package.
    public var definitions: [(type: String, package: String)] {
        packages.flatMap { package in package.contents.types.map { (type: $0, package: package.path) } }
            .sorted { ($0.type, $0.package) < ($1.type, $1.package) }
    }
}
