import AssocTestSupport
import Foundation
import Testing

/// The release build's checks before it links (Release/static-libraries.sh) and the benchmark's
/// warning about a stale function order (Release/text-order-age.sh). The checks look where the
/// test says (RELEASE_SEARCH_PATH, PKG_CONFIG_PATH), never at what this machine lacks or has.
@Suite("The release build's requirements and its function order")
struct ReleaseBuildTests {
    static let script = Corpus.packageRoot + "/Release/static-libraries.sh"
    static let canRun = Corpus.program("bash") != nil && Corpus.program("pkg-config") != nil

    /// Runs the script with PATH and the given variables only.
    func run(_ arguments: [String], _ variables: [String: String]) throws -> ProcessResult {
        let bash = try #require(Corpus.program("bash"))
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        environment.merge(variables) { $1 }
        return try ProcessRunner.run(bash, [Self.script] + arguments, environment: environment, timeout: 60)
    }

    /// A directory holding `files` (empty files, `ld.gold` executable), as the linker's search path.
    func searchPath(_ tree: TemporaryXDGTree, holding files: [String]) throws -> String {
        let directory = try tree.makeDirectory("search")
        for file in files {
            let path = try tree.write("search/" + file, "")
            if file == "ld.gold" { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
        }
        return directory
    }

    static let flags = ["-lxml2", "-licuuc", "-lz", "-llzma", "-lncursesw", "-ltinfo", "-lstdc++", "-lm"]

    @Test("with nothing where the linker looks, every piece is named with its Debian package", .enabled(if: canRun))
    func nothingThere() throws {
        let tree = try TemporaryXDGTree()
        let result = try run(["check"] + Self.flags, ["RELEASE_SEARCH_PATH": try searchPath(tree, holding: [])])
        #expect(result.status == 1)
        for piece in ["ld.gold", "libxml2.a", "libicuuc.a", "libz.a", "liblzma.a", "libncursesw.a", "libtinfo.a", "libstdc++.a"] {
            #expect(result.standardError.contains(piece), "\(piece): \(result.standardError)")
        }
        let line = try #require(result.standardError.split(separator: "\n").first { $0.hasPrefix("On Debian: apt-get install ") })
        let packages = line.dropFirst("On Debian: apt-get install ".count).split(separator: " ").map(String.init)
        #expect(
            Set(packages).isSuperset(of: ["binutils", "libxml2-dev", "libicu-dev", "zlib1g-dev", "liblzma-dev", "libncurses-dev"])
        )
        #expect(packages.contains { $0.hasPrefix("libstdc++-") && $0.hasSuffix("-dev") } && packages.contains("libc6-dev"))
        #expect(packages.count == Set(packages).count, "each package once: \(line)")
    }

    @Test("only what is missing is named; with everything there the check says nothing", .enabled(if: canRun))
    func onlyWhatIsMissing() throws {
        let tree = try TemporaryXDGTree()
        let everything = [
            "ld.gold", "libxml2.a", "libicuuc.a", "libz.a", "liblzma.a", "libncursesw.a", "libtinfo.a", "libstdc++.a", "libm.a",
        ]
        let lacking = try run(
            ["check"] + Self.flags,
            ["RELEASE_SEARCH_PATH": try searchPath(tree, holding: everything.filter { $0 != "liblzma.a" })])
        #expect(lacking.status == 1)
        #expect(lacking.standardError.contains("liblzma.a") && lacking.standardError.contains("apt-get install liblzma-dev\n"))
        #expect(!lacking.standardError.contains("libxml2"), "\(lacking.standardError)")
        let other = try TemporaryXDGTree()
        let complete = try run(["check"] + Self.flags, ["RELEASE_SEARCH_PATH": try searchPath(other, holding: everything)])
        #expect(complete.status == 0 && complete.standardError.isEmpty, "\(complete.standardError)")
    }

    @Test("the flags are libxml2's static ones from its pkg-config file, and each is checked", .enabled(if: canRun))
    func flagsFromPkgConfig() throws {
        let tree = try TemporaryXDGTree()
        try tree.write(
            "pkgconfig/libxml-2.0.pc",
            "Name: libXML\nVersion: 2.9.14\nDescription: test\nLibs: -lxml2\nLibs.private: -lassoc_test_missing -lm\nCflags:\n")
        let variables = ["PKG_CONFIG_PATH": tree.path("pkgconfig")]
        let flags = try run(["flags"], variables)
        #expect(flags.status == 0)
        #expect(flags.standardOutput.hasPrefix("-lxml2 -lassoc_test_missing -lm "), "\(flags.standardOutput)")
        #expect(flags.standardOutput.hasSuffix(" -lstdc++ -lm\n"), "\(flags.standardOutput)")
        // No flags given: the check takes these, and names the library no package is known for.
        let check = try run(["check"], variables.merging(["RELEASE_SEARCH_PATH": try searchPath(tree, holding: [])]) { $1 })
        #expect(check.status == 1)
        #expect(check.standardError.contains("libassoc_test_missing.a (for -lassoc_test_missing)"), "\(check.standardError)")
        #expect(check.standardError.contains("`apt-file search libassoc_test_missing.a` names its package"))
    }

