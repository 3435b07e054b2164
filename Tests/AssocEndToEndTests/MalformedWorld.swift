import AssocTestSupport
import Foundation

/// A tree in which every kind of file assoc reads is broken in every way we could think of, beside
/// a few sound files that commands must still answer from.
///
/// Every broken file is listed in `brokenFiles` with whether a warning about it can name a line.
/// Files made unreadable with mode 000 are in `unreadableFiles`: the tests run as root, for whom
/// mode 000 does not stop a read, so those files are read normally unless a test runs assoc as
/// another user (see MalformedDataTests).
final class MalformedWorld: @unchecked Sendable {
    let tree: TemporaryXDGTree
    /// Broken MIME files (path → whether the warning has a line).
    private(set) var brokenMIMEFiles: [String: Bool] = [:]
    /// Broken lists and caches of associations.
    private(set) var brokenLists: [String: Bool] = [:]
    /// Broken desktop entries.
    private(set) var brokenEntries: [String: Bool] = [:]
    /// Files with mode 000.
    private(set) var unreadableFiles: [String] = []
    /// A file whose name types it as text/x-good.
    let sample: String

    init() throws {
        tree = try TemporaryXDGTree()
        try tree.linkSystemMIMEDatabase()
        sample = try tree.write("files/sample.good", "good content\n")
        try writeMIMEData()
        try writeEntries()
        try writeLists()
    }

    /// The environment: the user's data, three broken MIME directories, the system's database.
    var variables: [String: String] {
        var variables = tree.variables(dataDirs: ["broken-xml", "broken-cache", "cache-dir", "mime-only"], desktop: "GNOME:KDE")
        variables["PATH"] = "/usr/bin:/bin"
        return variables
    }

    // MARK: - The MIME database

    static let good = """
        <?xml version="1.0" encoding="UTF-8"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="text/x-good">
            <comment>good</comment>
            <sub-class-of type="text/plain"/>
            <glob pattern="*.good"/>
          </mime-type>
        </mime-info>
        """

    private func writeMIMEData() throws {
        let packages = "broken-xml/mime/packages/"
        try tree.write(packages + "good.xml", Self.good)
        try brokenMIME(packages + "truncated.xml", line: true, String(Self.good.prefix(200)))
        try brokenMIME(packages + "garbage.xml", line: true, bytes: Self.garbage(4096, seed: 1))
        let halves = Self.good.components(separatedBy: "<comment>good</comment>")
        try brokenMIME(
            packages + "latin1.xml", line: true,
            bytes: Array((halves[0] + "<comment>caf").utf8) + [0xE9] + Array(("</comment>" + halves[1]).utf8))
        try brokenMIME(
            packages + "cycle.xml", line: true,
            """
            <?xml version="1.0"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-loop-a">
                <sub-class-of type="application/x-loop-b"/>
              </mime-type>
              <mime-type type="application/x-loop-b">
                <sub-class-of type="application/x-loop-a"/>
              </mime-type>
            </mime-info>
            """)
        // Sound, but hostile: a 2 GB magic range, and a comment on one line of 2 MB.
        try tree.write(
            packages + "far-magic.xml",
            """
            <?xml version="1.0"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-far">
                <comment>\(String(repeating: "long ", count: 400_000))</comment>
                <magic><match type="string" value="FARAWAY" offset="0:2147483000"/></magic>
              </mime-type>
            </mime-info>
            """)
        try tree.makeDirectory(packages + "directory.xml")
        brokenMIMEFiles[tree.path(packages + "directory.xml")] = false
        try FileManager.default.createSymbolicLink(
            atPath: tree.path(packages + "dangling.xml"), withDestinationPath: "nowhere.xml")
        brokenMIMEFiles[tree.path(packages + "dangling.xml")] = false
        try unreadable(packages + "unreadable.xml", Self.good.replacingOccurrences(of: "x-good", with: "x-secret"))

        // A cache of garbage, newer than its packages: read, rejected, and the XML read instead.
        try tree.write("broken-cache/mime/packages/good2.xml", Self.good.replacingOccurrences(of: "good", with: "good2"))
        try brokenMIME("broken-cache/mime/mime.cache", line: false, bytes: [0, 1, 0, 2] + Self.garbage(600, seed: 2))
        // A directory where the cache should be.
        try tree.write("cache-dir/mime/packages/good3.xml", Self.good.replacingOccurrences(of: "good", with: "good3"))
        try tree.makeDirectory("cache-dir/mime/mime.cache")
        brokenMIMEFiles[tree.path("cache-dir/mime/mime.cache")] = false
    }

    // MARK: - Desktop entries

