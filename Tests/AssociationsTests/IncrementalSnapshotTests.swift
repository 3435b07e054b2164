import AssocTestSupport
import DesktopEntry
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

@testable import Associations

/// The incremental capture of the history's snapshot against the full one: random edits of the
/// lists at every level over a world of the Debian corpus's desktop entries, and after each
/// edit both snapshots (and the records inferred from them) must be equal.
@Suite(
    "the history's incremental snapshot equals the full capture",
    .enabled(if: Corpus.path("freedesktop-debian/applications") != nil, "needs ../shared/corpus"))
struct IncrementalSnapshotTests {
    @Test("random edits of lists at every level: the incremental snapshot equals the full capture each time")
    func randomEdits() throws {
        var random = SplitMix.forTest("IncrementalSnapshotTests.randomEdits", seed: 0x696e_6372_656d_656e)
        let (world, environment, applications) = try corpusWorld(random: &random)
        defer { withExtendedLifetime(world) {} }
        let database = MIMEDatabase(environment: environment)
        let pins = ["text/x-csrc"]
        var previous = DefaultsSnapshot.capture(
            environment: environment, database: database, time: 0, extraTypes: pins)
        var editor = ListEditor(
            tree: world.tree, applications: applications, declared: world.types, database: database, random: random)
        var incremental = 0
        var full = 0
        for step in 1...30 {
            let edits = editor.edit(count: 1 + Int(editor.random.next() % 3))
            let lists = DefaultsSnapshot.listFiles(environment)
            let reference = DefaultsSnapshot.capture(
                environment: environment, database: database, time: Int64(step), extraTypes: pins)
            guard
                let quick = DefaultsSnapshot.captureIncrementally(
                    from: previous, lists: lists, environment: environment, database: database, time: Int64(step),
                    extraTypes: pins)
            else {
                full += 1
                previous = reference
                continue
            }
            incremental += 1
            let differing = Set(quick.defaults.keys).union(reference.defaults.keys).filter {
                quick.defaults[$0] != reference.defaults[$0]
            }
            #expect(differing.isEmpty, "step \(step) after \(edits): \(differing.sorted().prefix(5))")
            let same = quick == reference
            #expect(same, "step \(step) after \(edits): the snapshots differ")
            let quickChanges = ChangeInference(old: previous, new: quick, database: database).changes()
            let referenceChanges = ChangeInference(old: previous, new: reference, database: database).changes()
            let sameRecords = quickChanges == referenceChanges
            #expect(
                sameRecords,
                "step \(step) after \(edits): records of \(quickChanges.map(\.type)), not \(referenceChanges.map(\.type))")
            previous = quick
        }
        print("IncrementalSnapshotTests.randomEdits: \(incremental) steps incremental, \(full) full")
        #expect(incremental >= 18, "most edits touch only key lines: \(incremental) incremental, \(full) full")
    }

    @Test("what a changed list tells: the keys of its changed lines, or nothing to go on")
    func lineChanges() {
        let base = ["# a list", "[Default Applications]", "text/plain=a.desktop;", "image/png=b.desktop;"]
        let rewritten = ListLineChange(old: base, new: base.map { $0 == "image/png=b.desktop;" ? "image/png=c.desktop;" : $0 })
        #expect(rewritten?.keys == ["image/png"])
        let spaced = ListLineChange(old: base, new: base + ["  text/html = c.desktop;", "", "# image/gif=c.desktop;"])
        #expect(spaced?.keys == ["  text/html ", "text/html"])
        #expect(spaced?.lines.count == 3)
        let group = ListLineChange(old: base, new: base + ["[Added Associations]", "image/gif=c.desktop;"])
        #expect(group?.keys == ["image/gif"], "a group added at the end")
        #expect(ListLineChange(old: base, new: base + [" [Added Associations]"]) == nil, "a header xdg-mime does not see")
        let split = base[..<3] + ["[Added Associations]"] + base[3...]
        #expect(ListLineChange(old: base, new: Array(split)) == nil, "a header that moves the lines below it")
        #expect(ListLineChange(old: base, new: ["[Added Associations]"] + base) == nil, "a header before the first")
        #expect(ListLineChange(old: base, new: ["text/html=c.desktop;"] + base) == nil, "a key before any group")
        #expect(ListLineChange(old: base, new: base + ["broken"]) == nil, "a line GLib refuses")
        #expect(ListLineChange(old: base, new: base + ["text/plain[de]=c.desktop;"]) == nil, "a localised key")
        #expect(ListLineChange(old: base, new: base + ["Encoding=latin1"]) == nil, "GLib's Encoding key")
        #expect(ListLineChange(old: base, new: base + ["image/*=c.desktop;"])?.keys == ["image/*"])
    }
}

/// The lists the edits change, relative to the tree: the user's, the session desktop's and
/// another desktop's, the system's configuration, the user's and the system's data directory's
/// (deprecated), and the legacy `defaults.list`.
private let editedLists = [
    "config/mimeapps.list", "config/gnome-mimeapps.list", "config/kde-mimeapps.list", "etc-xdg/mimeapps.list",
    "data/applications/mimeapps.list", "usr-share/applications/mimeapps.list", "usr-share/applications/defaults.list",
]

/// The groups of a `mimeapps.list`.
private let listGroups = [AssociationGroup.defaultApplications, .addedAssociations, .removedAssociations].map(\.rawValue)