    @Test("a missing pkg-config file is named with its package", .enabled(if: canRun))
    func missingPkgConfigFile() throws {
        let tree = try TemporaryXDGTree()
        let empty = try tree.makeDirectory("pkgconfig")
        let check = try run(["check"], ["PKG_CONFIG_LIBDIR": empty, "RELEASE_SEARCH_PATH": try searchPath(tree, holding: [])])
        #expect(check.status == 1)
        #expect(check.standardError.contains("libxml-2.0.pc"))
        #expect(check.standardError.contains("ncursesw.pc"))
    }

    @Test(
        "the Makefile's release build links the libraries the script gives", .enabled(if: canRun && Corpus.program("make") != nil)
    )
    func makefileTakesTheScriptsFlags() throws {
        let make = try #require(Corpus.program("make"))
        let tree = try TemporaryXDGTree()
        try tree.write(
            "pkgconfig/libxml-2.0.pc",
            "Name: libXML\nVersion: 2.9.14\nDescription: test\nLibs: -lxml2\nLibs.private: -lassoc_test_icu\n")
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "PKG_CONFIG_PATH": tree.path("pkgconfig"),
        ]
        let printed = try ProcessRunner.run(
            make, ["-s", "-C", Corpus.packageRoot, "print-build-flags"], environment: environment)
        #expect(printed.status == 0)
        #expect(
            printed.standardOutput.contains("-Xlinker -lxml2 -Xlinker -lassoc_test_icu -Xlinker"), "\(printed.standardOutput)")
        #expect(!printed.standardOutput.contains("-licui18n"), "no hand-written list: \(printed.standardOutput)")
    }

    // MARK: - The function order's age

    /// A git repository with `Sources/` and the list committed in `order`, one commit each.
    func repository(_ tree: TemporaryXDGTree, committing order: [String]) throws -> (
        git: String, root: String, env: [String: String]
    ) {
        let git = try #require(Corpus.program("git"))
        let root = try tree.makeDirectory("package")
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": tree.path("home"),
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
            "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
        ]
        #expect(try ProcessRunner.run(git, ["init", "-q", root], environment: environment).status == 0)
        for (index, file) in order.enumerated() {
            try tree.write("package/" + file, "version \(index)\n")
            #expect(try ProcessRunner.run(git, ["-C", root, "add", "."], environment: environment).status == 0)
            #expect(
                try ProcessRunner.run(git, ["-C", root, "commit", "-q", "-m", "\(index)"], environment: environment).status == 0)
        }
        return (git, root, environment)
    }

    func age(_ root: String, _ environment: [String: String]) throws -> ProcessResult {
        let bash = try #require(Corpus.program("bash"))
        return try ProcessRunner.run(
            bash, [Corpus.packageRoot + "/Release/text-order-age.sh", root], environment: environment, timeout: 60)
    }

    @Test(
        "the benchmark is warned when a commit after the list's changed a Swift source",
        .enabled(if: Corpus.program("git") != nil))
    func staleList() throws {
        let tree = try TemporaryXDGTree()
        let (_, root, environment) = try repository(
            tree, committing: ["Sources/A/A.swift", "Release/text-order.txt", "Sources/A/Deep/B.swift", "README.md"])
        let result = try age(root, environment)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("warning: Release/text-order.txt"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("changed in 1 commit since"))
    }

    @Test(
        "the portal's list is checked as well, where the tree has it", .enabled(if: Corpus.program("git") != nil))
    func stalePortalList() throws {
        let tree = try TemporaryXDGTree()
        let (_, root, environment) = try repository(
            tree,
            committing: ["Release/portal-text-order.txt", "Sources/A/A.swift", "Release/text-order.txt", "README.md"])
        let result = try age(root, environment)
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardOutput)")
        #expect(lines.first?.hasPrefix("warning: Release/portal-text-order.txt") == true, "\(result.standardOutput)")
    }

    @Test("no warning while the list is newer than every Swift source", .enabled(if: Corpus.program("git") != nil))
    func currentList() throws {
        let tree = try TemporaryXDGTree()
        let (_, root, environment) = try repository(
            tree, committing: ["Sources/A/A.swift", "Release/text-order.txt", "Sources/A/notes.txt", "README.md"])
        let result = try age(root, environment)
        #expect(result.status == 0 && result.standardOutput.isEmpty, "\(result.standardOutput)")
    }
}
