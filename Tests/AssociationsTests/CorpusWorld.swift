import AssocTestSupport
import Foundation
import XDGSupport

/// The Debian corpus installed as a data directory in a temporary tree, with the shared-mime-info
/// database compiled beside it and a stub on PATH for every program its entries name, so that
/// assoc and GIO see the same installed applications.
final class CorpusWorld: @unchecked Sendable {
    let tree: TemporaryXDGTree
    let types: [String]

    /// - Parameters:
    ///   - mimeInfoCache: run `update-desktop-database` on the applications directory.
    ///   - keeping: the entries (paths below the applications directory) installed; all by default.
    init(mimeInfoCache: Bool, keeping: (String) -> Bool = { _ in true }) throws {
        tree = try TemporaryXDGTree()
        let corpus = try requireCorpus("freedesktop-debian")
        let packages = try FileManager.default.contentsOfDirectory(atPath: corpus + "/mime/packages")
            .filter { $0.hasSuffix(".xml") }.map { corpus + "/mime/packages/" + $0 }
        try tree.installMIMEPackages(["/usr/share/mime/packages/freedesktop.org.xml"] + packages, compile: true)
        let applications = try tree.copy(corpus + "/applications", to: "usr-share/applications")
        for file in try FileManager.default.subpathsOfDirectory(atPath: applications)
        where file.hasSuffix(".desktop") && !keeping(file) {
            try FileManager.default.removeItem(atPath: applications + "/" + file)
        }
        for list in try FileManager.default.subpathsOfDirectory(atPath: corpus + "/lists")
        where list.hasSuffix("-mimeapps.list") {
            try tree.copy(corpus + "/lists/" + list, to: "usr-share/applications/" + (list as NSString).lastPathComponent)
        }
        if mimeInfoCache {
            let tool = try requireProgram("update-desktop-database")
            _ = try ProcessRunner.run(tool, [applications], environment: ["PATH": "/usr/bin:/bin"])
        }
        var declared = Set<String>()
        var programs = Set<String>()
        for file in FileManager.default.enumerator(atPath: applications)?.compactMap({ $0 as? String }) ?? []
        where file.hasSuffix(".desktop") {
            let text = (try? String(contentsOfFile: applications + "/" + file, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                if line.hasPrefix("MimeType=") {
                    declared.formUnion(line.dropFirst(9).split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
                } else if line.hasPrefix("Exec=") || line.hasPrefix("TryExec=") {
                    let value = line.split(separator: "=", maxSplits: 1).last ?? ""
                    if let program = value.split(separator: " ").first?.replacingOccurrences(of: "\"", with: ""),
                        !program.contains("/")
                    {
                        programs.insert(program)
                    }
                }
            }
        }
        for program in programs {
            let stub = try tree.write("bin/" + program, "#!/bin/sh\nexit 0\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub)
        }
        types = declared.filter { !$0.isEmpty }.sorted()
    }

    /// The environment for a desktop, with only the stubs on PATH.
    func variables(desktop: String) -> [String: String] {
        var variables = tree.variables(desktop: desktop)
        variables["PATH"] = tree.path("bin")
        return variables
    }
}

func requireCorpus(_ relative: String) throws -> String {
    guard let path = Corpus.path(relative) else { throw SetupError("the corpus folder \(relative) is absent") }
    return path
}

func requireProgram(_ name: String) throws -> String {
    guard let path = Corpus.program(name) else { throw SetupError("\(name) is not installed") }
    return path
}

let hasGIO = Corpus.program("gio") != nil
let hasCorpus = Corpus.path("freedesktop-debian") != nil
let canBuildWorld =
    hasCorpus && Corpus.program("update-mime-database") != nil
    && FileManager.default.fileExists(atPath: "/usr/share/mime/packages/freedesktop.org.xml")
