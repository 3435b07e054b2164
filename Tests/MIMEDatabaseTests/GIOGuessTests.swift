import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// `TypeDetector.gioGuess`, the model of GLib's `g_content_type_guess` that `assoc explain` shows,
/// gives what GLib itself gives (../shared/tools/gio-content-type.c) for every file of
/// shared-mime-info's detection suite, over the suite's database compiled into a cache as GLib
/// reads it: by name and the first 4 KiB, by name alone, and by the 4 KiB alone.
@Suite(
    "the model of GIO's guess agrees with GLib",
    .enabled(if: GIOContentType.executable != nil && suiteDirectory != nil && suitePackage != nil && canCompile))
struct GIOGuessTests {
    @Test("every suite file, in every mode", arguments: [GIOContentType.Mode.file, .name, .data])
    func detectionSuite(mode: GIOContentType.Mode) throws {
        let tree = try TemporaryXDGTree()
        let directory = try tree.installMIMEPackages([try #require(suitePackage)], compile: true)
        let detector = TypeDetector(database: MIMEDatabase(mimeDirectories: [directory], source: .cache))
        let base = try #require(suiteDirectory)
        let paths = try suiteEntries(base + "/list").map { base + "/" + $0.file }
        let glib = try GIOContentType.guess(paths, mode: mode, environment: tree.variables())
        var differences: [String] = []
        for (path, theirs) in zip(paths, glib) {
            let data = try FileBytes.readPrefix(path, count: GIOGuess.sniffLength)
            let name = TypeDetector.baseName(path)
            let ours: GIOGuess
            switch mode {
            case .file: ours = detector.gioGuess(name: name, data: data)
            case .name: ours = detector.gioGuess(name: name, data: nil)
            case .data: ours = detector.gioGuess(name: nil, data: data)
            }
            if ours.type != theirs { differences.append("\(name): model \(ours.type) (\(ours.reason)), GLib \(theirs)") }
        }
        #expect(paths.count == 835)
        #expect(differences.isEmpty, "\(differences.count) differences: \(differences.prefix(10))")
    }

    @Test("a desktop entry under another name is text to GIO; under its own, or with no name, a desktop entry")
    func desktopEntry() throws {
        let tree = try TemporaryXDGTree()
        let directory = try tree.installMIMEPackages([try #require(suitePackage)], compile: true)
        let detector = TypeDetector(database: MIMEDatabase(mimeDirectories: [directory], source: .cache))
        let entry = Array("[Desktop Entry]\nType=Application\nName=x\nExec=true\n".utf8)
        let cases: [(name: String?, expected: String)] = [
            ("foo", "text/plain"), ("foo.txt", "text/plain"), ("foo.desktop", "application/x-desktop"),
            (nil, "application/x-desktop"),
        ]
        var paths: [String] = []
        for (index, entryCase) in cases.enumerated() {
            #expect(detector.gioGuess(name: entryCase.name, data: entry).type == entryCase.expected, "\(entryCase)")
            paths.append(try tree.write("entries/\(index)/\(entryCase.name ?? "unnamed")", bytes: entry))
        }
        let glib = try GIOContentType.guess(paths, mode: .file, environment: tree.variables())
        #expect(Array(glib.prefix(3)) == cases.prefix(3).map(\.expected))
    }
}
