import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Synchronization
import Testing
import XDGSupport

/// How many random worlds a differential test builds: `ASSOC_DIFF_WORLDS` when set (the longer
/// run: `ASSOC_DIFF_WORLDS=2000 swift test --filter Differential`), else `ciWorlds`.
func differentialWorldCount(ciWorlds: Int) -> Int {
    ProcessInfo.processInfo.environment["ASSOC_DIFF_WORLDS"].flatMap(Int.init) ?? ciWorlds
}

/// Runs `body` for the seed of each world, on every core, and collects the differences it
/// returns; a world that cannot be built counts as a difference.
func differences(inWorlds count: Int, _ body: @Sendable (UInt64) throws -> [String]) -> [String] {
    let found = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: count) { index in
        let seed = UInt64(index) &* 7919 &+ 17
        let result: [String]
        do {
            result = try body(seed)
        } catch {
            result = ["seed \(seed): the world could not be built: \(error)"]
        }
        found.withLock { $0 += result }
    }
    return found.withLock { $0 }
}

@Suite(
    "assoc --as gio agrees with the real gio mime in random worlds",
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
