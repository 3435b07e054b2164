import AssocTestSupport
import Associations
import Foundation
import Testing

@Suite(
    "assoc --as gio agrees with the real gio mime in random worlds, and explain names each difference",
    .enabled(if: Corpus.program("gio") != nil))
struct GIODifferentialTests {
    static let desktops: [String?] = ["", "GNOME", "KDE", "GNOME:KDE"]

    @Test("default, registered and recommended applications of every type, in every world")
    func randomWorlds() throws {
        let gio = try #require(Corpus.program("gio"))
        let worlds = differentialWorldCount(ciWorlds: 150)
        let run = differentialRun(worlds: worlds, desktops: Self.desktops) { resolver, type, variables in
            let ours = resolver.resolve(type, mode: .gio)
            let mine = GIOAnswer(
                defaultApplication: ours.defaultApplication,
                registered: ours.recommended + ours.fallback, recommended: ours.recommended)
            let output = try ProcessRunner.run(gio, ["mime", type], environment: variables).standardOutput
            let theirs = GIOAnswer(gioOutput: output)
            var found: [String] = []
            if ResolutionDifference(spec: resolver.resolve(type, mode: .spec), gio: ours) == .mergeOrder {
                found.append("explain names no reason for GIO's answer")
            }
            if mine != theirs { found.append("assoc \(mine), gio \(theirs)") }
            return found
        }
        #expect(run.queries == worlds * RandomWorld.types.count)
        #expect(
            run.differences.isEmpty,
            "\(run.differences.count) differences in \(run.queries) queries: \(run.differences.prefix(8))")
    }
}