/// A seeded choice of the corpus's entries in a `CorpusWorld` (the whole corpus would make each
/// full capture of a debug build take seconds), the session's desktop GNOME, and every edited
/// list written with its groups.
private func corpusWorld(random: inout SplitMix) throws -> (CorpusWorld, XDGEnvironment, applications: [String]) {
    let corpus = try requireCorpus("freedesktop-debian/applications")
    let names = try FileManager.default.subpathsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".desktop") }.sorted()
    var chosen = Set<String>()
    while chosen.count < min(60, names.count) { chosen.insert(names[Int(random.next() % UInt64(names.count))]) }
    let world = try CorpusWorld(mimeInfoCache: true, keeping: chosen.contains)
    for list in editedLists {
        let groups = list.hasSuffix("defaults.list") ? [listGroups[0]] : listGroups
        try world.tree.write(list, "# \(list)\n" + groups.map { "[\($0)]\n" }.joined())
    }
    let applications = chosen.map { $0.replacingOccurrences(of: "/", with: "-") }.sorted()
    return (world, XDGEnvironment(world.variables(desktop: "GNOME")), applications)
}

/// Random edits of the world's lists, as people and programs make them: lines added, removed,
/// rewritten and moved, in every group, with aliases, other spellings, subclasses, wildcards,
/// comments, blank lines, now and then a broken line or a group header.
private struct ListEditor {
    let tree: TemporaryXDGTree
    let applications: [String]
    var random: SplitMix
    /// The types edits name.
    let types: [String]

    init(tree: TemporaryXDGTree, applications: [String], declared: [String], database: MIMEDatabase, random: SplitMix) {
        self.tree = tree
        self.applications = applications
        self.random = random
        var types = Array(declared.prefix(40))
        // Aliases and other spellings of declared types, types below them, wildcards, and types
        // whose dots xdg-mime's search takes for any character.
        for type in declared.prefix(60) {
            types += database.aliases(of: type).prefix(1)
        }
        types += declared.prefix(5).map { $0.uppercased() }
        let parents = Set(declared)
        types += database.allTypes.filter { type in
            (database.explicitParents(of: type) ?? []).contains(where: parents.contains) && !parents.contains(type)
        }.prefix(25)
        types += [
            "text/plain", "text/x-csrc", "image/*", "audio/*", "application/vnd.ms-excel", "application/vndXms-excel",
            "x-scheme-handler/http", "application/x-unknown-to-all",
        ]
        self.types = types
    }

    private mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    /// A value: one to three installed IDs, now and then one that is not installed.
    private mutating func value() -> String {
        var ids: [String] = []
        for _ in 0...(random.next() % 3) { ids.append(chance(10) ? "missing.desktop" : pick(applications)) }
        return ids.joined(separator: ";") + (chance(80) ? ";" : "")
    }

    /// Makes `count` edits, each to a random list, and writes the lists; what was done, in words.
    mutating func edit(count: Int) -> [String] {
        var done: [String] = []
        for _ in 0..<count {
            let list = pick(editedLists)
            var lines =
                (try? String(contentsOfFile: tree.path(list), encoding: .utf8))?
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
            if lines.last == "" { lines.removeLast() }
            let entries = lines.indices.filter { lines[$0].contains("=") && !lines[$0].hasPrefix("#") }
            let headers = lines.indices.filter { lines[$0].hasPrefix("[") }
            let roll = random.next() % 100
            switch roll {
            case 0..<40:
                let line = (chance(10) ? "  " : "") + pick(types) + (chance(10) ? " = " : "=") + value()
                let at = headers.isEmpty ? lines.count : pick(headers) + 1 + Int(random.next() % 3)
                lines.insert(line, at: min(at, lines.count))
                done.append("added '\(line)' to \(list)")
            case 40..<58 where !entries.isEmpty:
                let at = pick(entries)
                done.append("removed '\(lines[at])' from \(list)")
                lines.remove(at: at)
            case 58..<76 where !entries.isEmpty:
                let at = pick(entries)
                let key = lines[at].split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                lines[at] = key + "=" + value()
                done.append("rewrote '\(lines[at])' in \(list)")
            case 76..<86:
                let line = chance(50) ? "# " + pick(types) + "=" + value() : ""
                lines.insert(line, at: Int(random.next() % UInt64(lines.count + 1)))
                done.append("added the comment or blank line '\(line)' to \(list)")
            case 86..<90 where entries.count > 1:
                let from = pick(entries)
                let line = lines.remove(at: from)
                lines.insert(line, at: Int(random.next() % UInt64(lines.count + 1)))
                done.append("moved '\(line)' in \(list)")
            case 90..<94:
                let line = chance(50) ? "not a key file line" : "[\(pick(listGroups))]"
                lines.insert(line, at: Int(random.next() % UInt64(lines.count + 1)))
                done.append("added '\(line)' to \(list)")
            case 94..<97 where !headers.isEmpty:
                let at = pick(headers)
                done.append("removed the header '\(lines[at])' from \(list)")
                lines.remove(at: at)
            default:
                let broken = lines.indices.filter { !lines[$0].contains("=") && !lines[$0].hasPrefix("#") && !lines[$0].isEmpty }
                    .filter { !lines[$0].hasPrefix("[") }
                if let at = broken.first {
                    done.append("removed the broken line '\(lines[at])' from \(list)")
                    lines.remove(at: at)
                } else {
                    done.append("left \(list) alone")
                }
            }
            _ = try? tree.write(list, lines.joined(separator: "\n") + "\n")
        }
        return done
    }
}
