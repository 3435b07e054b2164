import MIMEDatabase
import XDGSupport

/// `assoc types install|uninstall|define|undefine|list`: reads the arguments into a
/// `PackageInstaller` call and renders its report.
enum TypesPackageCommands {
    /// How many names that type differently are printed before "and N more".
    static let shownNames = 10

    /// `types install|uninstall [--user | --system | --prefix DIR] [--novendor] [--force] PACKAGE.xml...`.
    static func installOrRemove(
        _ action: String, _ operands: [String], _ arguments: ParsedArguments, _ context: CommandContext
    ) throws -> ExitStatus {
        guard !operands.isEmpty else { throw UsageError("expected PACKAGE.xml after \(action)", subcommand: "types") }
        let destination = try destination(arguments, context)
        var options = installOptions(context)
        options.checksVendorPrefix = !arguments.has(TypesCommand.novendor)
        options.force = arguments.has(TypesCommand.force)
        let installer = PackageInstaller(environment: context.environment)
        return try run(action, context) { () throws(PackageInstallError) in
            if action == "install" {
                let paths = operands.map { $0.hasPrefix("/") ? $0 : context.process.workingDirectory + "/" + $0 }
                return try installer.install(paths: paths, to: destination, options: options)
            }
            return try installer.uninstall(names: operands, from: destination, options: options)
        }
    }

    /// `types define TYPE --glob PATTERN... [...]`.
    static func define(_ operands: [String], _ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard operands.count == 1, let type = operands.first else { throw UsageError("expected one TYPE", subcommand: "types") }
        var definition = TypeDefinition(type: type)
        definition.globs = arguments.all(TypesCommand.glob)
        definition.comment = arguments.value(TypesCommand.comment)
        definition.parents = arguments.all(TypesCommand.subClassOf)
        definition.aliases = arguments.all(TypesCommand.alias)
        definition.icon = arguments.value(TypesCommand.icon)
        let roots = arguments.all(TypesCommand.rootXML)
        definition.rootElements = stride(from: 0, to: roots.count - 1, by: 2).map {
            TypeDefinition.RootElement(namespaceURI: roots[$0], localName: roots[$0 + 1])
        }
        do {
            definition.magic = try arguments.all(TypesCommand.magic).map { text throws(PackageInstallError) in
                try TypeDefinition.Match(parsing: text)
            }
        } catch {
            throw UsageError(error.description, subcommand: "types")
        }
        let installer = PackageInstaller(environment: context.environment)
        let options = installOptions(context)
        return try run("define", context) { () throws(PackageInstallError) in try installer.define(definition, options: options) }
    }

    /// `types undefine TYPE`.
    static func undefine(_ operands: [String], _ context: CommandContext) throws -> ExitStatus {
        guard operands.count == 1, let type = operands.first else { throw UsageError("expected one TYPE", subcommand: "types") }
        let installer = PackageInstaller(environment: context.environment)
        let options = installOptions(context)
        return try run("undefine", context) { () throws(PackageInstallError) in try installer.undefine(type, options: options) }
    }

    /// `types list [--user]`: each type a package defines, with the package.
    static func list(_ operands: [String], _ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard operands.isEmpty else { throw UsageError("list takes no operand", subcommand: "types") }
        var definitions: [(type: String, package: String)] = []
        if arguments.has(TypesCommand.user) {
            do { definitions = try PackageInstaller(environment: context.environment).userDefinitions() } catch {
                context.output.error(error.description)
                return .failure
            }
        } else {
            for directory in context.environment.dataSearchPath.map({ $0 + "/mime" }) {
                definitions += PackageCatalog(mimeDirectory: directory).definitions
            }
        }
        let width = definitions.map(\.type.count).max() ?? 0
        for definition in definitions {
            let padding = String(repeating: " ", count: width - definition.type.count)
            context.output.untrustedLine(definition.type + padding + "  " + definition.package)
        }
        return .success
    }

    // MARK: - Arguments

    /// `--user`, `--system` or `--prefix DIR` (relative to the working directory).
    static func destination(_ arguments: ParsedArguments, _ context: CommandContext) throws(UsageError)
        -> PackageDestination
    {
        let prefix = arguments.value(TypesCommand.prefix)
        if arguments.has(TypesCommand.user) && (arguments.has(TypesCommand.system) || prefix != nil) {
            throw UsageError("--user and --system or --prefix name different directories; give one", subcommand: "types")
        }
        if let prefix {
            guard !prefix.isEmpty else { throw UsageError("--prefix needs a directory", subcommand: "types") }
            return .dataDirectory(prefix.hasPrefix("/") ? prefix : context.process.workingDirectory + "/" + prefix)
        }
        return arguments.has(TypesCommand.system) ? .system : .user
    }

    /// The options every action starts from: files synced unless `PKGSYSTEM_ENABLE_FSYNC` is 0.
    static func installOptions(_ context: CommandContext) -> PackageInstaller.Options {
        PackageInstaller.Options(
            synchronize: DatabaseUpdate.Options.synchronizes(environment: context.environment.variables))
    }

    // MARK: - Rendering

    /// Runs `body`, rendering its report, or its refusal (a usage error for a fault in the request).
    private static func run(
        _ action: String, _ context: CommandContext, _ body: () throws(PackageInstallError) -> PackageInstaller.Report
    ) throws -> ExitStatus {
        let report: PackageInstaller.Report
        do {
            report = try body()
        } catch let error where error.isUsageError {
            throw UsageError(error.description, subcommand: "types")
        } catch {
            context.output.error("types \(action): \(error.description)")
            if case .invalidPackage(_, let problems) = error {
                for problem in problems.dropFirst() {
                    context.output.errorText("  " + Terminal.sanitized(problem.description) + "\n")
                }
            }
            if case .deletesOthersRules(_, _, let change) = error {
                // The names are in the message; the types whose detection would change follow.
                var types = change
                types.names = []
                for line in lines(types) { context.output.errorText("  " + Terminal.sanitized(line) + "\n") }
            }
            return .failure
        }
        return render(report, context: context)
    }

    /// Prints what was written and removed, what changes, and the compilation.
    static func render(_ report: PackageInstaller.Report, context: CommandContext) -> ExitStatus {
        for path in report.installed {
            context.output.untrustedLine("installed \(path)" + (report.replaced.contains(path) ? " (replacing it)" : ""))
        }
        for path in report.removed { context.output.untrustedLine("removed \(path)") }
        for name in report.notInstalled { context.output.untrustedLine("\(name): not installed") }
        for line in lines(report.change) { context.output.untrustedLine(line) }
        if !report.isRead {
            context.output.warning(
                "\(report.mimeDirectory) is not in a data directory ($XDG_DATA_HOME or $XDG_DATA_DIRS): programs do not read it")
        }
        guard !report.installed.isEmpty || !report.removed.isEmpty || !report.compilation.packages.isEmpty else {
            return .success
        }
        return TypesCommand.render(report.compilation, directory: report.mimeDirectory, context: context)
    }

    /// The lines that tell a change: added, removed and changed types, then names that type differently.
    static func lines(_ change: DatabaseChange) -> [String] {
        var lines = change.addedTypes.map { "adds \($0)" } + change.removedTypes.map { "removes \($0)" }
        lines += change.changedTypes.map { "changes \($0.type): " + $0.aspects.map(\.rawValue).joined(separator: ", ") }
        if change.isEmpty { lines.append("no type changes") }
        for name in change.names.prefix(shownNames) { lines.append("  \(name.name): \(name.before) → \(name.after)") }
        if change.names.count > shownNames { lines.append("  and \(change.names.count - shownNames) more names") }
        return lines
    }
}
