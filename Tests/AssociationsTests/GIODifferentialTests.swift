import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Synchronization
import Testing
import XDGSupport

@Suite(
    "assoc --as gio agrees with the real gio mime in random worlds, and explain names each difference",
    .enabled(if: Corpus.program("gio") != nil))
struct GIODifferentialTests {
    static let desktops = ["", "GNOME", "KDE", "GNOME:KDE"]

    @Test("default, registered and recommended applications of every type, in every world")
    func randomWorlds() throws {
        let gio = try #require(Corpus.program("gio"))
        let worlds = differentialWorldCount(ciWorlds: 150)
        let queries = Mutex(0)
        let differences = differences(inWorlds: worlds) { seed in
            let world = try RandomWorld(seed: seed)
            let desktop = Self.desktops[Int(seed % UInt64(Self.desktops.count))]
            let variables = world.variables(desktop: desktop)
            let environment = XDGEnvironment(variables)
            let resolver = AssociationResolver(
                environment: environment, database: MIMEDatabase(environment: environment))
            var differences: [String] = []
            for type in RandomWorld.types {
                let ours = resolver.resolve(type, mode: .gio)
                let mine = GIOAnswer(
                    defaultApplication: ours.defaultApplication,
                    registered: ours.recommended + ours.fallback, recommended: ours.recommended)
                let output = try ProcessRunner.run(gio, ["mime", type], environment: variables).standardOutput
                let theirs = GIOAnswer(gioOutput: output)
                if ResolutionDifference(spec: resolver.resolve(type, mode: .spec), gio: ours) == .mergeOrder {
                    differences.append(
                        "seed \(seed) desktop '\(desktop)' \(type): explain names no reason for GIO's answer")
                }
                if mine != theirs {
                    differences.append(
                        "seed \(seed) desktop '\(desktop)' \(type): assoc \(mine), gio \(theirs)")
                }
            }
            queries.withLock { $0 += RandomWorld.types.count }
            return differences
        }
        let count = queries.withLock { $0 }
        #expect(count >= worlds * RandomWorld.types.count)
        #expect(
            differences.isEmpty,
            "\(differences.count) differences in \(count) queries: \(differences.prefix(8))")
    }
}
