import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

/// What `gio mime TYPE` prints: the default, the registered and the recommended applications.
struct GIOAnswer: Equatable {
    var defaultApplication: String?
    var registered: [String]
    var recommended: [String]

    init(defaultApplication: String?, registered: [String], recommended: [String]) {
        self.defaultApplication = defaultApplication
        self.registered = registered
        self.recommended = recommended
    }

    init(gioOutput: String) {
        var current: WritableKeyPath<GIOAnswer, [String]>?
        self.init(defaultApplication: nil, registered: [], recommended: [])
        for line in gioOutput.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Default application for"), let colon = line.range(of: ": ", options: .backwards) {
                defaultApplication = String(line[colon.upperBound...])
            } else if line.hasPrefix("Registered applications") {
                current = \.registered
            } else if line.hasPrefix("Recommended applications") {
                current = \.recommended
            } else if line.hasPrefix("No ") {
                current = nil
            } else if line.hasPrefix("\t"), let current {
                self[keyPath: current].append(line.trimmingCharacters(in: .whitespaces))
            }
        }
    }
}

@Suite("assoc apps --as gio agrees with gio mime on the Debian corpus", .enabled(if: hasGIO && canBuildWorld))
struct GIOAgreementTests {
    static let desktops = ["", "GNOME", "KDE", "X-Cinnamon"]

    @Test("default, registered and recommended applications for every type the entries name")
    func everyType() throws {
        try compareEveryType(mimeInfoCache: false)
    }

    @Test(
        "default, registered and recommended applications for every type the entries name, with mimeinfo.cache files",
        .enabled(if: Corpus.program("update-desktop-database") != nil, "update-desktop-database is not installed"))
    func everyTypeWithMimeInfoCache() throws {
        try compareEveryType(mimeInfoCache: true)
    }

    /// Asks assoc (`--as gio`) and `gio mime` about every type of the corpus world, on each desktop.
    private func compareEveryType(mimeInfoCache: Bool) throws {
        let world = try CorpusWorld(mimeInfoCache: mimeInfoCache)
        #expect(world.types.count > 500)
        let gio = try requireProgram("gio")
        for desktop in Self.desktops {
            let variables = world.variables(desktop: desktop)
            let environment = XDGEnvironment(variables)
            let resolver = AssociationResolver(environment: environment, database: MIMEDatabase(environment: environment))
            var differences: [String] = []
            for type in world.types {
                let ours = resolver.resolve(type, mode: .gio)
                let mine = GIOAnswer(
                    defaultApplication: ours.defaultApplication,
                    registered: ours.recommended + ours.fallback, recommended: ours.recommended)
                let theirs = GIOAnswer(
                    gioOutput: try ProcessRunner.run(gio, ["mime", type], environment: variables).standardOutput)
                if mine != theirs { differences.append("\(type): assoc \(mine), gio \(theirs)") }
            }
            #expect(differences.isEmpty, "desktop '\(desktop)': \(differences.count) differences: \(differences.prefix(5))")
        }
    }

    @Test("--as spec differs from --as gio only by a named rule", .enabled(if: Corpus.program("update-desktop-database") != nil))
    func specDifferences() throws {
        let world = try CorpusWorld(mimeInfoCache: true)
        var counts: [String: Int] = [:]
        for desktop in Self.desktops {
            let environment = XDGEnvironment(world.variables(desktop: desktop))
            let resolver = AssociationResolver(environment: environment, database: MIMEDatabase(environment: environment))
            for type in world.types {
                let difference = ResolutionDifference(
                    spec: resolver.resolve(type, mode: .spec),
                    gio: resolver.resolve(type, mode: .gio))
                switch difference {
                case .none: continue
                case .associationCheck: counts["association check", default: 0] += 1
                case .parentRule: counts["parent rule", default: 0] += 1
                case .caseFolding: counts["case folding", default: 0] += 1
                case .listIgnored, .mimeInfoCacheOnly, .removalNotApplied, .loadingRules, .valueIgnored, .lastLineOfKey,
                    .mimeInfoCacheGroups, .idSpacing, .cacheNamesAbsentEntry, .removalMasked:
                    counts["GIO's reading", default: 0] += 1
                case .mergeOrder: Issue.record("\(desktop) \(type): a difference no rule explains")
                case .xdgTypeAsGiven, .xdgFirstID, .xdgLegacyFile, .xdgEntryScan, .xdgDefaultsOnly:
                    Issue.record("\(desktop) \(type): an xdg-open reason for a GIO difference")
                }
            }
        }
        #expect((counts["association check"] ?? 0) > 0, "the corpus has defaults without associations: \(counts)")
    }
}