    static func entry(_ name: String, types: String = "text/x-good;text/plain;", extra: String = "") -> String {
        "[Desktop Entry]\nType=Application\nName=\(name)\nExec=true %f\nMimeType=\(types)\n\(extra)"
    }

    private func writeEntries() throws {
        let applications = "data/applications/"
        try tree.write(applications + "good.desktop", Self.entry("Good"))
        try brokenEntry(applications + "truncated.desktop", line: false, String(Self.entry("Cut").prefix(12)))
        try brokenEntry(applications + "garbage.desktop", line: true, bytes: Self.garbage(2048, seed: 3))
        try brokenEntry(
            applications + "latin1.desktop", line: true,
            bytes: Array("[Desktop Entry]\nType=Application\nName=Caf".utf8) + [0xE9] + Array("\nExec=true %f\n".utf8))
        try brokenEntry(
            applications + "huge.desktop", line: false,
            Self.entry("Huge", extra: "Comment=" + String(repeating: "x", count: 5 << 20) + "\n"))
        try tree.makeDirectory(applications + "directory.desktop")
        brokenEntries[tree.path(applications + "directory.desktop")] = false
        try FileManager.default.createSymbolicLink(
            atPath: tree.path(applications + "dangling.desktop"),
            withDestinationPath: "nowhere.desktop")
        brokenEntries[tree.path(applications + "dangling.desktop")] = false
        try unreadable(applications + "unreadable.desktop", Self.entry("Unreadable"))
        // Sound, but hostile: a huge line, ten thousand types, an Exec that cannot be split.
        try tree.write(
            applications + "long-line.desktop",
            Self.entry("Long", extra: "Comment=" + String(repeating: "y", count: 1 << 20) + "\n"))
        try tree.write(
            applications + "many-types.desktop",
            Self.entry("Many", types: (0..<10_000).map { "application/x-many\($0);" }.joined() + "text/plain;"))
        try tree.write(
            applications + "bad-exec.desktop", Self.entry("Bad").replacingOccurrences(of: "Exec=true %f", with: "Exec=\"true %f"))
        try brokenList(applications + "mimeinfo.cache", line: true, bytes: Self.garbage(1024, seed: 4))
    }

    // MARK: - Lists

    private func writeLists() throws {
        // The user's list: sound lines among garbage, bytes that are not UTF-8, and a line of
        // fifty thousand IDs.
        var user = Array("[Default Applications]\ntext/plain=good.desktop;\n".utf8)
        user += Self.garbage(512, seed: 5).map { $0 == 0x5B ? 0x20 : $0 }  // no '[' starts a group by chance
        user += Array("\n[Added Associations]\ntext/x-good=".utf8)
        user += Array((0..<50_000).map { "missing\($0).desktop;" }.joined().utf8) + Array("good.desktop;\n".utf8)
        try brokenList("config/mimeapps.list", line: true, bytes: user)
        try brokenList("config/gnome-mimeapps.list", line: true, bytes: Self.garbage(4096, seed: 6))
        try tree.makeDirectory("config/kde-mimeapps.list")
        brokenLists[tree.path("config/kde-mimeapps.list")] = false
        try tree.makeDirectory("etc-xdg")
        try FileManager.default.createSymbolicLink(atPath: tree.path("etc-xdg/mimeapps.list"), withDestinationPath: "gone.list")
        brokenLists[tree.path("etc-xdg/mimeapps.list")] = false
        try unreadable("data/applications/mimeapps.list", "[Default Applications]\ntext/plain=good.desktop;\n")
        try brokenList(
            "data/applications/defaults.list", line: true,
            bytes: Array("[Default Applications]\ntext/plain=caf".utf8) + [0xE9] + Array(".desktop;\n".utf8))
    }

    // MARK: - Helpers

    private func brokenMIME(_ path: String, line: Bool, _ text: String) throws {
        try brokenMIME(path, line: line, bytes: Array(text.utf8))
    }

    private func brokenMIME(_ path: String, line: Bool, bytes: [UInt8]) throws {
        brokenMIMEFiles[try tree.write(path, bytes: bytes)] = line
    }

    private func brokenEntry(_ path: String, line: Bool, _ text: String) throws {
        try brokenEntry(path, line: line, bytes: Array(text.utf8))
    }

    private func brokenEntry(_ path: String, line: Bool, bytes: [UInt8]) throws {
        brokenEntries[try tree.write(path, bytes: bytes)] = line
    }

    private func brokenList(_ path: String, line: Bool, bytes: [UInt8]) throws {
        brokenLists[try tree.write(path, bytes: bytes)] = line
    }

    private func unreadable(_ path: String, _ text: String) throws {
        let full = try tree.write(path, text)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: full)
        unreadableFiles.append(full)
    }

    /// Bytes no reader can make sense of, the same on every run.
    static func garbage(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }
}
