import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension PackageInstaller {
    /// Writes `definition` as a package of its own in the user's `mime/packages` (replacing an
    /// earlier definition of the type) and compiles the directory, with the checks of `install`.
    ///
    /// - Throws: `PackageInstallError`; nothing is written then.
    public func define(_ definition: TypeDefinition, options: Options = Options()) throws(PackageInstallError) -> Report {
        var options = options
        options.checksVendorPrefix = false
        let package = PackageFile(name: definition.packageName, bytes: try definition.package())
        return try install([package], to: .user, options: options)
    }

    /// The user's packages that hold `type` alone: `types define`'s `assoc-MEDIA@SUBTYPE.xml`,
    /// and GIO's `user-extension-EXT.xml` for `application/x-extension-EXT`; the names of those
    /// that exist.
    public func definitionPackages(of type: String) throws(PackageInstallError) -> [String] {
        let directory = try mimeDirectory(.user)
        var names = [TypeDefinition.packageName(for: type)]
        let prefix = "application/x-extension-"
        if type.lowercased().hasPrefix(prefix), let made = ExtensionType(String(type.dropFirst(prefix.count))),
            made.typeName == type
        {
            names.append(made.packageName)
        }
        return names.filter { FileBytes.exists(directory + "/packages/" + $0) }
    }

    /// Removes the packages that define `type` alone (`definitionPackages(of:)`) and compiles the
    /// user's directory.
    ///
    /// - Throws: `PackageInstallError.notDefined` when there is none; nothing is removed then.
    public func undefine(_ type: String, options: Options = Options()) throws(PackageInstallError) -> Report {
        let names = try definitionPackages(of: type)
        guard !names.isEmpty else { throw .notDefined(type: type, directory: try mimeDirectory(.user)) }
        return try uninstall(names: names, from: .user, options: options)
    }

    /// What `defineExtensionType` did.
    public struct ExtensionTypeReport: Sendable {
        /// The type.
        public var type: ExtensionType
        /// The package's path.
        public var package: String
        /// Whether the package was written (false: GIO or assoc had written it already).
        public var written: Bool
        /// The compilation of the user's directory.
        public var compilation: DatabaseUpdate.Report
    }

    /// Defines the type GIO defines for an extension no type claims: writes GIO's package, unless
    /// it is there already (GIO leaves an existing one as it is), readable by the user alone as
    /// GIO writes it, and compiles the user's directory. The caller checks that no type claims
    /// the extension: then the package changes no other name's type, and it is not compared.
    ///
    /// - Throws: `PackageInstallError`.
    public func defineExtensionType(_ type: ExtensionType, options: Options = Options()) throws(PackageInstallError)
        -> ExtensionTypeReport
    {
        let directory = try mimeDirectory(.user)
        let path = directory + "/packages/" + type.packageName
        var written = false
        var compilation = DatabaseUpdate.Report()
        try withLock(directory, creating: true, private: true) { () throws(PackageInstallError) in
            if !FileBytes.exists(path) {
                do throws(AtomicFile.Failure) {
                    try AtomicFile.replace(path, bytes: type.package, newFileMode: 0o600, synchronize: options.synchronize)
                } catch {
                    throw .notWritten(error)
                }
                written = true
            }
            compilation = try compile(directory, options: options)
        }
        return ExtensionTypeReport(type: type, package: path, written: written, compilation: compilation)
    }

    /// Every type the packages of the user's `mime/` directory define, with the package of each,
    /// sorted by type.
    public func userDefinitions() throws(PackageInstallError) -> [(type: String, package: String)] {
        PackageCatalog(mimeDirectory: try mimeDirectory(.user)).definitions
    }
}
