import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// `CanonicalSpellings` answers exactly `canonicalName(name) == type`, without canonicalising names
/// that cannot be spellings of the type.
@Suite("the spellings of a type")
struct CanonicalSpellingsTests {
    /// Every name of the database, with its alias and case variants.
    static func names(_ database: MIMEDatabase) -> [String] {
        let plain = database.allTypes + database.aliasTable.keys.sorted()
        return plain + plain.map { $0.uppercased() } + plain.map(Self.titleCased)
    }

    /// `mayBeKey(atStartOf:)` of a line's text.
    static func mayBeKey(_ spellings: CanonicalSpellings, _ line: String) -> Bool {
        Array(line.utf8).withUnsafeBufferPointer(spellings.mayBeKey(atStartOf:))
    }

    static func titleCased(_ name: String) -> String {
        name.split(separator: "/", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: "/")
    }

    @Test(
        "every name, alias and case variant of the real database is a spelling of its canonical type only",
        .enabled(if: hasSystemFiles), arguments: HierarchyTests.sources)
    func realDatabase(source: DatabaseSource) throws {
        let database = MIMEDatabase(mimeDirectories: [systemMIME], source: source)
        let names = Self.names(database)
        #expect(names.count > 3000)
        let types = database.allTypes
        var spellings: [String: CanonicalSpellings] = [:]
        func spellingsOf(_ type: String) -> CanonicalSpellings {
            if let known = spellings[type] { return known }
            let made = CanonicalSpellings(of: type, in: database)
            spellings[type] = made
            return made
        }
        for (position, name) in names.enumerated() {
            let canonical = database.canonicalName(name)
            #expect(spellingsOf(canonical).contains(name), "\(name) is a spelling of \(canonical)")
            #expect(Self.mayBeKey(spellingsOf(canonical), name + "=x.desktop;"), "\(name)= is not ruled out")
            // A neighbour in sorted order shares most of its letters; a parent is related.
            let neighbour = types[position % types.count]
            let others = [neighbour] + database.parents(of: canonical) + [name]
            for other in others where other != canonical {
                #expect(!spellingsOf(other).contains(name), "\(name) is not a spelling of \(other)")
            }
        }
    }

    @Test("a hostile database: aliases that differ in case, a name beyond ASCII, an unknown type")
    func hostileDatabase() throws {
        let tree = try TemporaryXDGTree()
        let package = """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-kword"><alias type="application/x-KW"/></mime-type>
              <mime-type type="text/x-first"><alias type="text/x-shared"/></mime-type>
              <mime-type type="text/x-second"><alias type="TEXT/X-SHARED"/></mime-type>
            </mime-info>
            """
        let mime = try tree.installMIMEPackages([try tree.write("hostile.xml", package)], compile: true)
        for source in HierarchyTests.sources {
            let database = MIMEDatabase(mimeDirectories: [mime], source: source)
            let names = [
                "application/x-kword", "APPLICATION/X-KWORD", "application/x-\u{212A}word", "application/x-kw",
                "application/x-KW", "text/x-shared", "TEXT/X-SHARED", "Text/X-Shared", "text/x-first", "text/x-second",
                "x-scheme-handler/https", "X-Scheme-Handler/HTTPS", "", "application/x-kwor", "application/x-kwordd",
            ]
            let types = ["application/x-kword", "text/x-first", "text/x-second", "x-scheme-handler/https", "application/x-KW"]
            for type in types {
                let spellings = CanonicalSpellings(of: type, in: database)
                for name in names {
                    #expect(
                        spellings.contains(name) == (database.canonicalName(name) == type),
                        "\(source): \(name) as a spelling of \(type)")
                }
            }
            // The Kelvin sign folds to 'k': found only because names beyond ASCII are canonicalised.
            #expect(CanonicalSpellings(of: "application/x-kword", in: database).contains("application/x-\u{212A}word"))
            // A line's first bytes never rule out a key that is a spelling, however it ends.
            for type in types {
                let spellings = CanonicalSpellings(of: type, in: database)
                for name in names where spellings.contains(name) {
                    for ending in ["=x.desktop;", " =x", "\t= x", "[fr]=x", "=", " "] {
                        #expect(Self.mayBeKey(spellings, name + ending), "\(name + ending) for \(type)")
                    }
                }
            }
            let kword = CanonicalSpellings(of: "application/x-kword", in: database)
            for line in ["application/x-kwordd=x", "application/x-kwor=x", "application/x-kwore=x", "text/plain=x"] {
                #expect(!Self.mayBeKey(kword, line), "\(line) is ruled out")
            }
            #expect(Self.mayBeKey(kword, "application/x-\u{212A}word=x"), "a name beyond ASCII is not ruled out")
        }
    }
}
